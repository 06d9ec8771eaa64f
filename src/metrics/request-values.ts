/**
 * @module metrics/request-values — the per-request value of every latency metric: their one definition.
 *
 * Each series holds one value per included request, in row order, in ns (NaN where the request
 * has no such value, e.g. no first token; rollups and charts skip NaN). Who is included:
 * successful requests for TTFT, TTFB, latency and lengths; successful streams with at least
 * one token after their first chunk for TPOT; every sent request for schedule lag, every
 * completed one (not those the run cancelled) for scheduled latency (see metric-names.ts for
 * the words). Both result_summary.json and report.html read these, through
 * sorted-series.ts. ITL is not here: its values are the columns' spread token gaps.
 *
 * The figures of one request (TTFT, TTFB, latency, schedule lag, scheduled latency) are the
 * accessors below, and no other file subtracts a request's instants: a record as main receives
 * it (the live tally), an events.db row (server timing, conversations) and the columns (the
 * report, its charts, the steady state) all read them here, so a change of definition is one edit.
 */
import type { PhaseColumns } from "./phase-columns.ts";

/** Which rows a series includes. */
type Rows = "successful" | "successfulWithTpot" | "completed" | "all";

interface SeriesDefinition {
  rows: Rows;
  /** The value of row i (ns, or tokens for the lengths). */
  value: (cols: PhaseColumns, i: number) => number;
}

const n = (values: ArrayLike<number>, i: number): number => values[i] as number;

/**
 * One request's instants as a record, an events.db row or a goodput request holds them: ns on the
 * run's clock, null (or NaN) where the request has none. A figure of a missing instant is NaN.
 */
interface Instants {
  scheduledNs: number | null;
  sentNs: number | null;
  responseHeadersNs: number | null;
  firstTokenNs: number | null;
  /** The first chunk that was not reasoning (absent from producers that do not measure it). */
  firstAnswerNs?: number | null;
  doneNs: number | null;
}

const span = (fromNs: number | null, toNs: number | null): number => (toNs ?? Number.NaN) - (fromNs ?? Number.NaN);

/** TTFT: sent to the first content chunk. */
export const ttftNsOf = (r: Pick<Instants, "sentNs" | "firstTokenNs">): number => span(r.sentNs, r.firstTokenNs);
/** TTFO: sent to the first output chunk that is not reasoning (TTFT for a request that did not reason). */
export const ttfoNsOf = (r: Pick<Instants, "sentNs" | "firstAnswerNs">): number =>
  span(r.sentNs, r.firstAnswerNs ?? null);
/** TTFB: sent to the response headers. */
export const ttfbNsOf = (r: Pick<Instants, "sentNs" | "responseHeadersNs">): number =>
  span(r.sentNs, r.responseHeadersNs);
/** Latency: sent to done. */
export const latencyNsOf = (r: Pick<Instants, "sentNs" | "doneNs">): number => span(r.sentNs, r.doneNs);
/** Schedule lag: scheduled to sent (how late the send was). */
export const scheduleLagNsOf = (r: Pick<Instants, "scheduledNs" | "sentNs">): number => span(r.scheduledNs, r.sentNs);
/** Scheduled latency: scheduled to done (the wait for a send included). */
export const scheduledLatencyNsOf = (r: Pick<Instants, "scheduledNs" | "doneNs">): number =>
  span(r.scheduledNs, r.doneNs);

/** The same instants as columns, one array each (metrics/phase-columns, or two arrays of them). */
type InstantColumns<K extends keyof Instants> = { readonly [F in K]: ArrayLike<number> };

/** TTFT of row i of columns. */
export const ttftNsAt = (c: InstantColumns<"sentNs" | "firstTokenNs">, i: number): number =>
  span(n(c.sentNs, i), n(c.firstTokenNs, i));
/** Latency of row i of columns. */
export const latencyNsAt = (c: InstantColumns<"sentNs" | "doneNs">, i: number): number =>
  span(n(c.sentNs, i), n(c.doneNs, i));
/** Schedule lag of row i of columns. */
export const scheduleLagNsAt = (c: InstantColumns<"scheduledNs" | "sentNs">, i: number): number =>
  span(n(c.scheduledNs, i), n(c.sentNs, i));

/**
 * TPOT's denominator, as upstream's: the tokens of the output after the first chunk. With a
 * tokenizer, its count of the text after that chunk (upstream counts it so); else the tokens
 * of the later chunks — per-chunk usage where the server streams it, else a final usage total
 * shared by text length (the first chunk gets its share, at least one), else one per chunk.
 * Hidden reasoning is in none of them: it was spent before the first chunk.
 */
