/**
 * @module rng/gamma-variate — CPython's `random.gammavariate(alpha, beta)`, draw for draw.
 *
 * Same algorithms and constants as CPython 3.11 (Cheng's for alpha > 1, exponential for
 * alpha = 1, Kennedy & Gentle's GS for alpha < 1), so a seeded schedule is reproducible from
 * Python. Mean alpha·beta, variance alpha·beta².
 */
const LOG4 = Math.log(4.0);
const SG_MAGICCONST = 1.0 + Math.log(4.5);

export interface UniformSource {
  random(): number;
}

export function gammavariate(rng: UniformSource, alpha: number, beta: number): number {
  if (!(alpha > 0) || !(beta > 0))
    throw new RangeError(`gammavariate needs alpha > 0 and beta > 0, got ${alpha}, ${beta}`);
  if (alpha > 1.0) {
    const ainv = Math.sqrt(2.0 * alpha - 1.0);
    const bbb = alpha - LOG4;
    const ccc = alpha + ainv;
    for (;;) {
      const u1 = rng.random();
      if (!(u1 > 1e-7 && u1 < 0.9999999)) continue;
      const u2 = 1.0 - rng.random();
      const v = Math.log(u1 / (1.0 - u1)) / ainv;
      const x = alpha * Math.exp(v);
      const z = u1 * u1 * u2;
      const r = bbb + ccc * v - x;
      if (r + SG_MAGICCONST - 4.5 * z >= 0.0 || r >= Math.log(z)) return x * beta;
    }
  }
  if (alpha === 1.0) return -Math.log(1.0 - rng.random()) * beta;
  for (;;) {
    const u = rng.random();
    const b = (Math.E + alpha) / Math.E;
    const p = b * u;
    const x = p <= 1.0 ? p ** (1.0 / alpha) : -Math.log((b - p) / alpha);
    const u1 = rng.random();
    if (p > 1.0 ? u1 <= x ** (alpha - 1.0) : u1 <= Math.exp(-x)) return x * beta;
  }
}
