/**
 * @module mlperf/run-verdict — VALID or INVALID, with every reason, for a run made under an
 * MLPerf ruleset (`submission_ref`), judged as LoadGen judges a result: completed, long enough,
 * enough queries, no failed queries, the load generator on schedule, the round's seeds, and TTFT
 * and TPOT p99 within the priority's caps.
 *
 * Which p99 decides a cap: the early-stopping estimate when the run has one. It is the bound
 * LoadGen checks — an upper confidence bound on the true p99, so a run cannot pass a cap by luck
 * with few samples — and it is never below the empirical p99. A run too small for an estimate is
 * judged on its empirical p99, and the reason says which one was used. The caps bound latency
 * under load, as LoadGen's Server scenario does; an offline run (max_throughput: every query due
 * at the start) has no latency constraint, as in LoadGen's Offline scenario.
 */
import { z } from "zod";
import { PRIORITIES, type Priority } from "./ruleset-models.ts";
import { RULESETS } from "./rulesets.ts";
import type { Rollup } from "../metrics/series-rollup.ts";
import type { ResultSummary } from "../report/result-summary.ts";

export interface SubmissionSettings {
  ruleset: string;
  model: string;
  priority: Priority;
}

/** result_summary.json's `result` block: its shape, declared once. */
export const RunVerdictSchema = z.strictObject({
  valid: z.boolean(),
  reasons: z.array(z.string()),
  ruleset: z.string(),
  model: z.string(),
  priority: z.enum(PRIORITIES),
});

type RunVerdict = z.infer<typeof RunVerdictSchema>;

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

/** The p99 a cap is checked against, and which estimate it is. */
function p99(rollup: Rollup): { valueNs: number; estimate: string } | null {
  const early = rollup.early_stopping_percentiles?.["99.0"];
  if (typeof early === "number") return { valueNs: early, estimate: "early-stopping estimate" };
  const empirical = rollup.percentiles?.["99.0"];
  return typeof empirical === "number"
    ? { valueNs: empirical, estimate: "empirical; too few samples for an early-stopping estimate" }
    : null;
}

function capReason(name: string, rollup: Rollup, capMs: number | null, priority: Priority): string | null {
  if (capMs === null) return null;
  const value = p99(rollup);
  if (value === null) return `${name} p99 could not be measured; the ${priority} cap is ${capMs} ms`;
  return value.valueNs > capMs * 1e6
    ? `${name} p99 ${ms(value.valueNs)} ms (${value.estimate}) is over the ${priority} cap of ${capMs} ms`
    : null;
}

export function runVerdict(summary: ResultSummary, settings: SubmissionSettings): RunVerdict {
  const verdict = (reasons: string[]): RunVerdict => ({ valid: reasons.length === 0, reasons, ...settings });
  const ruleset = RULESETS.get(settings.ruleset);
  const rule = ruleset?.models.get(settings.model);
  if (!ruleset || !rule) return verdict([`model '${settings.model}' has no rules in ruleset '${settings.ruleset}'`]);
  const reasons: string[] = [];
  if (summary.state !== "complete") reasons.push(`the run did not complete (state: ${summary.state})`);
  const durationMs = (summary.duration_ns ?? 0) / 1e6;
  if (durationMs < rule.minDurationMs)
    reasons.push(
      `the run lasted ${Math.round(durationMs) / 1000} s; the ruleset requires at least ${rule.minDurationMs / 1000} s`,
    );
  if (summary.n_samples_completed < rule.minSampleCount) {
    reasons.push(
      `${summary.n_samples_completed} queries completed; the ruleset requires at least ${rule.minSampleCount}`,
    );
  }
  if (summary.n_samples_failed > 0) reasons.push(`${summary.n_samples_failed} queries failed`);
  if (summary.load_generator === "fell_behind")
    reasons.push("the load generator fell behind its schedule (see load_generator and schedule_lag)");
  const offline = (summary.run_config.load_pattern as { type?: string } | undefined)?.type === "max_throughput";
  const caps = offline ? undefined : rule.caps[settings.priority];
  for (const reason of [
    capReason("TTFT", summary.ttft, caps?.ttftMs ?? null, settings.priority),
    capReason("TPOT", summary.tpot, caps?.tpotMs ?? null, settings.priority),
  ]) {
    if (reason) reasons.push(reason);
  }
  const seeds = summary.run_config;
  const pinned = [
    ["scheduler_random_seed", seeds.scheduler_random_seed, ruleset.schedulerSeed],
    ["dataloader_random_seed", seeds.dataloader_random_seed, ruleset.sampleIndexSeed],
    [
      "warmup_random_seed",
      (seeds.warmup as Record<string, unknown> | undefined)?.warmup_random_seed,
      ruleset.sampleIndexSeed,
    ],
  ] as const;
  for (const [name, value, expected] of pinned) {
    if (value !== undefined && BigInt(value as number | bigint) !== expected)
      reasons.push(`${name} is ${String(value)}; the ruleset pins ${expected}`);
  }
  return verdict(reasons);
}

/** The first lines of report.txt for a judged run. */
export function verdictLines(verdict: RunVerdict): string[] {
  const head = `Result: ${verdict.valid ? "VALID" : "INVALID"} (${verdict.ruleset}, ${verdict.model}, ${verdict.priority})`;
  return [head, ...verdict.reasons.map((reason) => `  - ${reason}`)];
}
