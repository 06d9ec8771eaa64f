/**
 * @module rng/normal-variate — CPython's `random.normalvariate(mu, sigma)` (Kinderman–Monahan), draw for draw.
 */
import type { UniformSource } from "./gamma-variate.ts";

const NV_MAGICCONST = (4 * Math.exp(-0.5)) / Math.sqrt(2.0);

export function normalvariate(rng: UniformSource, mu: number, sigma: number): number {
  for (;;) {
    const u1 = rng.random();
    const u2 = 1.0 - rng.random();
    const z = (NV_MAGICCONST * (u1 - 0.5)) / u2;
    if ((z * z) / 4.0 <= -Math.log(u2)) return mu + z * sigma;
  }
}
