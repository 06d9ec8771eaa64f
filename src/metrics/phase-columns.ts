/**
 * @module metrics/phase-columns — one phase's request records as columns (typed arrays).
 *
 * Metrics are computed from columns, not from arrays of objects: one million requests fit in
 * a few tens of MB this way. Null timestamps/counts are NaN. Built row by row by one builder,
 * fed by metrics/read-phase from events.db or by `columnsFromRecords` from records in memory, so
 * tests of the metrics run the path production runs. With retries, a plan entry has several
 * rows; the columns hold its last attempt only and count the others.
 */
import { METRIC_ARRAY_FIELDS, type MetricArrays, type MetricRow } from "../record/request-field-lists.ts";
import type { RequestRecord, TokenSource } from "../record/request-record.ts";
import type { SeriesArray } from "./percentiles.ts";
import { fillMetricArrays } from "./fill-metric-arrays.ts";
import { tokensAfterFirstChunk } from "./request-values.ts";
import { spreadChunkGaps, TokenGapBuilder } from "./token-gaps.ts";
import { reasoned, splitReasoning } from "./reasoning-split.ts";

/** One phase's columns: a typed array per numeric field of the record (record/request-fields' `metric`), and the rest shaped for the report. */
export interface PhaseColumns extends MetricArrays {
  /** Plan entries (their last attempts). */
  count: number;
  /** Attempts that were retried (rows superseded by a later attempt of the same entry, reconnects aside); absent = 0. */
  retries?: number;
  /** Attempts sent again at once on a new connection after a stale kept-alive one (`stale_connection` rows); absent = 0. */
  reconnects?: number;
  /** 1 when the request failed (errorKind !== null). */
  failed: Uint8Array;
  /** Error kind per failed request (undefined/null for successes). */
  errorKinds: (string | null)[];
  /** First distinct error messages, at most a handful per kind, for the report. */
  errorSamples: { kind: string; message: string }[];
  tokenSources: TokenSource[];
  /** TPOT's tokens per row (metrics/request-values `tpotTokens`): the output tokens after the first chunk; NaN where unknown. */
  tpotTokens: Float64Array;
  /** Reasoning tokens per successful row (metrics/reasoning-split), 0 where it did not reason; NaN for failures. */
  splitReasoningTokens: Float64Array;
  /** Answer tokens per successful row: output tokens less reasoning tokens; NaN where unknown. */
  splitAnswerTokens: Float64Array;
  /** TPOT-answer's tokens per successful stream: the answer's tokens after its first chunk; NaN where unknown. */
  answerTpotTokens: Float64Array;
  /** ITL values (ns) of all successful streaming requests, already spread per token (metrics/token-gaps). */
  itlNs: SeriesArray;
  finishReasons: (string | null)[];
}

const ARRAY_TYPES = { f64: Float64Array, u16: Uint16Array, u32: Uint32Array } as const;

const MAX_ERROR_SAMPLES_PER_KIND = 3;

/** Keeps the first few distinct messages of each error kind (identical ones would say nothing new). */
class ErrorSampler {
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
function lastAttempts(all: readonly RequestRecord[]): {
  records: readonly RequestRecord[];
  retries: number;
  reconnects: number;
} {
  const lastOf = new Map<number, number>();
  for (const r of all) if (r.attempt > 0) lastOf.set(r.planIndex, Math.max(r.attempt, lastOf.get(r.planIndex) ?? 0));
  if (lastOf.size === 0) return { records: all, retries: 0, reconnects: 0 };
  const records = all.filter((r) => r.attempt >= (lastOf.get(r.planIndex) ?? 0));
  const reconnects = all.filter((r) => r.errorKind === "stale_connection").length;
  return { records, retries: all.length - records.length - reconnects, reconnects };
}

/**
 * One request's values as the columns take them: a RequestRecord as it is, or a row of
 * events.db read into the same fields (metrics/read-phase); the after-run fields exist only in
 * events.db (counted after the run).
 */
export type ColumnRow = MetricRow;

/** Fills a phase's columns row by row: the one way to build PhaseColumns, from events.db or from records in memory. */
export class PhaseColumnsBuilder {
  readonly #cols: PhaseColumns;
  readonly #itl: TokenGapBuilder;
  readonly #sampler = new ErrorSampler();
  /** One shared copy of each short string (kind, source, finish reason): a million copies would outweigh the columns. */
  readonly #strings = new Map<string, string>();
  #next = 0;

