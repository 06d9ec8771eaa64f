/**
 * @module accuracy/rouge/numpy-numbers — the arithmetic MLPerf's ROUGE report goes through, done
 * as numpy and Python do it, so that its 4-decimal strings come out the same:
 * `np.mean` (pairwise sums of 8192-element blocks, added in turn), `round(np.float64, n)` (scale, round
 * half to even, unscale) and `f"{x}"` (the shortest repr, always with a decimal point).
 */

/** numpy's unrolled pairwise sum of float64 (blocks of 128, eight accumulators). */
function pairwiseSum(values: Float64Array, start: number, n: number): number {
  if (n < 8) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[start + i] as number;
    return sum;
  }
  if (n <= 128) {
    const r = Array.from({ length: 8 }, (_, j) => values[start + j] as number);
    let i = 8;
    for (; i < n - (n % 8); i += 8)
      for (let j = 0; j < 8; j++) r[j] = (r[j] as number) + (values[start + i + j] as number);
    const [r0, r1, r2, r3, r4, r5, r6, r7] = r as [number, number, number, number, number, number, number, number];
    let sum = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) sum += values[start + i] as number;
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, n - half);
}

/** numpy reduces in blocks of its buffer size, each summed pairwise. */
const NUMPY_BUFFER = 8192;

/** `np.mean(values)` bit for bit; NaN when empty. */
export function numpyMean(values: Float64Array): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let start = 0; start < values.length; start += NUMPY_BUFFER) {
    const block = pairwiseSum(values, start, Math.min(NUMPY_BUFFER, values.length - start));
    sum = start === 0 ? block : sum + block;
  }
  return sum / values.length;
}

/** `round(np.float64(x), digits)`: x·10^d rounded half to even, then divided back. */
export function numpyRound(x: number, digits: number): number {
  const scale = 10 ** digits;
  const y = x * scale;
  const floor = Math.floor(y);
  const rest = y - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return rounded / scale;
}

/** Python's `str(float)` for the values a score takes: `44.1234`, `100.0`, `nan`. */
export function pythonFloatText(x: number): string {
  if (Number.isNaN(x)) return "nan";
  return Number.isInteger(x) ? `${x}.0` : String(x);
}
