/** @module config/duration — parses `--duration`-style values ("600s", "10m", "1.5m", "500ms", "600000") into milliseconds. */
import { InputError } from "../errors.ts";

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const DURATION_RE = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?$/i;

/** Example forms shown in every duration error. */
const DURATION_EXAMPLES = "600000 (ms), 500ms, 600s, 10m, 1.5m, 2h";

/**
 * Converts a duration to whole milliseconds. A bare number (or numeric string) is milliseconds,
 * as in the seed tool; `ms`, `s`, `m` and (ours) `h` suffixes scale it. Fractions are rounded to
 * the nearest millisecond. Throws InputError naming the value when it cannot be read.
 */
export function parseDurationMs(value: string | number): number {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) {
      throw new InputError(`invalid duration ${value}: must be a non-negative number of milliseconds`, {
        hint: `use one of ${DURATION_EXAMPLES}`,
      });
    }
    return value;
  }
  const match = DURATION_RE.exec(value.trim());
  if (!match) {
    throw new InputError(`invalid duration '${value}': expected milliseconds or a number with a unit`, {
      hint: `use one of ${DURATION_EXAMPLES}`,
    });
  }
  const amount = Number(match[1]);
  const unit = (match[2] ?? "ms").toLowerCase();
  return Math.round(amount * (UNIT_MS[unit] ?? 1));
}

/** Non-throwing variant for schema code: the duration in ms, or the error message. */
export function tryParseDurationMs(value: string | number): { ok: true; ms: number } | { ok: false; message: string } {
  try {
    return { ok: true, ms: parseDurationMs(value) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
