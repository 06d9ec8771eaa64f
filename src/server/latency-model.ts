/** @module server/latency-model — seeded per-request samples of TTFT, TPOT and output length. */
import type { MockServerOptions } from "./options.ts";

/** One request's latency parameters. */
export interface LatencySample {
  ttftMs: number;
  tpotMs: number;
  outputTokens: number;
}

/** A uniform generator on [0, 1). */
type RandomSource = () => number;

/** mulberry32: tiny, fast and good enough for jitter; the same seed gives the same sequence. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A value uniform on [mean − spread, mean + spread], never below `min`. */
export function uniformAround(mean: number, spread: number, random: RandomSource, min = 0): number {
  if (spread <= 0) return Math.max(min, mean);
  return Math.max(min, mean + (2 * random() - 1) * spread);
}

type LatencyOptions = Pick<
  MockServerOptions,
  "ttftMs" | "tpotMs" | "outputTokens" | "ttftSpreadMs" | "tpotSpreadMs" | "outputTokensSpread" | "seed"
> &
  Partial<Pick<MockServerOptions, "modelLatency">>;

/**
 * Returns a sampler drawing one LatencySample per call. TPOT is drawn once per request (not per
 * token) so that the TPOT distribution across requests shows the configured spread; per-token
 * jitter would average out over a response. A model named in `modelLatency` (`--model-latency`) has its own
 * means; every other model, and a request naming none, the defaults.
 */
export function createLatencyModel(options: LatencyOptions): (model?: string | null) => LatencySample {
  const random = seededRandom(options.seed);
  const byModel = new Map(Object.entries(options.modelLatency ?? {}));
  return (model) => {
    const own = model ? byModel.get(model) : undefined;
    return {
      ttftMs: uniformAround(own?.ttftMs ?? options.ttftMs, options.ttftSpreadMs, random),
      tpotMs: uniformAround(own?.tpotMs ?? options.tpotMs, options.tpotSpreadMs, random),
      outputTokens: Math.round(uniformAround(options.outputTokens, options.outputTokensSpread, random, 1)),
    };
  };
}
