/** @module config/rules/slo — an SLO the run can be judged by: a TTFT or TPOT objective needs streamed responses. */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

const STREAMED_OBJECTIVES = [
  ["ttft_ms", "TTFT"],
  ["tpot_ms", "TPOT"],
] as const;

/** With streaming off no request has a first token, so a TTFT or TPOT objective would fail every request: refused, not reported as 0 %. */
export const sloRule: Rule = (config) => {
  if (config.model_params.streaming !== "off") return [];
  const problems: ConfigProblem[] = [];
  for (const [key, metric] of STREAMED_OBJECTIVES) {
    if (config.slo[key] === null) continue;
    problems.push({
      path: `slo.${key}`,
      message: `a ${metric} objective needs streamed responses, and streaming is off: no request would have a first token to meet it (--streaming on)`,
    });
  }
  return problems;
};
