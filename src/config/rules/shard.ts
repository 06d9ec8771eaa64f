/**
 * @module config/rules/shard — `--shard I/N` (ours): well-formed, and only where a shard's part
 * is meaningful on its own. Accuracy datasets, and a scored performance dataset, are refused with
 * it: each shard would score only its part (scoring after `report merge` is not built yet).
 */
import { InputError } from "../../errors.ts";
import { resolveShard } from "../../plan/shard-plan.ts";
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

export const shardRule: Rule = (config, { mode }) => {
  const problems: ConfigProblem[] = [];
  if (config.start_barrier !== null && config.start_at === null)
    problems.push({ path: "start_barrier", message: "applies with --start-at +Ns only" });
  if (config.shard === null) {
    if (config.shards !== null) problems.push({ path: "shards", message: "applies with --shard auto only" });
    return problems;
  }
  try {
    resolveShard(config.shard, config.shards, process.env);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problems.push({ path: "shard", message: error.message.replace(/^--shard /, "") });
  }
  if (mode !== "perf" || config.datasets.some((d) => d.type === "accuracy" || d.accuracy_config?.eval_method)) {
    problems.push({
      path: "shard",
      message: "a sharded run measures performance only: each shard would score just its part of an accuracy dataset",
    });
  }
  return problems;
};
