/**
 * @module server/fault-plan — which completion request gets which fault: a pure function of the seed and arrival order.
 *
 * Request n (0-based, in the order the mock saw their request lines) draws two uniforms from a
 * generator seeded by (seed, n) alone: the first decides whether it is faulty (< rate), the
 * second picks one of the configured faults uniformly. Nothing depends on earlier requests, so
 * a run with the same seed and the same arrival order gets the same faults, and a test can ask
 * what request n will get. A drawn fault counts as injected only once it is carried out: a
 * request the server cannot parse gets its 400 instead, and no fault.
 */
import type { FaultSpec } from "./fault-spec.ts";
import { seededRandom } from "./latency-model.ts";

/** A 32-bit integer hash (the murmur3 finaliser): nearby inputs give unrelated outputs. */
function mix32(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

interface FaultPlan {
  faults: readonly FaultSpec[];
  /** Share of requests that get a fault, 0..1. */
  rate: number;
  seed: number;
}

/** The fault of the `index`-th completion request, or null for a normal answer. */
export function faultForRequest(plan: FaultPlan, index: number): FaultSpec | null {
  if (plan.faults.length === 0 || plan.rate <= 0) return null;
  const random = seededRandom(mix32(mix32(plan.seed) ^ mix32(index + 0x9e3779b9)));
  const faulty = random() < plan.rate;
  const pick = Math.floor(random() * plan.faults.length);
  return faulty ? (plan.faults[pick] ?? null) : null;
}

/** Hands out faults in arrival order and counts them by label. */
export class FaultDealer {
  #next = 0;
  readonly #counts = new Map<string, number>();

  constructor(private readonly plan: FaultPlan) {}

  /** The next completion request's fault (null: none); not counted until `injected`. */
  next(): FaultSpec | null {
    return faultForRequest(this.plan, this.#next++);
  }

  /** Counts a drawn fault that was carried out. */
  injected(label: string): void {
    this.#counts.set(label, (this.#counts.get(label) ?? 0) + 1);
  }

  /** Completion requests seen so far. */
  get requests(): number {
    return this.#next;
  }

  /** Injected faults per label, e.g. {"status:500": 31, "refuse": 4}. */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.#counts].sort(([a], [b]) => a.localeCompare(b)));
  }
}
