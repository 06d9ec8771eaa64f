/**
 * @module report/request-content-text — what the requests carried, in report.txt and on the console
 * (metrics/request-content): images, audio seconds and videos per request, the body's size, and the
 * input tokens the server counted beside the tokenizer's count of the text.
 */
import type { RequestContentSummary } from "../metrics/request-content.ts";
import { fixed2 } from "./text-format.ts";

const KIB = 1024;

/** Bytes as B, KiB or MiB with 2 decimals. */
export function bytesText(bytes: number): string {
  if (bytes < KIB) return `${Math.round(bytes)} B`;
  return bytes < KIB * KIB ? `${fixed2(bytes / KIB)} KiB` : `${fixed2(bytes / KIB / KIB)} MiB`;
}

/** True when any request carried an image, audio or a video. */
export function carriedMedia(c: RequestContentSummary): boolean {
  return c.images > 0 || c.videos > 0 || c.audio_seconds > 0 || c.audio_unmeasured > 0;
}

/** The section's lines; images, audio and video only where some request carried them. */
export function requestContentLines(c: RequestContentSummary): string[] {
  const lines = [`Request content (${c.requests} sent requests):`];
  if (c.images > 0) lines.push(`  images: ${fixed2(c.images_per_request)} per request (${c.images} in all)`);
  if (c.audio_seconds > 0 || c.audio_unmeasured > 0) {
    const unmeasured =
      c.audio_unmeasured > 0 ? `; ${c.audio_unmeasured} requests' audio of unknown length left out` : "";
    lines.push(
      `  audio: ${fixed2(c.audio_seconds_per_request)} s per request (${fixed2(c.audio_seconds)} s in all${unmeasured})`,
    );
  }
  if (c.videos > 0) lines.push(`  videos: ${fixed2(c.videos_per_request)} per request (${c.videos} in all)`);
  const b = c.request_bytes;
  lines.push(
    `  request body: mean ${bytesText(b.mean)}, p50 ${bytesText(b.p50)}, p99 ${bytesText(b.p99)}, max ${bytesText(b.max)}`,
  );
  const t = c.input_tokens;
  if (t) {
    const tokenizer =
      t.tokenizer_mean === null ? "" : `; the tokenizer's count of their text: ${fixed2(t.tokenizer_mean)}`;
    lines.push(
      `  input tokens per request, server usage (media and chat template included): ${fixed2(t.server_mean)}${tokenizer} (${t.requests} requests)`,
    );
  }
  return lines;
}
