/**
 * @module config/rules/calibrate — `--calibrate` compares the run's TTFT with a raw-socket probe's, so
 * it needs streamed responses: with streaming off there is no TTFT to compare, and it is refused.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

export const calibrateRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  if (config.settings.client.calibrate && config.model_params.streaming === "off")
    problems.push({
      path: "settings.client.calibrate",
      message:
        "--calibrate times TTFT beside the run, and streaming is off: no request has a first token to compare (--streaming on)",
    });
  return problems;
};
