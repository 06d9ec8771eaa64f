/**
 * @module dataset/warmup-salt — unique prompts for the warmup phase, so it cannot warm the prefix cache.
 *
 * As upstream: each warmup request's prompt becomes "[<16 hex chars>] " + prompt, from 8
 * bytes of a CPython-compatible Random(warmup_seed + 2) drawn per request (so a repeated row gets
 * a different salt). Only plain string prompts can be salted; anything else is an input error
 * naming the first offending row, raised before any worker starts.
 */
import { InputError } from "../errors.ts";
import type { PythonRandom } from "../rng/python-random.ts";

export function assertSaltable(rows: readonly Record<string, unknown>[], datasetName: string): void {
  rows.forEach((row, i) => {
    const why =
      row.input_tokens !== undefined
        ? "has input_tokens"
        : row.messages !== undefined
          ? "has messages"
          : typeof row.prompt !== "string"
            ? "has no string prompt"
            : null;
    if (why) {
      throw new InputError(`${datasetName}: row ${i + 1} ${why}, so warmup prompts cannot be salted`, {
        hint: "turn salting off (--no-warmup-salt) or use a dataset of plain text prompts",
      });
    }
  });
}

export function saltedRow(row: Record<string, unknown>, rng: PythonRandom): Record<string, unknown> {
  const salt = Array.from(rng.randbytes(8), (b) => b.toString(16).padStart(2, "0")).join("");
  return { ...row, prompt: `[${salt}] ${row.prompt as string}` };
}
