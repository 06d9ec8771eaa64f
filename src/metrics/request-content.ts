/**
 * @module metrics/request-content — what the requests carried, per request: images, audio seconds,
 * videos and body bytes (record/request-fields, written after the run from each body sent), and the
 * input tokens the server counted beside the client tokenizer's count of the same prompts' text.
 *
 * Over every sent request (each plan entry's last attempt), failures included: their bytes went out
 * too. Per-request figures are totals over those requests; request bytes are a spread (exact lower
 * percentiles, as everywhere). The token comparison is over successful requests whose server reported
 * usage: its count includes the images' and audio's tokens and the chat template's, the tokenizer's
 * only the text's, so the difference is what the media (and the framing) cost in the server's tokens.
 * Null for a run recorded before these columns existed.
 */
import type { Database } from "bun:sqlite";
import { z } from "zod";
import type { PhaseColumns } from "./phase-columns.ts";
import { lowerPercentile, sortedFinite } from "./percentiles.ts";

const count = z.number().int().min(0);
/** The server's input tokens beside the tokenizer's, over the successful requests whose server reported usage. */
const InputTokenComparisonSchema = z.strictObject({
  /** Successful requests whose server reported usage. */
  requests: z.number().int().min(1),
  /** Mean usage prompt tokens: text, media and template. */
  server_mean: z.number(),
  /** Mean tokens of the same prompts' text by `--tokenizer`; null without one. */
  tokenizer_mean: z.number().nullable(),
});
type InputTokenComparison = z.infer<typeof InputTokenComparisonSchema>;

/** result_summary.json's `request_content` block: its shape, declared once. */
export const RequestContentSummarySchema = z.strictObject({
  /** Sent requests whose body is known. */
  requests: z.number().int().min(1),
  images: count,
  images_per_request: z.number().min(0),
  videos: count,
  videos_per_request: z.number().min(0),
  /** Seconds of audio sent, over the requests whose audio length is known. */
  audio_seconds: z.number().min(0),
  audio_seconds_per_request: z.number().min(0).nullable(),
  /** Requests carrying audio whose length could not be read (not in the audio figures). */
  audio_unmeasured: count,
  /** Request body bytes (UTF-8 JSON). */
  request_bytes: z.strictObject({ mean: z.number(), p50: z.number(), p99: z.number(), max: z.number() }),
  input_tokens: InputTokenComparisonSchema.nullable(),
});
export type RequestContentSummary = z.infer<typeof RequestContentSummarySchema>;

const NS_PER_S = 1e9;

/** The summary over the sent requests that have a body size; null when none has (older files). */
export function summarizeRequestContent(
  cols: Pick<PhaseColumns, "count" | "sentNs" | "images" | "videos" | "audioNs" | "requestBytes">,
  inputTokens: InputTokenComparison | null,
): RequestContentSummary | null {
  const bytes: number[] = [];
  let [images, videos, audioNs, audioRequests, unmeasured] = [0, 0, 0, 0, 0];
  for (let i = 0; i < cols.count; i++) {
    if (!Number.isFinite(cols.sentNs[i] as number) || !Number.isFinite(cols.requestBytes[i] as number)) continue;
    bytes.push(cols.requestBytes[i] as number);
    images += cols.images[i] as number;
    videos += cols.videos[i] as number;
    const audio = cols.audioNs[i] as number;
    if (Number.isFinite(audio)) {
      audioNs += audio;
      audioRequests++;
    } else unmeasured++;
  }
  if (bytes.length === 0) return null;
  const sorted = sortedFinite(Float64Array.from(bytes));
  const requests = bytes.length;
  return {
    requests,
    images,
    images_per_request: images / requests,
    videos,
    videos_per_request: videos / requests,
    audio_seconds: audioNs / NS_PER_S,
    audio_seconds_per_request: audioRequests === 0 ? null : audioNs / NS_PER_S / audioRequests,
    audio_unmeasured: unmeasured,
    request_bytes: {
      mean: bytes.reduce((a, b) => a + b, 0) / requests,
      p50: lowerPercentile(sorted, 50),
      p99: lowerPercentile(sorted, 99),
      max: sorted[sorted.length - 1] as number,
    },
    input_tokens: inputTokens,
  };
}

/** The server's and the tokenizer's input tokens over the same successful requests; null when no server counted. */
export function readInputTokenComparison(db: Database, phase: string): InputTokenComparison | null {
  const row = db
    .query(
      `SELECT COUNT(*) AS n, AVG(input_tokens) AS server, AVG(tokenizer_input_tokens) AS tokenizer,
        COUNT(tokenizer_input_tokens) AS counted FROM requests
        WHERE phase = ? AND error_kind IS NULL AND token_source = 'server_usage' AND input_tokens IS NOT NULL`,
    )
    .get(phase) as { n: number; server: number | null; tokenizer: number | null; counted: number };
  if (row.n === 0 || row.server === null) return null;
  return {
    requests: row.n,
    server_mean: row.server,
    tokenizer_mean: row.counted === row.n ? row.tokenizer : null,
  };
}
