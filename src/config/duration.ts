/** @module config/duration — parses `--duration`-style values ("600s", "10m", "1.5m", "500ms", "600000") into milliseconds. */
import { InputError } from "../errors.ts";

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const DURATION_RE = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?$/i;

/** Example forms shown in every duration error. */
const DURATION_EXAMPLES = "600000 (ms), 500ms, 600s, 10m, 1.5m, 2h";

/**
 * Converts a duration to milliseconds. A bare number (or numeric string) is milliseconds, as in
 * upstream; `ms`, `s`, `m` and (ours) `h` suffixes scale it. Fractions are rounded to the
 * nearest millisecond unless `fractional` (an SLO limit of 5.2 ms must stay 5.2). Throws
 * InputError naming the value when it cannot be read.
 */
export function parseDurationMs(value: string | number, fractional = false): number {
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
  const ms = amount * (UNIT_MS[unit] ?? 1);
  // 15 significant digits drop the binary noise of the scaling (0.0052 s × 1000 = 5.2, not 5.199…).
  return fractional ? Number(ms.toPrecision(15)) : Math.round(ms);
}

/** Non-throwing variant for schema code: the duration in ms, or the error message. */
export function tryParseDurationMs(
  value: string | number,
  fractional = false,
): { ok: true; ms: number } | { ok: false; message: string } {
  try {
    return { ok: true, ms: parseDurationMs(value, fractional) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
