/**
 * @module plan/model-assignment — which model of a mix each request of a phase goes to: a pure function of
 * the weights, the request count and a seed.
 *
 * Ours: each model gets its share of the requests as exactly as whole requests allow (largest remainder,
 * so 3:1 over 1,000 requests is 750 and 250), in an order shuffled by the seeded CPython-compatible RNG.
 * AIPerf and GuideLLM draw each request's model independently, so their split wanders by a few percent
 * from the weights on a short run; a per-model comparison then compares different sample sizes by chance.
 * Held to the plan, the split is the same on every run with that seed, and each model's requests are
 * spread over the whole run rather than bunched.
 */
import { PythonRandom, type PythonSeed } from "../rng/python-random.ts";

/** Each model's number of requests: `count` shared by weight, remainders to the largest fractions (ties: the earlier model). */
export function modelCounts(weights: readonly number[], count: number): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const exact = weights.map((w) => (count * w) / total);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}

/** The model index of each of `count` requests: `modelCounts` of each, in an order shuffled from `seed`. */
export function assignModels(weights: readonly number[], count: number, seed: PythonSeed): Uint16Array {
  const models = new Uint16Array(count);
  let at = 0;
  modelCounts(weights, count).forEach((n, model) => {
    models.fill(model, at, at + n);
    at += n;
  });
  new PythonRandom(seed).shuffle(models);
  return models;
}
