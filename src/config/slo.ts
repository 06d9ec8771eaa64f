/**
 * @module config/slo — service-level objectives for goodput: `--slo ttft:500ms,tpot:50ms,latency:10s,p=95` (and `ttfo:` for reasoning models).
 *
 * Each key is a metric and its limit (a duration: ms, s or m; fractions kept); a request meets the SLO when it
 * succeeded and every given metric is within its limit. `p=NN` is the share of requests (%) that must meet it for
 * the run to meet its SLO (default 99), for `benchmark` and `sweep` alike: a sweep's search judges its steps by it.
 * YAML: `slo: {ttft_ms: 500, tpot_ms: 50, percentile: 95}`.
 */
import { z } from "zod";
import { InputError } from "../errors.ts";
import { tryParseDurationMs } from "./duration.ts";
import { durationMs, num } from "./schema/primitives.ts";

const SLO_KEYS = {
  ttft: "ttft_ms",
  ttfo: "ttfo_ms",
  tpot: "tpot_ms",
  latency: "latency_ms",
  e2e: "latency_ms",
} as const;

/** The share of requests (%) that must meet every limit when the SLO gives none (`p=`), as a sweep's search judges. */
export const DEFAULT_SLO_PERCENTILE = 99;

export const SloSchema = z.strictObject({
  ttft_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: TTFT limit"),
  tpot_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: TPOT limit"),
  ttfo_ms: durationMs({ fractional: true })
    .nullable()
    .default(null)
    .describe("goodput: TTFO limit (time to the first output that is not reasoning)"),
  latency_ms: durationMs({ fractional: true }).nullable().default(null).describe("goodput: end-to-end latency limit"),
  percentile: num(z.number().gt(0).max(100))
    .nullable()
    .default(null)
    .describe("goodput: the share of requests (%) that must meet every limit (--slo …,p=95); default 99"),
});

/** `p=95` → 95; a share outside (0, 100] is refused. */
function parseShare(text: string): number {
  const p = text.trim() === "" ? Number.NaN : Number(text);
  if (!(p > 0 && p <= 100))
    throw new InputError(`--slo: p=${text}: the share of requests must be a percentage above 0 and at most 100`, {
      hint: "e.g. --slo ttft:500ms,p=99",
    });
  return p;
}

/**
 * `ttft:500ms,tpot:50ms,p=95` → {"slo.ttft_ms": 500, "slo.tpot_ms": 50, "slo.percentile": 95} (config override
 * paths). `p=95` alone sets only the share and leaves the limits to the config's `slo:`.
 */
export function parseSloSpec(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const share = /^p\s*=\s*(.*)$/.exec(item);
    if (share) {
      out["slo.percentile"] = parseShare(share[1] as string);
      continue;
    }
    const [key = "", value = ""] = item.split(":", 2).map((s) => s.trim());
    const field = SLO_KEYS[key.toLowerCase() as keyof typeof SLO_KEYS];
    if (!field)
      throw new InputError(`--slo: unknown metric '${key}'`, {
        hint: "use ttft, ttfo, tpot and/or latency, and p= for the share, e.g. --slo ttft:500ms,tpot:50ms,latency:10s,p=95",
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
