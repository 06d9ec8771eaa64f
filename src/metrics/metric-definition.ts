/** @module metrics/metric-definition — the shape of one reported metric's name, unit and definition (metrics/metric-names). */

type MetricUnit =
  | "ns"
  | "ns/token"
  | "tokens"
  | "requests/s"
  | "tokens/s"
  | "requests"
  | "inputs/s"
  | "images"
  | "s"
  | "videos"
  | "bytes";

export interface MetricDefinition {
  /** Key in result_summary.json. */
  name: string;
  /** Short label used in report.txt. */
  label: string;
  /** Unit of the value stored in JSON (reports may render ns as ms). */
  unit: MetricUnit;
  /** One-line definition for the README. */
  definition: string;
}
