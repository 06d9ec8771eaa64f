/**
 * @module metrics/metric-names — the one place each reported metric is named, given its unit and defined.
 *
 * Every timestamp below is a per-request field of record/request-record.ts (integer ns since the
 * run's T0 on one monotonic clock). docs/metrics.md's metric table is generated from `METRICS`
 * (scripts/make-metric-docs.ts); report.txt, the console summary and report.html take their labels
 * and units from here (`metricNamed`, `displayUnitOf`).
 */

import type { MetricDefinition } from "./metric-definition.ts";
import { ANSWER_TOKENS, REASONING_TOKENS, TPOT_ANSWER, TTFO } from "./reasoning-metric-names.ts";

const TTFT: MetricDefinition = {
  name: "ttft",
  label: "TTFT",
  unit: "ns",
  definition:
    "Time to first token: the first content, reasoning or tool-call delta − sent (streaming, successful requests).",
};

const TTFB: MetricDefinition = {
  name: "ttfb",
  label: "TTFB",
  unit: "ns",
  definition: "Time to first byte: response headers arrived − sent (successful requests).",
};

const LATENCY: MetricDefinition = {
  name: "latency",
  label: "Latency",
  unit: "ns",
  definition:
    "End-to-end latency: done − sent, done being the `[DONE]` event, else the last finish or " +
    "usage event, else the body's end (successful requests only; a fast error must not look " +
    "fast).",
};

const SCHEDULED_LATENCY: MetricDefinition = {
  name: "scheduled_latency",
  label: "Scheduled latency",
  unit: "ns",
  definition:
    "Latency from the planned send time: done − scheduled (all completed requests, failures " +
    "included, not those the run cancelled; free of coordinated omission).",
};

const SCHEDULE_LAG: MetricDefinition = {
  name: "schedule_lag",
  label: "Schedule lag",
  unit: "ns",
  definition: "How late the load generator sent: sent − scheduled (all sent requests).",
};

const TPOT: MetricDefinition = {
  name: "tpot",
  label: "TPOT",
  unit: "ns/token",
  definition:
    "Time per output token after the first chunk, as mlcommons/endpoints: (done − first chunk) / the tokens " +
    "after the first chunk (the tokenizer's count of that text; else per-chunk usage, else the final usage " +
    "shared by text length, else one per chunk); successful streams with ≥ 1 token after their first chunk.",
};

const ITL: MetricDefinition = {
  name: "itl",
  label: "ITL",
  unit: "ns",
  definition:
    "Inter-token latency: gaps between token arrivals after the first token; a chunk of k " +
    "streamed tokens after gap g gives k gaps of g/k, and a chunk with no text that usage " +
    "counts as a token (vLLM's half of a character, an EOS finish chunk) is a token of its own " +
    "(see Tokens).",
};

const ISL: MetricDefinition = {
  name: "input_sequence_lengths",
  label: "Input sequence lengths",
  unit: "tokens",
  definition: "Prompt length in tokens (server usage, else tokenizer) of successful requests.",
};

const OSL: MetricDefinition = {
  name: "output_sequence_lengths",
  label: "Output sequence lengths",
  unit: "tokens",
  definition: "Output length in tokens (server usage, else tokenizer, else chunk count) of successful requests.",
};

const QPS: MetricDefinition = {
  name: "qps",
  label: "QPS",
  unit: "requests/s",
  definition: "Successful requests / duration; Poisson runs with legacy QPS report (completed − 1) / LoadGen window.",
};

const TPS: MetricDefinition = {
  name: "tps",
  label: "TPS",
  unit: "tokens/s",
  definition: "Output tokens of successful requests / duration (or / LoadGen window, like QPS).",
};

const QPS_NATIVE: MetricDefinition = {
  name: "qps_native",
  label: "QPS (native)",
  unit: "requests/s",
  definition: "Successful requests / duration, whatever the load pattern.",
};

const TPS_NATIVE: MetricDefinition = {
  name: "tps_native",
  label: "TPS (native)",
  unit: "tokens/s",
  definition: "Output tokens of successful requests / duration, whatever the load pattern.",
};

const SCHEDULED_QPS: MetricDefinition = {
  name: "scheduled_qps",
  label: "Scheduled QPS",
  unit: "requests/s",
  definition:
    "The rate the schedule itself offered: (requests − 1) / (last − first scheduled instant); " +
    "a Poisson draw of n arrivals is the target ± about 1/√n, the same draw for every run of " +
    "one seed. Null for concurrency, max throughput and agentic runs.",
};

const OUTPUT_TPS_PER_GPU: MetricDefinition = {
  name: "output_tps_per_gpu",
  label: "Output TPS per GPU",
  unit: "tokens/s",
  definition:
    "`tps` ÷ `--gpus`, the GPUs serving the endpoint (InferenceMAX's throughput per GPU); null without `--gpus`.",
};

