/**
 * @module metrics/throughput — requests and output tokens per second.
 *
 * Native: `qps = successful / duration`, `tps = output tokens of successful requests / duration`.
 * (Upstream divides completed requests, failures included; counting a stream of instant errors
 * as throughput would flatter a broken server, so native QPS counts successes.)
 *
 * MLPerf LoadGen legacy, for Poisson runs with `use_legacy_loadgen_qps_metrics` (upstream's
 * default): window = (done of the last-sent completed request) − (first send), and
 * `qps = (completed − 1) / window`, `tps = tokens / window`. It needs ≥ 2 completed requests and
 * a positive window; otherwise the native values are reported and the window is null. The legacy
 * formula keeps LoadGen's "completed" (failures included) so numbers match upstream's.
 */

const NS_PER_S = 1e9;

export interface ThroughputInput {
  /** Requests that finished, failures included. */
  completed: number;
  /** Requests that finished without error. */
  successful: number;
  /** Σ output tokens of successful requests; null when no counts were recorded. */
  outputTokens: number | null;
  /** Performance window (last completion − window start); null when nothing was sent. */
  durationNs: number | null;
  /** LoadGen legacy window; null when it does not apply. */
  legacyWindowNs: number | null;
  /** "poisson" with legacy QPS enabled. */
  useLegacy: boolean;
}

interface Throughput {
  qps: number | null;
  tps: number | null;
  qpsNative: number | null;
  tpsNative: number | null;
  /** Set only when the legacy definition was used for qps/tps. */
  legacyLoadgenWindowDurationNs: number | null;
}

/** `amount / (ns / 1e9)`, null when either is missing or the span is not positive. */
export function perSecond(amount: number | null, spanNs: number | null): number | null {
  if (amount === null || spanNs === null || !(spanNs > 0)) return null;
  return amount / (spanNs / NS_PER_S);
}

/**
 * LoadGen's legacy window over the rows: doneNs of the completed request with the largest sentNs
 * minus the smallest sentNs. Null with fewer than 2 completed requests or a non-positive window.
 */
export function legacyLoadgenWindowNs(sentNs: Float64Array, doneNs: Float64Array): number | null {
  let firstSentNs = Number.POSITIVE_INFINITY;
  let lastSentNs = Number.NEGATIVE_INFINITY;
  let lastSentDoneNs = Number.NaN;
  let completed = 0;
  for (let i = 0; i < sentNs.length; i++) {
    const sent = sentNs[i] as number;
    if (sent < firstSentNs) firstSentNs = sent;
    const done = doneNs[i] as number;
    if (!Number.isFinite(done)) continue;
    completed++;
    if (sent > lastSentNs) {
      lastSentNs = sent;
      lastSentDoneNs = done;
    }
  }
  const windowNs = lastSentDoneNs - firstSentNs;
  return completed >= 2 && windowNs > 0 ? windowNs : null;
}

export function computeThroughput(input: ThroughputInput): Throughput {
  const qpsNative = perSecond(input.successful, input.durationNs);
  const tpsNative = perSecond(input.outputTokens, input.durationNs);
  const windowNs = input.useLegacy && input.completed >= 2 ? input.legacyWindowNs : null;
  if (windowNs === null || !(windowNs > 0)) {
    return { qps: qpsNative, tps: tpsNative, qpsNative, tpsNative, legacyLoadgenWindowDurationNs: null };
  }
  return {
    qps: perSecond(input.completed - 1, windowNs),
    tps: perSecond(input.outputTokens, windowNs),
    qpsNative,
    tpsNative,
    legacyLoadgenWindowDurationNs: windowNs,
  };
}
