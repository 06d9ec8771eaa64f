/** @module plan/due-count — how many of a plan's entries are due by an instant: its offsets are sorted, so a binary search. */

/** Index of the first offset greater than `tNs` (offsets sorted ascending): the entries due by `tNs`. */
export function dueCount(offsetsNs: Float64Array, tNs: number): number {
  let lo = 0;
  let hi = offsetsNs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((offsetsNs[mid] as number) <= tNs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
