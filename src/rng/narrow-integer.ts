/** @module rng/narrow-integer — exact integers of any size, kept as numbers where they fit: MLPerf seeds exceed 2^53. */

/** A bigint as a number when it fits one exactly, so small seeds stay ordinary numbers. */
export function narrowInteger(value: bigint): number | bigint {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value;
}
