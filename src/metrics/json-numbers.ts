/**
 * @module metrics/json-numbers — strict-JSON numbers: NaN and ±Infinity become null.
 *
 * JSON has no NaN; Python's json writes a bare `NaN` that strict parsers reject, so upstream
 * (and we) scrub non-finite numbers to null before writing any report.
 */

/** `v` when it is a finite number, otherwise null. */
export function finiteOrNull(v: number | null | undefined): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** A deep copy of `value` in which every non-finite number is null (plain objects and arrays only). */
export function scrubNonFinite(value: unknown): unknown {
  if (typeof value === "number") return finiteOrNull(value);
  if (Array.isArray(value)) return value.map(scrubNonFinite);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return Array.from(value as unknown as ArrayLike<number>, (v) => finiteOrNull(Number(v)));
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubNonFinite(v);
    return out;
  }
  return value;
}
