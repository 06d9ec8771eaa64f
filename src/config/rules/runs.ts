/**
 * @module config/rules/runs — `--runs N` repeats a whole run in sequence: refused where a repeat would not be the same run.
 *
 * A shard is one part of a plan that other processes run at one instant, `--start-at` is one
 * instant, the output-caching audit compares two phases of one run, and an accuracy-only run has
 * no performance figures to spread: each with `runs` above 1 is refused rather than half done.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

export const runsRule: Rule = (config, { mode }) => {
  if (config.runs <= 1) return [];
  const clash = (what: string): ConfigProblem => ({
    path: "runs",
    message: `${config.runs} runs cannot be combined with ${what}`,
  });
  const problems: ConfigProblem[] = [];
  if (config.shard !== null) problems.push(clash("--shard (each shard is one part of one plan; repeat the whole job)"));
  if (config.start_at !== null) problems.push(clash("--start-at (one instant starts one run)"));
  if (config.audit) problems.push(clash("the output-caching audit (audit:)"));
  if (mode === "acc")
    problems.push(clash("--mode acc (repeats spread performance figures; accuracy has its own --repeats in eval)"));
  return problems;
};
