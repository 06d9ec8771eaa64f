/**
 * @module metrics/phase-columns — one phase's request records as columns (typed arrays).
 *
 * Metrics are computed from columns, not from arrays of objects: one million requests fit in
 * a few tens of MB this way. Null timestamps/counts are NaN. Built by record/ from events.db
 * (or directly from in-memory records in tests via `columnsFromRecords`). With retries, a plan
 * entry has several rows; the columns hold its last attempt only and count the others.
 */
import type { RequestRecord, TokenSource } from "../record/request-record.ts";
import type { SeriesArray } from "./percentiles.ts";
import { spreadChunkGaps, TokenGapBuilder } from "./token-gaps.ts";

export interface PhaseColumns {
  /** Plan entries (their last attempts). */
  count: number;
  /** Attempts that were retried (rows superseded by a later attempt of the same entry, reconnects aside); absent = 0. */
  retries?: number;
  /** Attempts sent again at once on a new connection after a stale kept-alive one (`stale_connection` rows); absent = 0. */
  reconnects?: number;
  scheduledNs: Float64Array;
  sentNs: Float64Array;
  responseHeadersNs: Float64Array;
  firstTokenNs: Float64Array;
  doneNs: Float64Array;
  httpStatus: Uint16Array;
  /** 1 when the request failed (errorKind !== null). */
  failed: Uint8Array;
  /** Error kind per failed request (undefined/null for successes). */
  errorKinds: (string | null)[];
  /** First distinct error messages, at most a handful per kind, for the report. */
  errorSamples: { kind: string; message: string }[];
  inputTokens: Float64Array;
  outputTokens: Float64Array;
  reasoningTokens: Float64Array;
  /** Reasoning tokens counted in usage but never streamed (NaN: none). Not ITL or TPOT tokens. */
  hiddenTokens: Float64Array;
  /** record/stream-notes bits per request. */
  streamNotes: Uint16Array;
  tokenSources: TokenSource[];
  /** The client tokenizer's output count, kept beside server usage (NaN without a tokenizer). */
  tokenizerOutputTokens: Float64Array;
  chunkCount: Uint32Array;
  /** ITL values (ns) of all successful streaming requests, already spread per token (metrics/token-gaps). */
  itlNs: SeriesArray;
  finishReasons: (string | null)[];
}

const MAX_ERROR_SAMPLES_PER_KIND = 3;

/** Keeps the first few distinct messages of each error kind (identical ones would say nothing new). */
export class ErrorSampler {
  readonly samples: { kind: string; message: string }[] = [];
  readonly #seen = new Map<string, Set<string>>();

  add(kind: string, message: string): void {
    const seen = this.#seen.get(kind) ?? new Set<string>();
    if (seen.size >= MAX_ERROR_SAMPLES_PER_KIND || seen.has(message)) return;
    seen.add(message);
    this.#seen.set(kind, seen);
    this.samples.push({ kind, message });
  }
}

/** The last attempt of each plan entry, in record order, and how many earlier attempts there were. */
function lastAttempts(all: readonly RequestRecord[]): { records: readonly RequestRecord[]; retries: number; reconnects: number } {
  const lastOf = new Map<number, number>();
  for (const r of all) if (r.attempt > 0) lastOf.set(r.planIndex, Math.max(r.attempt, lastOf.get(r.planIndex) ?? 0));
  if (lastOf.size === 0) return { records: all, retries: 0, reconnects: 0 };
  const records = all.filter((r) => r.attempt >= (lastOf.get(r.planIndex) ?? 0));
  const reconnects = all.filter((r) => r.errorKind === "stale_connection").length;
  return { records, retries: all.length - records.length - reconnects, reconnects };
}

export function columnsFromRecords(all: readonly RequestRecord[]): PhaseColumns {
  const { records, retries, reconnects } = lastAttempts(all);
  const n = records.length;
  const cols: PhaseColumns = {
    count: n,
    retries,
    reconnects,
    scheduledNs: new Float64Array(n),
    sentNs: new Float64Array(n),
    responseHeadersNs: new Float64Array(n),
    firstTokenNs: new Float64Array(n),
    doneNs: new Float64Array(n),
    httpStatus: new Uint16Array(n),
    failed: new Uint8Array(n),
    errorKinds: new Array(n).fill(null),
    errorSamples: [],
    inputTokens: new Float64Array(n),
    outputTokens: new Float64Array(n),
    reasoningTokens: new Float64Array(n),
    hiddenTokens: new Float64Array(n),
    streamNotes: new Uint16Array(n),
    tokenSources: new Array(n).fill("none"),
    tokenizerOutputTokens: new Float64Array(n).fill(Number.NaN),
    chunkCount: new Uint32Array(n),
    itlNs: new Float64Array(0),
    finishReasons: new Array(n).fill(null),
  };
  const itl = new TokenGapBuilder();
  const sampler = new ErrorSampler();
  records.forEach((r, i) => {
    cols.scheduledNs[i] = r.scheduledNs;
    cols.sentNs[i] = r.sentNs;
    cols.responseHeadersNs[i] = r.responseHeadersNs ?? Number.NaN;
    cols.firstTokenNs[i] = r.firstTokenNs ?? Number.NaN;
    cols.doneNs[i] = r.doneNs;
    cols.httpStatus[i] = r.httpStatus;
    cols.failed[i] = r.errorKind === null ? 0 : 1;
    cols.errorKinds[i] = r.errorKind;
    cols.inputTokens[i] = r.inputTokens ?? Number.NaN;
    cols.outputTokens[i] = r.outputTokens ?? Number.NaN;
    cols.reasoningTokens[i] = r.reasoningTokens ?? Number.NaN;
    cols.hiddenTokens[i] = r.hiddenTokens ?? Number.NaN;
    cols.streamNotes[i] = r.streamNotes;
    cols.tokenSources[i] = r.tokenSource;
    cols.chunkCount[i] = r.chunkCount;
    cols.finishReasons[i] = r.finishReason;
    if (r.errorKind === null && r.chunkGapsNs) spreadChunkGaps(r.chunkGapsNs, r.chunkTokens, itl);
    if (r.errorKind !== null) sampler.add(r.errorKind, r.errorMessage ?? "");
  });
  cols.errorSamples = sampler.samples;
  cols.itlNs = itl.finish();
  return cols;
}