const INTERACTIVITY: MetricDefinition = {
  name: "interactivity",
  label: "Interactivity",
  unit: "tokens/s",
  definition:
    "Tokens per second one user sees: 1000 ÷ TPOT p50 in ms (InferenceMAX's interactivity, tok/s/user); null without TPOT.",
};

const INPUTS_PER_SECOND: MetricDefinition = {
  name: "inputs.inputs_per_second",
  label: "Inputs/s",
  unit: "inputs/s",
  definition:
    "Embeddings and rerank only: texts embedded (vectors returned) or documents scored by successful " +
    "requests / duration; TPS's place for APIs that generate nothing.",
};

const INPUT_TOKENS_PER_SECOND: MetricDefinition = {
  name: "inputs.input_tokens_per_second",
  label: "Input tokens/s",
  unit: "tokens/s",
  definition:
    "Embeddings and rerank only: input tokens of successful requests (usage `prompt_tokens`, else `total_tokens`, else the tokenizer's count) / duration.",
};

const IMAGES_PER_REQUEST: MetricDefinition = {
  name: "request_content.images_per_request",
  label: "Images per request",
  unit: "images",
  definition:
    "Image parts in the bodies sent (`image_url`, `input_image`, Anthropic `image`), over every sent request, " +
    "failures included; `images` is the total.",
};

const AUDIO_SECONDS_PER_REQUEST: MetricDefinition = {
  name: "request_content.audio_seconds_per_request",
  label: "Audio seconds per request",
  unit: "s",
  definition:
    "Seconds of audio in the bodies sent (`input_audio` data, its WAV, MP3 or FLAC headers read), over the sent " +
    "requests whose audio length is known; `audio_unmeasured` counts the others.",
};

const VIDEOS_PER_REQUEST: MetricDefinition = {
  name: "request_content.videos_per_request",
  label: "Videos per request",
  unit: "videos",
  definition: "Video parts (`video_url`) in the bodies sent, over every sent request.",
};

const REQUEST_BYTES: MetricDefinition = {
  name: "request_content.request_bytes",
  label: "Request body size",
  unit: "bytes",
  definition:
    "The JSON body's UTF-8 bytes, every sent request's: `mean`, `p50`, `p99`, `max` (media travel inside it as base64).",
};

const INPUT_TOKENS_SERVER: MetricDefinition = {
  name: "request_content.input_tokens.server_mean",
  label: "Input tokens (server usage)",
  unit: "tokens",
  definition:
    "Mean usage prompt tokens of the successful requests whose server reported usage: text, image and audio tokens " +
    "and the chat template together.",
};

const INPUT_TOKENS_TOKENIZER: MetricDefinition = {
  name: "request_content.input_tokens.tokenizer_mean",
  label: "Input tokens (tokenizer, text)",
  unit: "tokens",
  definition:
    "The same requests' prompt text counted by `--tokenizer` (no media, no template): beside `server_mean`, the " +
    "difference is what the media and the framing cost; null without a tokenizer.",
};

const DURATION: MetricDefinition = {
  name: "duration_ns",
  label: "Duration",
  unit: "ns",
  definition: "Last completion of the phase − start of the performance window.",
};

/** Every metric, in the order the README lists them. */
export const METRICS: readonly MetricDefinition[] = [
  TTFT,
  TTFO,
  TTFB,
  TPOT,
  TPOT_ANSWER,
  ITL,
  LATENCY,
  SCHEDULE_LAG,
  SCHEDULED_LATENCY,
  ISL,
  OSL,
  REASONING_TOKENS,
  ANSWER_TOKENS,
  DURATION,
  QPS,
  TPS,
  QPS_NATIVE,
  TPS_NATIVE,
  SCHEDULED_QPS,
  OUTPUT_TPS_PER_GPU,
  INTERACTIVITY,
  INPUTS_PER_SECOND,
  INPUT_TOKENS_PER_SECOND,
  IMAGES_PER_REQUEST,
  AUDIO_SECONDS_PER_REQUEST,
  VIDEOS_PER_REQUEST,
  REQUEST_BYTES,
  INPUT_TOKENS_SERVER,
  INPUT_TOKENS_TOKENIZER,
];

/** The unit reports show a metric in: times in ms (JSON keeps ns), counts and rates as they are. */
export function displayUnitOf(metric: MetricDefinition): string {
  if (metric.unit === "ns") return "ms";
  if (metric.unit === "ns/token") return "ms/token";
  return metric.unit;
}

const BY_NAME = new Map(METRICS.map((m) => [m.name, m]));

/** The metric with result_summary.json key `name`; a name that is not one is a bug, caught at once. */
export function metricNamed(name: string): MetricDefinition {
  const metric = BY_NAME.get(name);
  if (!metric) throw new Error(`no metric named ${name} in metrics/metric-names`);
  return metric;
}
