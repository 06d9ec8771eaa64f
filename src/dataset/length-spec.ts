/**
 * @module dataset/length-spec — token-length distributions for synthetic prompts and outputs.
 *
 * Text forms: `128` (fixed), `uniform:64:256` (inclusive), `normal:128:32` (mean:std, at
 * least 1) or `normal:128:32:64:256` (mean:std:min:max). Draws use the CPython-compatible RNG,
 * so a seeded dataset is the same every time.
 */
import { InputError } from "../errors.ts";
import { normalvariate } from "../rng/normal-variate.ts";
import type { PythonRandom } from "../rng/python-random.ts";

export type LengthSpec =
  | { kind: "fixed"; value: number }
  | { kind: "uniform"; min: number; max: number }
  | { kind: "normal"; mean: number; std: number; min: number; max: number };

const EXAMPLES = "e.g. 128, uniform:64:256, normal:128:32 or normal:128:32:64:256";

export function parseLengthSpec(text: string, name: string): LengthSpec {
  const parts = text.trim().split(":");
  const numbers = parts.slice(parts.length === 1 ? 0 : 1).map(Number);
  const bad = (why: string) => new InputError(`invalid ${name} '${text}': ${why}`, { hint: EXAMPLES });
  if (numbers.some((n) => !Number.isFinite(n) || n < 0)) throw bad("lengths must be non-negative numbers");
  const kind = parts.length === 1 ? "fixed" : parts[0];
  if (kind === "fixed" && numbers.length === 1) {
    if (!Number.isInteger(numbers[0]) || (numbers[0] as number) < 1)
      throw bad("a fixed length must be a whole number ≥ 1");
    return { kind, value: numbers[0] as number };
  }
  if (kind === "uniform" && numbers.length === 2) {
    const [min, max] = numbers as [number, number];
    if (min < 1 || max < min) throw bad("uniform needs 1 ≤ min ≤ max");
    return { kind, min: Math.ceil(min), max: Math.floor(max) };
  }
  if (kind === "normal" && (numbers.length === 2 || numbers.length === 4)) {
    const [mean, std, min = 1, max = Number.POSITIVE_INFINITY] = numbers as [number, number, number?, number?];
    if (min < 1 || max < min) throw bad("normal bounds need 1 ≤ min ≤ max");
    return { kind, mean, std, min: Math.ceil(min), max: Math.floor(max) };
  }
  throw bad("unknown form");
}

export function drawLength(spec: LengthSpec, rng: PythonRandom): number {
  switch (spec.kind) {
    case "fixed":
      return spec.value;
    case "uniform":
      return rng.randint(spec.min, spec.max);
    case "normal":
      return Math.min(spec.max, Math.max(spec.min, Math.round(normalvariate(rng, spec.mean, spec.std))));
  }
}
