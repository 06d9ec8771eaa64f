/**
 * @module import/read-aiperf — AIPerf's profile_export.jsonl (one record per request) and, beside it,
 * profile_export_aiperf.json (its own figures), as a SourceRun.
 *
 * A record's instants are epoch ns on one clock (AIPerf's perf counter turned into wall time):
 * `credit_issued_ns` (when its timing manager released the request: our scheduled instant),
 * `request_start_ns` (sent), `request_ack_ns` (headers), `request_end_ns` (the last response:
 * our done). Its first token is the start plus its `time_to_first_token`; its chunk times are its
 * `inter_chunk_latency` gaps. Token counts are the server's usage where the record has it
 * (`usage_*_tokens`), else AIPerf's tokenizer's (`output_sequence_length`, `input_sequence_length`).
 */
import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { aiperfFigures, type AiperfAggregate } from "./aiperf-figures.ts";
import { bigOf, readJsonFile, readJsonLines } from "./read-source-file.ts";
import { errorKindOf } from "./source-records.ts";
import type { SourceLoad, SourceRequest, SourceRun } from "./source-run.ts";
import { evenShares } from "./token-shares.ts";

export const AIPERF_RECORDS = "profile_export.jsonl";
export const AIPERF_AGGREGATE = "profile_export_aiperf.json";
const EXPECTED = "AIPerf's profile_export.jsonl (one {metadata, metrics} record per request)";
const EXPECTED_AGGREGATE = "AIPerf's profile_export_aiperf.json (its aggregate figures)";

