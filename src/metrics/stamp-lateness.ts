/**
 * @module metrics/stamp-lateness — each timestamp the metrics read, given the lateness of the worker's
 * event-loop window it fell in, and the p50 and p99 over those timestamps (metrics/client-error-bound). Pure.
 *
 * A window (worker/loop-health, one every 250 ms a worker) holds the worst lateness of a 10 ms timer in it:
 * every callback of that window, a read's stamp among them, ran at most that late. Weighing windows by the
 * stamps in them makes a busy window, where many responses arrived, count for each of them.
 */

/** One worker's loop-health sample: its window ends at `endNs`, the timer's worst lateness in it. */
export interface LoopWindow {
  worker: number;
  endNs: number;
  latenessNs: number;
}

/** An instant a metric reads (a first token, an end) and the worker that stamped it. */
export interface Stamp {
  worker: number;
  atNs: number;
}

/** The windows by worker, each list ordered by its end. */
export function windowsByWorker(windows: readonly LoopWindow[]): Map<number, LoopWindow[]> {
  const byWorker = new Map<number, LoopWindow[]>();
  for (const w of windows) {
    const list = byWorker.get(w.worker);
    if (list) list.push(w);
    else byWorker.set(w.worker, [w]);
  }
  for (const list of byWorker.values()) list.sort((a, b) => a.endNs - b.endNs);
  return byWorker;
}

/** The index in `list` (ordered by end) of the first window to end at or after `atNs`; past the last, the last. */
function windowIndexOf(list: readonly LoopWindow[], atNs: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as LoopWindow).endNs >= atNs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The window holding `stamp`: its worker's first to end at or after it (past the last, the last); null when its worker has none. */
export function windowOf(byWorker: ReadonlyMap<number, readonly LoopWindow[]>, stamp: Stamp): LoopWindow | null {
  const list = byWorker.get(stamp.worker);
  if (!list || list.length === 0) return null;
  return list[windowIndexOf(list, stamp.atNs)] as LoopWindow;
}

/**
 * The "lower" p-th percentile (metrics/percentiles) of values each repeated `weights[i]` times, without
 * repeating them: the value at rank ⌊p/100·(N−1)⌋ of the weighted multiset; NaN when the weights sum to 0.
 */
export function weightedLowerPercentile(values: readonly number[], weights: readonly number[], p: number): number {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number));
  const total = weights.reduce((n, w) => n + w, 0);
  if (total === 0) return Number.NaN;
  const rank = Math.floor((p / 100) * (total - 1));
  let seen = 0;
  for (const i of order) {
    seen += weights[i] as number;
    if (seen > rank) return values[i] as number;
  }
  return values[order[order.length - 1] as number] as number;
}

/** Stamps counted into their windows: the lateness p50 and p99 over stamps (over the windows themselves when no stamp fell in one). */
export function stampLateness(
  windows: readonly LoopWindow[],
  stamps: Iterable<Stamp>,
): { p50Ns: number; p99Ns: number; stamps: number } {
  // Each worker's ordered windows with a count beside each, by position: a stamp costs one lookup and a binary search.
  const slots = [...windowsByWorker(windows).values()].map((list) => ({ list, counts: new Int32Array(list.length) }));
  const slotOf = new Map(slots.map((slot) => [(slot.list[0] as LoopWindow).worker, slot]));
  let weighed = 0;
  for (const stamp of stamps) {
    const slot = slotOf.get(stamp.worker);
    if (!slot) continue;
    const at = windowIndexOf(slot.list, stamp.atNs);
    slot.counts[at] = (slot.counts[at] as number) + 1;
    weighed++;
  }
  // The percentile is of a multiset: the windows' order does not matter.
  const values = slots.flatMap((slot) => slot.list.map((w) => w.latenessNs));
  const weights = slots.flatMap((slot) => Array.from(slot.counts, (n) => (weighed > 0 ? n : 1)));
  return {
    p50Ns: weightedLowerPercentile(values, weights, 50),
    p99Ns: weightedLowerPercentile(values, weights, 99),
    stamps: weighed,
  };
}
