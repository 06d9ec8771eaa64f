/**
 * @module config/rules-submission — `type: submission` needs a benchmark mode and a known MLPerf
 * ruleset. The seed tool's ruleset seed pinning is not done: the official seeds are 64-bit and do
 * not fit a JavaScript number, and our RNG would not reproduce the seed tool's sequences anyway.
 */
import type { ConfigProblem } from "./config-error.ts";
import type { Rule } from "./rule-context.ts";

/** Ruleset names the seed tool registers. */
const RULESET_NAMES = [
  "mlperf-inference-v5.1",
  "mlperf-inference-v6.1",
  "mlcommons-current",
  "mlperf-edge-v0.1",
  "mlperf-edge-current",
] as const;

export const submissionRule: Rule = (config) => {
  if (config.type !== "submission") return [];
  const problems: ConfigProblem[] = [];
  if (config.benchmark_mode === null) {
    problems.push({ path: "benchmark_mode", message: "type: submission needs benchmark_mode: offline or online" });
  }
  const ruleset = config.submission_ref?.ruleset;
  if (ruleset !== undefined && !(RULESET_NAMES as readonly string[]).includes(ruleset)) {
    problems.push({
      path: "submission_ref.ruleset",
      message: `unknown ruleset '${ruleset}' (known: ${RULESET_NAMES.join(", ")})`,
    });
  }
  return problems;
};
