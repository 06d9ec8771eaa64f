/**
 * @module config/exact-json — JSON that keeps integers beyond 2^53 exact: bigints are written as
 * bare integers (as upstream writes MLPerf's 64-bit seeds) and such integers read back as bigints.
 */
import { narrowInteger } from "../rng/narrow-integer.ts";

const INTEGER_SOURCE = /^-?\d+$/;
// JSON.rawJSON (ES2025, in Bun) is not in TypeScript's lib yet.
const { rawJSON } = JSON as unknown as { rawJSON(text: string): unknown };

/** `JSON.stringify` that writes bigints as bare integers. */
export function toExactJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? rawJSON(String(v)) : v), indent);
}

/** `JSON.parse` that reads integers too large for a number as bigints. */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown, context?: { source?: string }) =>
    typeof v === "number" &&
    !Number.isSafeInteger(v) &&
    context?.source !== undefined &&
    INTEGER_SOURCE.test(context.source)
      ? narrowInteger(BigInt(context.source))
      : v,
  );
}
