/**
 * @module record/request-field-lists — record/request-fields' declaration as types and lists: the
 * record a producer fills, the metric rows and columns, the fields by wire.
 */
import { REQUEST_FIELDS, type FieldSpec } from "./request-fields.ts";

export type { FieldSpec } from "./request-fields.ts";

type Wire = FieldSpec["wire"];
type MetricArray = Extract<FieldSpec["metric"], string>;
type Fields = typeof REQUEST_FIELDS;
export type FieldName = keyof Fields;
type ValueOf<F> = F extends { type: infer T } ? T : never;
type Measured<K extends FieldName> = Fields[K]["wire"] extends "after-run" ? never : K;
type RequiredKey<K extends FieldName> = Fields[K] extends { fallback: unknown } ? never : Measured<K>;
type OptionalKey<K extends FieldName> = Fields[K] extends { fallback: unknown } ? Measured<K> : never;

/** What a worker measured about one request: every field of REQUEST_FIELDS but the after-run ones. */
export type MeasuredFields = { -readonly [K in FieldName as RequiredKey<K>]: ValueOf<Fields[K]> } & {
  -readonly [K in FieldName as OptionalKey<K>]?: ValueOf<Fields[K]>;
};

/** The fields, in declaration order (the events.db column order), with their names. */
export const FIELD_LIST: readonly (FieldSpec & { name: FieldName })[] = Object.entries(REQUEST_FIELDS).map(
  ([name, spec]) => ({ ...(spec as FieldSpec), name: name as FieldName }),
);

/** The fields that travel as `wire`, in declaration order. */
export function fieldsOf(...wires: Wire[]): (FieldSpec & { name: FieldName })[] {
  return FIELD_LIST.filter((f) => wires.includes(f.wire));
}

type MetricKey<K extends FieldName> = Fields[K] extends { metric: MetricArray } ? K : never;
type ArrayOf<F> = F extends { metric: "f64" }
  ? Float64Array
  : F extends { metric: "u16" }
    ? Uint16Array
    : F extends { metric: "u32" }
      ? Uint32Array
      : never;
type MetricFieldName = { [K in FieldName]: Fields[K] extends { metric: unknown } ? K : never }[FieldName];
/** Fields a metric row may lack: the after-run ones (records in memory have none) and those with a fallback. */
type MaybeAbsentName = {
  [K in FieldName]: Fields[K] extends { wire: "after-run" } | { fallback: unknown } ? K : never;
}[FieldName];

/** A phase's metric columns that are one typed array per field (metrics/phase-columns), NaN where a float field is null. */
export type MetricArrays = { -readonly [K in FieldName as MetricKey<K>]: ArrayOf<Fields[K]> };

/** One request's values as the metric columns take them: a record's metric fields, and the after-run ones where events.db has them. */
export type MetricRow = { -readonly [K in Exclude<MetricFieldName, MaybeAbsentName>]: ValueOf<Fields[K]> } & {
  -readonly [K in Extract<MetricFieldName, MaybeAbsentName>]?: ValueOf<Fields[K]> | null;
};

/** The fields held as one typed array each in the metric columns, with the array's kind. */
export const METRIC_ARRAY_FIELDS = FIELD_LIST.filter(
  (f): f is FieldSpec & { name: FieldName; metric: MetricArray } => typeof f.metric === "string",
);