export function tokensAfterFirstChunk(
  tokenizerCount: number | null,
  laterChunkTokens: ArrayLike<number> | null,
  chunkCount: number,
): number {
  if (tokenizerCount !== null) return tokenizerCount;
  if (laterChunkTokens === null) return Math.max(chunkCount - 1, 0);
  let sum = 0;
  for (let k = 0; k < laterChunkTokens.length; k++) sum += laterChunkTokens[k] as number;
  return sum;
}

/** TPOT: (done − first chunk) / the tokens after the first chunk; NaN without a first chunk or a token after it. */
export function tpotOf(doneNs: number, firstChunkNs: number, tokensAfterFirst: number): number {
  return tokensAfterFirst >= 1 ? span(firstChunkNs, doneNs) / tokensAfterFirst : Number.NaN;
}

/** TPOT of row i (tpotOf over its columns). */
export function tpotNs(c: PhaseColumns, i: number): number {
  return tpotOf(n(c.doneNs, i), n(c.firstTokenNs, i), n(c.tpotTokens, i));
}

/** TPOT over the answer of row i: (done − first answer chunk) / the answer's tokens after that chunk (metrics/reasoning-split). */
function tpotAnswerNs(c: PhaseColumns, i: number): number {
  return tpotOf(n(c.doneNs, i), n(c.firstAnswerNs, i), n(c.answerTpotTokens, i));
}

const SERIES_DEFINITIONS = {
  ttft: { rows: "successful", value: ttftNsAt },
  ttfo: { rows: "successful", value: (c, i) => span(n(c.sentNs, i), n(c.firstAnswerNs, i)) },
  ttfb: { rows: "successful", value: (c, i) => span(n(c.sentNs, i), n(c.responseHeadersNs, i)) },
  tpot: { rows: "successfulWithTpot", value: tpotNs },
  tpotAnswer: { rows: "successful", value: tpotAnswerNs },
  latency: { rows: "successful", value: latencyNsAt },
  scheduleLag: { rows: "all", value: scheduleLagNsAt },
  scheduledLatency: { rows: "completed", value: (c, i) => span(n(c.scheduledNs, i), n(c.doneNs, i)) },
  inputTokens: { rows: "successful", value: (c, i) => n(c.inputTokens, i) },
  outputTokens: { rows: "successful", value: (c, i) => n(c.outputTokens, i) },
  reasoningTokens: { rows: "successful", value: (c, i) => n(c.splitReasoningTokens, i) },
  answerTokens: { rows: "successful", value: (c, i) => n(c.splitAnswerTokens, i) },
  inputCount: { rows: "successful", value: (c, i) => n(c.inputCount, i) },
} satisfies Record<string, SeriesDefinition>;

export type SeriesName = keyof typeof SERIES_DEFINITIONS;

/** The error kind of a request the run itself cut short (Ctrl-C, --run-timeout, a drain timeout). */
const CANCELLED_KIND = "cancelled";

/**
 * True when row i came to an end at the server's doing: an answer or an error. A request the
 * run cancelled has a done time too, but that is when the run gave up on it, not a completion.
 */
export function isCompleted(cols: PhaseColumns, i: number): boolean {
  return Number.isFinite(cols.doneNs[i] as number) && cols.errorKinds[i] !== CANCELLED_KIND;
}

/** Each row's completion instant (NaN where it has none: never sent, lost, or cancelled by the run); doneNs itself when nothing was cancelled. */
export function completionNs(cols: PhaseColumns): Float64Array {
  if (!cols.errorKinds.includes(CANCELLED_KIND)) return cols.doneNs;
  const out = new Float64Array(cols.count);
  for (let i = 0; i < cols.count; i++) out[i] = isCompleted(cols, i) ? (cols.doneNs[i] as number) : Number.NaN;
  return out;
}

/** True when row i finished without an error. */
export function isSuccessful(cols: PhaseColumns, i: number): boolean {
  return !cols.failed[i] && Number.isFinite(cols.doneNs[i] as number);
}

export function successfulRows(cols: PhaseColumns): Uint8Array {
  const ok = new Uint8Array(cols.count);
  for (let i = 0; i < cols.count; i++) ok[i] = isSuccessful(cols, i) ? 1 : 0;
  return ok;
}

function includes(rows: Rows, cols: PhaseColumns, i: number): boolean {
  if (rows === "all") return true;
  if (rows === "completed") return isCompleted(cols, i);
  if (!isSuccessful(cols, i)) return false;
  return rows === "successful" || (cols.tpotTokens[i] as number) >= 1;
}

/** The series' values of its included rows, in row order (a new array the caller owns). */
export function seriesValues(cols: PhaseColumns, name: SeriesName): Float64Array {
  const { rows, value } = SERIES_DEFINITIONS[name] as SeriesDefinition;
  const out = new Float64Array(cols.count);
  let length = 0;
  for (let i = 0; i < cols.count; i++) if (includes(rows, cols, i)) out[length++] = value(cols, i);
  return out.subarray(0, length);
}
