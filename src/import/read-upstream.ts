/**
 * @module import/read-upstream — a run directory of mlcommons/endpoints: its events.jsonl (every
 * request's events) and performance/result_summary.json (its own figures), as a SourceRun.
 *
 * Its instants are CLOCK_MONOTONIC ns, but not all stamped in one process: `sample.issued` and
 * `sample.recv_first` in its main process as each message reaches it, `sample.complete` in the worker
 * that read the response (its QueryResult's completed_at). TTFT and latency from them are upstream's
 * own, and a first chunk can carry a later stamp than its completion. events.jsonl holds texts, not
 * token counts (upstream counts with a tokenizer after the run), so lengths, TPS and TPOT are
 * not in the source. Only requests issued inside the performance window, with a completion, are read.
 */
import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { readJsonFile, readJsonLines } from "./read-source-file.ts";
import { errorKindOf } from "./source-records.ts";
import type { SourceLoad, SourceRequest, SourceRun } from "./source-run.ts";
import { upstreamFigures, UpstreamSummarySchema, type UpstreamSummary } from "./upstream-figures.ts";

export const UPSTREAM_EVENTS = "events.jsonl";
const UPSTREAM_SUMMARY = join("performance", "result_summary.json");
const EXPECTED = "mlcommons/endpoints' events.jsonl (one {event_type, timestamp_ns, sample_uuid} event per line)";
const EXPECTED_SUMMARY = "mlcommons/endpoints' performance/result_summary.json";

const EventSchema = z.looseObject({
  event_type: z.string(),
  timestamp_ns: z.number().int(),
  sample_uuid: z.string(),
  data: z.unknown().optional(),
  finish_reason: z.string().optional(),
  worker_id: z.number().int().optional(),
});
type Event = z.infer<typeof EventSchema>;

interface Sample {
  issued?: number;
  first?: number;
  later: number[];
  complete?: Event;
  error?: Event;
}

/** The run directory, from the directory, its events.jsonl or its result_summary.json. */
function upstreamDir(path: string): string {
  if (statSync(path).isDirectory()) return path;
  return basename(path) === "result_summary.json" ? dirname(dirname(path)) : dirname(path);
}

function requestOf(s: Sample, t0: number): SourceRequest | null {
  if (s.issued === undefined || s.complete === undefined) return null;
  const error = s.error ? (Array.isArray(s.error.data) ? s.error.data : []) : null;
  const words = error
    ? error
        .slice(1)
        .filter((w) => typeof w === "string" && w !== "")
        .join(": ")
    : "";
  const status = Number(/\b([1-5]\d\d)\b/.exec(words)?.[1] ?? Number.NaN);
  const stamps = s.first === undefined ? [] : [s.first, ...s.later.sort((a, b) => a - b)];
  return {
    scheduledNs: null,
    sentNs: s.issued - t0,
    headersNs: null,
    firstTokenNs: s.first === undefined ? null : s.first - t0,
    doneNs: s.complete.timestamp_ns - t0,
    errorKind: error ? errorKindOf(Number.isFinite(status) ? status : null, words) : null,
    errorMessage: error ? words || "upstream recorded an error" : null,
    httpStatus: error ? (Number.isFinite(status) ? status : 0) : 200,
    inputTokens: null,
    outputTokens: null,
    tokenSource: "none",
    // With stream_all_chunks every later chunk has its recv_non_first: their gaps are chunk times.
    chunkGapsNs: stamps.length > 1 ? Float64Array.from(stamps.slice(1), (t, i) => t - (stamps[i] as number)) : null,
    chunkTokens: null,
    tokensAfterFirst: null,
    finishReason: s.complete.finish_reason ?? null,
    worker: s.complete.worker_id ?? 0,
  };
}

export function readUpstream(path: string): SourceRun {
  const dir = upstreamDir(path);
  const eventsFile = join(dir, UPSTREAM_EVENTS);
  const summaryFile = join(dir, UPSTREAM_SUMMARY);
  const events = readJsonLines(EventSchema, eventsFile, EXPECTED);
  const summary: UpstreamSummary | null = existsSync(summaryFile)
    ? readJsonFile(UpstreamSummarySchema, summaryFile, EXPECTED_SUMMARY)
    : null;
  const at = (type: string) => events.find((e) => e.event_type === type)?.timestamp_ns;
  const t0 = at("session.started") ?? Math.min(...events.map((e) => e.timestamp_ns));
  const windowStart = at("session.start_performance_tracking") ?? t0;
  const samples = new Map<string, Sample>();
  for (const e of events) {
    if (e.sample_uuid === "") continue;
    const s = samples.get(e.sample_uuid) ?? { later: [] };
    samples.set(e.sample_uuid, s);
    if (e.event_type === "sample.issued") s.issued = e.timestamp_ns;
    else if (e.event_type === "sample.recv_first") s.first = e.timestamp_ns;
    else if (e.event_type === "sample.recv_non_first") s.later.push(e.timestamp_ns);
    else if (e.event_type === "sample.complete") s.complete = e;
    else if (e.event_type.startsWith("error.")) s.error = e;
  }
  const requests = [...samples.values()]
    .filter((s) => (s.issued ?? -1) >= windowStart)
    .map((s) => requestOf(s, t0))
    .filter((r): r is SourceRequest => r !== null);
  const lp = (summary?.run_config?.load_pattern ?? {}) as Record<string, unknown>;
  const load: SourceLoad = {
    type: (["concurrency", "poisson", "constant", "gamma"].includes(String(lp.type))
      ? lp.type
      : "max_throughput") as SourceLoad["type"],
    target_qps: typeof lp.target_qps === "number" ? lp.target_qps : null,
    target_concurrency: typeof lp.target_concurrency === "number" ? lp.target_concurrency : null,
  };
  return {
    tool: "upstream",
    version: summary?.version ?? null,
    files: [UPSTREAM_EVENTS, ...(summary ? [UPSTREAM_SUMMARY] : [])],
    label: null,
    t0EpochMs: summary?.test_started_at ? summary.test_started_at : null,
    windowStartNs: windowStart - t0,
    load,
    streaming: requests.some((r) => r.firstTokenNs !== null),
    requests,
    figures: upstreamFigures(summary, requests),
    notes: [
      "upstream stamps sample.issued and sample.recv_first in its main process as each message reaches it, " +
        "sample.complete in its worker: TTFT and latency are its own, and a first chunk may carry a later stamp than its completion",
      "events.jsonl holds texts, not token counts: output and input lengths, TPS and TPOT are not in the source",
      ...(summary
        ? []
        : [`${UPSTREAM_SUMMARY} was not in the directory: upstream's own figures are not in the source`]),
    ],
  };
}
