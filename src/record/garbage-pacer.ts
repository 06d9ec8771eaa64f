/**
 * @module record/garbage-pacer — a full garbage collection every so many rows of a long table scan.
 *
 * bun:sqlite builds one short-lived JS object (and a string per text column) for every row.
 * JavaScriptCore sizes its collection threshold by the live heap, and the metric columns of a
 * million requests make that heap large, so the dead rows pile up: reading a 1M-row events.db
 * peaked at 366 MB RSS, 155 MB with a collection every 20 000 rows (measured). Reading in keyset
 * chunks with `values()` did not help — the arrays are garbage just the same — and was slower.
 */

/** Rows between collections: ~10 ms of GC per 100 000 rows, a few % of the scan. */
export const ROWS_PER_COLLECTION = 100_000;

const fullCollection = (): void => {
  Bun.gc(true);
};

/** Returns a function to call once per row; every `rowsPerCollection` calls it runs `collect` (a synchronous full GC). */
export function garbagePacer(rowsPerCollection: number = ROWS_PER_COLLECTION, collect: () => void = fullCollection): () => void {
  let rows = 0;
  return () => {
    if (++rows % rowsPerCollection === 0) collect();
  };
}
