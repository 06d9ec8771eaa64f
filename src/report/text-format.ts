/**
 * @module report/text-format — number and value formatting shared by the text renderers.
 *
 * JSON keeps ns; text shows ms with 2 decimals (×1e-6), token counts as integers when whole,
 * and "N/A" wherever a value is missing (null or non-finite), never "NaN".
 */
import { floatRepr, formatF, pythonStr } from "../metrics/python-float-format.ts";
import type { ResultSummary } from "./result-summary.ts";

/** run_config.load_pattern.type, or null when the config does not say. */
export function loadPatternType(s: Pick<ResultSummary, "run_config">): string | null {
  const lp = s.run_config.load_pattern;
  if (lp === null || typeof lp !== "object") return null;
  const type = (lp as Record<string, unknown>).type;
  return typeof type === "string" ? type : null;
}

const NS_PER_MS = 1e6;
export const NS_PER_S = 1e9;

/** How a series is shown in text. */
export type DisplayUnit = "ms" | "tokens";

/** `v` with 2 decimals as upstream's `:.2f` (an exact tie to even: 0.125 → 0.12), or "N/A". */
export function fixed2(v: number | null | undefined): string {
  return typeof v === "number" && Number.isFinite(v) ? formatF(v, 2) : "N/A";
}

/** A ns value as ms with 2 decimals, or "N/A". */
export function nsAsMs(ns: number | null | undefined): string {
  return typeof ns === "number" ? fixed2(ns / NS_PER_MS) : "N/A";
}

/** A token count: whole numbers as integers, fractions (averages, edges) with 2 decimals. */
export function tokens(v: number | null | undefined): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "N/A";
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** A series value (stored in ns or tokens) in its display unit, without the unit. */
function displayValue(v: number | null | undefined, unit: DisplayUnit): string {
  return unit === "ms" ? nsAsMs(v) : tokens(v);
}

/** A series value with its unit: "12.34 ms", "128 tokens", or "N/A". */
export function withUnit(v: number | null | undefined, unit: DisplayUnit): string {
  const text = displayValue(v, unit);
  return text === "N/A" ? text : `${text} ${unit}`;
}

/** run_config fields upstream's schema types as float, which Python prints with a point (10 → `10.0`). */
const UPSTREAM_FLOATS: ReadonlySet<string> = new Set(["target_qps"]);

/** A config value on one line as upstream's report prints it, Python's str: `None`, `True`, strings bare, lists and dicts as Python's. */
export function configValue(v: unknown, key = ""): string {
  return typeof v === "number" && UPSTREAM_FLOATS.has(key) ? floatRepr(v) : pythonStr(v);
}

/** "  load_pattern: type=poisson, target_qps=10.0" lines for a run_config block, as upstream's report writes them. */
export function runConfigLines(runConfig: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(runConfig)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const parts = Object.entries(value).map(([k, v]) => `${k}=${configValue(v, k)}`);
      lines.push(`  ${key}: ${parts.join(", ")}`);
    } else {
      lines.push(`  ${key}: ${configValue(value, key)}`);
    }
  }
  return lines;
}

/** The load generator's verdict in figures: the p99 lag it judged and its limit (report.txt, report.html). */
export function loadGeneratorFigures(
  s: Pick<ResultSummary, "load_generator_lag_p99_ns" | "load_generator_lag_limit_ns" | "run_config">,
): string {
  const burst = loadPatternType(s) === "concurrency" ? " after the opening burst" : "";
  return `schedule lag p99${burst} ${nsAsMs(s.load_generator_lag_p99_ns)} ms, limit ${nsAsMs(s.load_generator_lag_limit_ns)} ms`;
}

/**
 * What the planned requests without a row were: never sent; and after an interrupted run, which
 * may have been killed (its database is read as interrupted), also those in flight at its death.
 */
export function droppedLabel(s: Pick<ResultSummary, "state">): string {
  return s.state === "interrupted"
    ? "Dropped requests (planned, no record: never sent, or in flight if the run was killed)"
    : "Dropped requests (planned, never sent)";
}

/** "12.30 req/s meeting ttft ≤ 500 ms, tpot ≤ 5.2 ms (123 of 125, 98.40 %; SLO at p99 missed)" (report.txt, report.html). */
export function goodputText(g: NonNullable<ResultSummary["goodput"]>): string {
  const limits = Object.entries(g.slo)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/_ms$/, "")} ≤ ${v} ms`)
    .join(", ");
  const verdict = `SLO at p${g.target_pct} ${g.target_met ? "met" : "missed"}`;
  return `${fixed2(g.requests_per_s)} req/s meeting ${limits} (${g.met} of ${g.completed}, ${fixed2(g.attainment_pct)} %; ${verdict})`;
}
