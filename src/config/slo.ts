/**
 * @module config/slo — service-level objectives for goodput: `--slo ttft:500ms,tpot:50ms,latency:10s`.
 *
 * Each key is a metric and its limit (a duration: ms, s or m; fractions kept); a request meets the SLO when it
 * succeeded and every given metric is within its limit. YAML: `slo: {ttft_ms: 500, tpot_ms: 50}`.
 */
import { z } from "zod";
import { InputError } from "../errors.ts";
import { tryParseDurationMs } from "./duration.ts";
import { durationMs } from "./schema/primitives.ts";

const SLO_KEYS = { ttft: "ttft_ms", tpot: "tpot_ms", latency: "latency_ms", e2e: "latency_ms" } as const;

export const SloSchema = z.strictObject({
  ttft_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: TTFT limit"),
  tpot_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: TPOT limit"),
  latency_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: end-to-end latency limit"),
});

/** `ttft:500ms,tpot:50ms` → {"slo.ttft_ms": 500, "slo.tpot_ms": 50} (config override paths). */
export function parseSloSpec(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = "", value = ""] = item.split(":", 2).map((s) => s.trim());
    const field = SLO_KEYS[key.toLowerCase() as keyof typeof SLO_KEYS];
    if (!field)
      throw new InputError(`--slo: unknown metric '${key}'`, {
        hint: "use ttft, tpot and/or latency, e.g. --slo ttft:500ms,tpot:50ms,latency:10s",
      });
    const parsed = tryParseDurationMs(value, true);
    if (!parsed.ok)
      throw new InputError(`--slo: ${key}: ${parsed.message}`, {
        hint: "limits are durations such as 500ms, 2s or 1m",
      });
    out[`slo.${field}`] = parsed.ms;
  }
  if (Object.keys(out).length === 0)
    throw new InputError("--slo needs at least one metric:limit pair", { hint: "e.g. --slo ttft:500ms,tpot:50ms" });
  return out;
}