const ns = z.union([z.number().int(), z.bigint()]);
const MetricSchema = z.object({ value: z.union([z.number(), z.array(z.number())]), unit: z.string() });
const RecordSchema = z.looseObject({
  metadata: z.looseObject({
    credit_issued_ns: ns.nullable().optional(),
    request_start_ns: ns,
    request_ack_ns: ns.nullable().optional(),
    request_end_ns: ns,
    worker_id: z.string().nullable().optional(),
    benchmark_phase: z.string().nullable().optional(),
  }),
  metrics: z.record(z.string(), MetricSchema).nullable().optional(),
  error: z
    .looseObject({
      code: z.number().nullable().optional(),
      type: z.string().nullable().optional(),
      message: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
type AiperfRecord = z.infer<typeof RecordSchema>;

const AggregateSchema = z
  .looseObject({ aiperf_version: z.string().nullable().optional(), input_config: z.unknown().optional() })
  .catchall(z.unknown());

const scalar = (r: AiperfRecord, name: string): number | null => {
  const v = r.metrics?.[name]?.value;
  return typeof v === "number" ? v : null;
};
const list = (r: AiperfRecord, name: string): number[] | null => {
  const v = r.metrics?.[name]?.value;
  return Array.isArray(v) ? v : null;
};
const msAsNs = (ms: number): number => Math.round(ms * 1e6);

function requestOf(r: AiperfRecord, t0: bigint, workers: Map<string, number>): SourceRequest {
  const m = r.metadata;
  const at = (v: number | bigint) => Number(bigOf(v) - t0);
  const sentNs = at(m.request_start_ns);
  const ttftMs = scalar(r, "time_to_first_token");
  const gaps = list(r, "inter_chunk_latency");
  const usageOut = scalar(r, "usage_completion_tokens");
  const output = usageOut ?? scalar(r, "output_sequence_length");
  const input = scalar(r, "usage_prompt_tokens") ?? scalar(r, "input_sequence_length");
  const chunks = ttftMs === null ? 0 : (gaps?.length ?? 0) + 1;
  const shares = evenShares(output, chunks);
  const worker = m.worker_id ?? "";
  if (!workers.has(worker)) workers.set(worker, workers.size);
  const error = r.error ?? null;
  const words = error ? [error.type, error.message].filter(Boolean).join(": ") : "";
  return {
    scheduledNs: m.credit_issued_ns == null ? null : at(m.credit_issued_ns),
    sentNs,
    headersNs: m.request_ack_ns == null ? null : at(m.request_ack_ns),
    firstTokenNs: ttftMs === null ? null : sentNs + msAsNs(ttftMs),
    doneNs: at(m.request_end_ns),
    errorKind: error ? errorKindOf(error.code ?? null, words) : null,
    errorMessage: error ? words || "AIPerf recorded an error" : null,
    httpStatus: error?.code != null && error.code >= 100 && error.code < 600 ? error.code : error ? 0 : 200,
    inputTokens: error ? null : input,
    outputTokens: error ? null : output,
    tokenSource: error || output === null ? "none" : usageOut !== null ? "server_usage" : "tokenizer",
    chunkGapsNs: gaps && ttftMs !== null ? Float64Array.from(gaps, msAsNs) : null,
    chunkTokens: shares.later,
    tokensAfterFirst: null,
    finishReason: null,
    worker: workers.get(worker) as number,
  };
}

/** What AIPerf's config says it ran (input_config.loadgen), in our words. */
function loadOf(aggregate: AiperfAggregate | null): SourceLoad {
  const config = aggregate?.input_config as { loadgen?: Record<string, unknown> } | undefined;
  const lg = config?.loadgen ?? {};
  const rate = typeof lg.request_rate === "number" ? lg.request_rate : null;
  const concurrency = typeof lg.concurrency === "number" ? lg.concurrency : null;
  const pattern = String(lg.arrival_pattern ?? lg.request_rate_mode ?? "");
  if (rate !== null)
    return {
      type: /constant/.test(pattern) ? "constant" : "poisson",
      target_qps: rate,
      target_concurrency: concurrency,
    };
  if (concurrency !== null) return { type: "concurrency", target_qps: null, target_concurrency: concurrency };
  return { type: "max_throughput", target_qps: null, target_concurrency: null };
}

/** The records file and the aggregate beside it, from a directory or the records file itself. */
function aiperfFiles(path: string): { records: string; aggregate: string | null } {
  const records = statSync(path).isDirectory()
    ? join(path, AIPERF_RECORDS)
    : basename(path) === AIPERF_AGGREGATE
      ? join(dirname(path), AIPERF_RECORDS)
      : path;
  const aggregate = join(dirname(records), AIPERF_AGGREGATE);
  return { records, aggregate: existsSync(aggregate) ? aggregate : null };
}

export function readAiperf(path: string): SourceRun {
  const files = aiperfFiles(path);
  const records = readJsonLines(RecordSchema, files.records, EXPECTED).filter(
    (r) => (r.metadata.benchmark_phase ?? "profiling") === "profiling",
  );
  const aggregate = files.aggregate ? readJsonFile(AggregateSchema, files.aggregate, EXPECTED_AGGREGATE) : null;
  let t0 = bigOf(records[0]?.metadata.request_start_ns ?? 0);
  for (const { metadata: m } of records)
    for (const v of [m.credit_issued_ns, m.request_start_ns]) if (v != null && bigOf(v) < t0) t0 = bigOf(v);
  const workers = new Map<string, number>();
  const requests = records.map((r) => requestOf(r, t0, workers));
  const streaming = requests.some((r) => r.firstTokenNs !== null);
  return {
    tool: "aiperf",
    version: aggregate?.aiperf_version ?? null,
    files: [basename(files.records), ...(files.aggregate ? [basename(files.aggregate)] : [])],
    label: null,
    t0EpochMs: Number(t0 / 1_000_000n),
    windowStartNs: 0,
    load: loadOf(aggregate),
    streaming,
    requests,
    figures: aiperfFigures(
      records.map((r) => r.metrics ?? {}),
      requests,
      aggregate as Record<string, unknown> | null,
    ),
    notes: [
      "AIPerf's instants are epoch nanoseconds on one clock; T0 is its first credit",
      "token counts: the server's usage where a record has it, else AIPerf's tokenizer",
      ...(files.aggregate
        ? []
        : [`${AIPERF_AGGREGATE} was not beside the records: AIPerf's own figures are not in the source`]),
    ],
  };
}