  /** `count` rows will be added; `estimatedGaps`: token gaps before spreading, the ITL column's first size. */
  constructor(count: number, attempts: { retries: number; reconnects: number }, estimatedGaps = 0) {
    const arrays = Object.fromEntries(
      METRIC_ARRAY_FIELDS.map((f) => [
        f.name,
        f.metric === "f64" ? new Float64Array(count).fill(Number.NaN) : new ARRAY_TYPES[f.metric](count),
      ]),
    ) as unknown as MetricArrays;
    this.#cols = {
      ...arrays,
      count,
      retries: attempts.retries,
      reconnects: attempts.reconnects,
      failed: new Uint8Array(count),
      errorKinds: new Array(count).fill(null),
      errorSamples: [],
      tokenSources: new Array(count).fill("none"),
      tpotTokens: new Float64Array(count).fill(Number.NaN),
      splitReasoningTokens: new Float64Array(count).fill(Number.NaN),
      splitAnswerTokens: new Float64Array(count).fill(Number.NaN),
      answerTpotTokens: new Float64Array(count).fill(Number.NaN),
      itlNs: new Float64Array(0),
      finishReasons: new Array(count).fill(null),
    };
    this.#itl = new TokenGapBuilder(estimatedGaps);
  }

  #shared<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.#strings.get(value);
    if (known !== undefined) return known as T;
    this.#strings.set(value, value);
    return value;
  }

  add(row: ColumnRow): void {
    const cols = this.#cols;
    const i = this.#next++;
    const errorKind = this.#shared(row.errorKind);
    fillMetricArrays(cols, row, i);
    cols.failed[i] = errorKind === null ? 0 : 1;
    cols.errorKinds[i] = errorKind;
    cols.tokenSources[i] = this.#shared(row.tokenSource);
    cols.finishReasons[i] = this.#shared(row.finishReason);
    if (errorKind === null && row.chunkGapsNs) {
      spreadChunkGaps(row.chunkGapsNs, row.chunkTokens, this.#itl);
      cols.tpotTokens[i] = tokensAfterFirstChunk(
        row.tokenizerTokensAfterFirst ?? null,
        row.chunkTokens,
        row.chunkCount,
      );
    }
    if (errorKind === null) this.#addSplit(row, i);
    if (errorKind !== null) this.#sampler.add(errorKind, row.errorMessage ?? "");
  }

  /** A successful row's reasoning and answer tokens (metrics/reasoning-split); TPOT-answer's tokens for a stream. */
  #addSplit(row: ColumnRow, i: number): void {
    const cols = this.#cols;
    const split = splitReasoning({
      outputTokens: row.outputTokens,
      reasoningTokens: row.reasoningTokens,
      tokenizerReasoningTokens: row.tokenizerReasoningTokens ?? null,
      reasoningChunks: row.reasoningChunks ?? null,
      chunkCount: row.chunkCount,
      chunkTokens: row.chunkTokens,
      hiddenTokens: row.hiddenTokens ?? null,
    });
    cols.splitReasoningTokens[i] = split.reasoning;
    cols.splitAnswerTokens[i] = split.answer;
    // A stream that did not reason answers from its first chunk: TPOT's own tokens (a tokenizer's count among them).
    if (row.chunkGapsNs)
      cols.answerTpotTokens[i] = reasoned({
        reasoningTokens: row.reasoningTokens,
        reasoningChunks: row.reasoningChunks ?? null,
      })
        ? split.answerAfterFirst
        : (cols.tpotTokens[i] as number);
  }

  /** The columns; the builder must not be used afterwards. */
  finish(): PhaseColumns {
    this.#cols.errorSamples = this.#sampler.samples;
    this.#cols.itlNs = this.#itl.finish();
    return this.#cols;
  }
}

/** Columns of records held in memory (tests, and anything that has records rather than events.db). */
export function columnsFromRecords(all: readonly RequestRecord[]): PhaseColumns {
  const { records, retries, reconnects } = lastAttempts(all);
  const builder = new PhaseColumnsBuilder(records.length, { retries, reconnects });
  for (const r of records) builder.add(r);
  return builder.finish();
}
