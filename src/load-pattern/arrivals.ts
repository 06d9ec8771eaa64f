/**
 * @module load-pattern/arrivals — open-loop arrival instants: Poisson, constant and gamma, with an optional linear ramp.
 *
 * Every instant is an absolute offset from the phase start (ns), accumulated from the start, so
 * timer lateness never drifts the schedule. Arrivals are drawn in "expected-arrival units"
 * (a unit-rate process) and mapped to time through the inverse of the cumulative rate Λ(t);
 * without a ramp that is u / qps, with a ramp from `rampStartQps` to `targetQps` over `rampUpS`
 * seconds Λ is quadratic during the ramp and linear after it.
 * Plain Poisson without a ramp keeps upstream's exact formula and RNG draws
 * (gap = max(1, int(expovariate(qps/1e9))) ns), so a seeded schedule matches it.
 */
import { gammavariate } from "../rng/gamma-variate.ts";
import { PythonRandom, type PythonSeed } from "../rng/python-random.ts";

export type ArrivalKind = "poisson" | "constant" | "gamma";

interface RateSchedule {
  targetQps: number;
  /** Linear ramp length in seconds; 0 = start at the target rate. */
  rampUpS: number;
  /** Rate at the start of the ramp (≥ 0). */
  rampStartQps: number;
}

/** Seconds at which Λ(t) = units (expected arrivals since the start). */
export function secondsForArrivals(units: number, r: RateSchedule): number {
  if (r.rampUpS <= 0) return units / r.targetQps;
  const rampArrivals = ((r.rampStartQps + r.targetQps) * r.rampUpS) / 2;
  if (units >= rampArrivals) return r.rampUpS + (units - rampArrivals) / r.targetQps;
  const slope = (r.targetQps - r.rampStartQps) / r.rampUpS;
  if (Math.abs(slope) < 1e-12) return units / r.rampStartQps;
  return (-r.rampStartQps + Math.sqrt(r.rampStartQps * r.rampStartQps + 2 * slope * units)) / slope;
}

/** Upstream's Poisson schedule, draw for draw. */
export function poissonOffsets(count: number, targetQps: number, seed: PythonSeed): Float64Array {
  // As upstream's poisson_delay_fn: a rate of 0 or less has no schedule (and would loop on infinite gaps).
  if (!(targetQps > 0)) throw new RangeError(`target_qps must be > 0, got ${targetQps}`);
  const rng = new PythonRandom(seed);
  const ratePerNs = targetQps / 1e9;
  const offsets = new Float64Array(count);
  let t = 0;
  for (let i = 0; i < count; i++) {
    t += Math.max(1, Math.trunc(rng.expovariate(ratePerNs)));
    offsets[i] = t;
  }
  return offsets;
}

interface ArrivalInput {
  kind: ArrivalKind;
  count: number;
  schedule: RateSchedule;
  seed: PythonSeed;
  /** Gamma shape: 1 = Poisson-like, < 1 burstier, > 1 more regular. */
  burstiness: number;
}

export function arrivalOffsets(input: ArrivalInput): Float64Array {
  const { kind, count, schedule } = input;
  if (kind === "poisson" && schedule.rampUpS <= 0) return poissonOffsets(count, schedule.targetQps, input.seed);
  const rng = new PythonRandom(input.seed);
  const offsets = new Float64Array(count);
  let units = 0;
  for (let i = 0; i < count; i++) {
    if (kind === "constant") units = i;
    else if (kind === "poisson") units += rng.expovariate(1);
    else units += gammavariate(rng, input.burstiness, 1 / input.burstiness);
    offsets[i] = Math.round(secondsForArrivals(units, schedule) * 1e9);
  }
  return offsets;
}

/** Closed loop with a ramp: slot i (of n) opens at rampUpS · i / n seconds. */
export function slotOffsets(concurrency: number, rampUpS: number): Float64Array {
  return Float64Array.from({ length: concurrency }, (_, i) => Math.round((rampUpS * 1e9 * i) / concurrency));
}
