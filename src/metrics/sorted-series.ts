/**
 * @module metrics/sorted-series — each metric series of a phase sorted once, shared by every reader.
 *
 * Percentiles, early stopping, histograms and the report's charts all need a series' finite
 * values in ascending order. Sorting a million values is slow and a copy is 8 MB, so a series
 * is computed and sorted on first use and then reused: result_summary.json and report.html read
 * the same arrays. ITL is sorted in the columns' own array (its order means nothing).
 */
import type { PhaseColumns } from "./phase-columns.ts";
import { sortFiniteInPlace, type SeriesArray } from "./percentiles.ts";
import { seriesValues, type SeriesName } from "./request-values.ts";

type SortedSeriesName = SeriesName | "itl";

/** `part` itself, or a copy when it would keep more than an eighth of its buffer alive for nothing. */
function compact(part: Float64Array): Float64Array {
  const buffered = part.buffer.byteLength / 8;
  return (buffered - part.length) * 8 > buffered ? part.slice() : part;
}

export class SortedSeries {
  readonly #cols: PhaseColumns;
  readonly #sorted = new Map<SortedSeriesName, SeriesArray>();

  constructor(cols: PhaseColumns) {
    this.#cols = cols;
  }

  /** The finite values of `name`, ascending. Shared: callers must not modify it. */
  get(name: SortedSeriesName): SeriesArray {
    let sorted = this.#sorted.get(name);
    if (sorted === undefined) {
      sorted =
        name === "itl"
          ? sortFiniteInPlace(this.#cols.itlNs)
          : compact(sortFiniteInPlace(seriesValues(this.#cols, name)));
      this.#sorted.set(name, sorted);
    }
    return sorted;
  }
}
