/**
 * @module report/html/request-content-table — report.html's section on what the requests carried
 * (metrics/request-content): images, audio and videos per request, body size, and the input tokens
 * the server counted beside the tokenizer's count of the text.
 */
import type { RequestContentSummary } from "../../metrics/request-content.ts";
import { bytesText } from "../request-content-text.ts";
import { fixed2 } from "../text-format.ts";

const row = (label: string, perRequest: string, total: string) =>
  `<tr><td>${label}</td><td>${perRequest}</td><td>${total}</td></tr>`;

/** The section, or nothing for a run recorded before bodies were counted. */
export function renderRequestContentTable(c: RequestContentSummary | undefined): string {
  if (!c) return "";
  const b = c.request_bytes;
  const t = c.input_tokens;
  const audio = c.audio_seconds > 0 || c.audio_unmeasured > 0;
  const tokens = t
    ? row("input tokens, server usage (media and template included)", fixed2(t.server_mean), `${t.requests} requests`) +
      (t.tokenizer_mean === null
        ? ""
        : row("input tokens, the tokenizer's count of the text", fixed2(t.tokenizer_mean), ""))
    : "";
  return (
    `<section id="request-content"><h2>What the requests carried</h2><p class="note">${c.requests} sent requests, ` +
    "failures included; request bytes are the JSON body's.</p>" +
    "<table><tr><th></th><th>per request</th><th>in all</th></tr>" +
    row("images", fixed2(c.images_per_request), String(c.images)) +
    (audio
      ? row(
          "audio seconds",
          fixed2(c.audio_seconds_per_request),
          `${fixed2(c.audio_seconds)}${c.audio_unmeasured > 0 ? ` (${c.audio_unmeasured} of unknown length left out)` : ""}`,
        )
      : "") +
    (c.videos > 0 ? row("videos", fixed2(c.videos_per_request), String(c.videos)) : "") +
    row("request body (mean)", bytesText(b.mean), "") +
    row("request body p50 / p99 / max", `${bytesText(b.p50)} / ${bytesText(b.p99)}`, bytesText(b.max)) +
    tokens +
    "</table></section>"
  );
}
