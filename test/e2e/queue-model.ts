/**
 * The queue `serve --mode model --max-concurrent N` builds, computed from first principles: first
 * come first served on N places, each request holding one for a fixed service time, its TTFT
 * the wait plus the server's TTFT. The sweep acceptance test finds the knee of this model
 * on the very schedule the tool sends (the seeded Poisson offsets, which scale as 1/rate) and
 * checks the sweep's answer against it.
 */
import { poissonOffsets } from "../../src/load-pattern/arrivals.ts";

/** Each arrival's wait for a free place (ns); `arrivalsNs` ascending. */
export function queueWaitsNs(arrivalsNs: Float64Array, places: number, serviceNs: number): Float64Array {
  const freeAt = new Float64Array(places);
  const waits = new Float64Array(arrivalsNs.length);
  for (let i = 0; i < arrivalsNs.length; i++) {
    let first = 0;
    for (let p = 1; p < places; p++) if ((freeAt[p] as number) < (freeAt[first] as number)) first = p;
    const start = Math.max(arrivalsNs[i] as number, freeAt[first] as number);
    waits[i] = start - (arrivalsNs[i] as number);
    freeAt[first] = start + serviceNs;
  }
  return waits;
}

interface KneeModel {
  count: number;
  seed: number;
  places: number;
  serviceMs: number;
  ttftMs: number;
  sloTtftMs: number;
  /** Share of requests (%) that must meet the SLO. */
  percentile: number;
}

/** True when at `rate` at least `percentile` % of requests see TTFT within the SLO. */
export function modelPasses(m: KneeModel, rate: number): boolean {
  const waits = queueWaitsNs(poissonOffsets(m.count, rate, m.seed), m.places, m.serviceMs * 1e6);
  const met = waits.filter((w) => w / 1e6 + m.ttftMs <= m.sloTtftMs).length;
  return (100 * met) / m.count >= m.percentile;
}

/** The highest passing rate, to 0.1 %, by bisection below the capacity (places ÷ service time). */
export function modelKnee(m: KneeModel): number {
  let lo = 0;
  let hi = (m.places * 1000) / m.serviceMs;
  if (modelPasses(m, hi)) return hi;
  while (hi - lo > hi * 0.001) {
    const mid = (lo + hi) / 2;
    if (modelPasses(m, mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
