/**
 * @module metrics/steady-state/in-flight — how many requests were in flight over a run, as a
 * step function of time built from each request's send and completion instants. Pure.
 *
 * A request is in flight from its send to its done instant (an answer, an error, or the run
 * cancelling it); one never sent counts nowhere, one with no done instant stays in flight to the
 * end. At equal instants completions are counted before sends, so a closed loop that sends the
 * next request the moment one finishes never shows one more than its concurrency.
 */

/** `level[i]` requests were in flight from `tNs[i]` until `tNs[i + 1]` (the last level holds on). */
export interface InFlightSteps {
  tNs: Float64Array;
  level: Int32Array;
}

/** The step function of in-flight requests from per-request send and done instants (NaN: none). */
export function inFlightSteps(sentNs: ArrayLike<number>, doneNs: ArrayLike<number>): InFlightSteps {
  const sends: number[] = [];
  const dones: number[] = [];
  for (let i = 0; i < sentNs.length; i++) {
    const sent = sentNs[i] as number;
    if (!Number.isFinite(sent)) continue;
    sends.push(sent);
    const done = doneNs[i] as number;
    if (Number.isFinite(done)) dones.push(done);
  }
  const s = Float64Array.from(sends).sort();
  const d = Float64Array.from(dones).sort();
  const tNs: number[] = [];
  const level: number[] = [];
  let current = 0;
  let i = 0;
  let j = 0;
  while (i < s.length || j < d.length) {
    const t = Math.min(i < s.length ? (s[i] as number) : Infinity, j < d.length ? (d[j] as number) : Infinity);
    while (j < d.length && (d[j] as number) === t) current--, j++;
    while (i < s.length && (s[i] as number) === t) current++, i++;
    tNs.push(t);
    level.push(current);
  }
  return { tNs: Float64Array.from(tNs), level: Int32Array.from(level) };
}

/** The index of the last step at or before `t` (0 when `t` precedes them all). */
function stepAt(steps: InFlightSteps, t: number): number {
  let [lo, hi] = [0, steps.tNs.length - 1];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((steps.tNs[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** How long (ns) each level was held between `fromNs` and `toNs`: a level → ns map, visiting only the steps in the span. */
function heldLevels(steps: InFlightSteps, fromNs: number, toNs: number): Map<number, number> {
  const out = new Map<number, number>();
  const n = steps.tNs.length;
  for (let i = n > 0 ? stepAt(steps, fromNs) : 0; i < n && (steps.tNs[i] as number) < toNs; i++) {
    const a = Math.max(steps.tNs[i] as number, fromNs);
    const b = Math.min(i + 1 < n ? (steps.tNs[i + 1] as number) : toNs, toNs);
    if (b > a) out.set(steps.level[i] as number, (out.get(steps.level[i] as number) ?? 0) + (b - a));
  }
  return out;
}

/** The level in flight for at least half of `[fromNs, toNs)` and at most half above it (time-weighted median); NaN for an empty span. */
export function medianLevel(steps: InFlightSteps, fromNs: number, toNs: number): number {
  const held = [...heldLevels(steps, fromNs, toNs)].sort((x, y) => x[0] - y[0]);
  const total = held.reduce((sum, [, ns]) => sum + ns, 0);
  let acc = 0;
  for (const [level, ns] of held) {
    acc += ns;
    if (acc >= total / 2) return level;
  }
  return Number.NaN;
}

/** The time-weighted mean in flight over `[fromNs, toNs)`; NaN for an empty span. */
export function meanLevel(steps: InFlightSteps, fromNs: number, toNs: number): number {
  let [total, weighted] = [0, 0];
  for (const [level, ns] of heldLevels(steps, fromNs, toNs)) {
    total += ns;
    weighted += level * ns;
  }
  return total > 0 ? weighted / total : Number.NaN;
}
