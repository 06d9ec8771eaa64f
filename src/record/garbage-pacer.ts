/**
 * @module record/garbage-pacer — a full garbage collection every so many rows of a long table scan.
 *
 * bun:sqlite builds one short-lived JS object (and a string per text column) for every row.
 * JavaScriptCore sizes its collection threshold by the live heap, and the metric columns of a
 * million requests make that heap large, so the dead rows pile up unless a collection clears
 * them every so many rows. Reading in keyset chunks with `values()` does not help: the arrays
 * are garbage just the same.
 */

/** Rows between collections: often enough to keep the dead rows down, rarely enough to cost the scan little. */
export const ROWS_PER_COLLECTION = 100_000;

const fullCollection = (): void => {
  Bun.gc(true);
};

/** Returns a function to call once per row; every `rowsPerCollection` calls it runs `collect` (a synchronous full GC). */
export function garbagePacer(
  rowsPerCollection: number = ROWS_PER_COLLECTION,
  collect: () => void = fullCollection,
): () => void {
  let rows = 0;
  return () => {
    if (++rows % rowsPerCollection === 0) collect();
  };
}
