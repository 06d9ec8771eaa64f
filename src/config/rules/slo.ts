/**
 * @module config/rules/slo — an SLO the run can be judged by: a TTFT, TTFO or TPOT objective needs streamed responses,
 * and a share of requests (`p=`) needs a limit to meet.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";
import { POOLING_API_TYPES } from "../../dataset/pooling-api.ts";

const STREAMED_OBJECTIVES = [
  ["ttft_ms", "TTFT"],
  ["tpot_ms", "TPOT"],
  ["ttfo_ms", "TTFO"],
] as const;

/**
 * With streaming off no request has a first token, so a TTFT or TPOT objective would fail every request: refused,
 * not reported as 0 %. A share with no limit would judge nothing: refused, not ignored.
 */
export const sloRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const { slo } = config;
  const limits = [slo.ttft_ms, slo.tpot_ms, slo.latency_ms, slo.ttfo_ms];
  if (slo.percentile !== null && limits.every((limit) => limit === null))
    problems.push({
      path: "slo.percentile",
      message: "a share of requests needs a limit to meet: add ttft, tpot or latency, e.g. --slo ttft:500ms,p=95",
    });
  if (config.model_params.streaming !== "off") return problems;
  // Embeddings and rerank generate no tokens at all, so streaming is no remedy there.
  const generates = !(POOLING_API_TYPES as readonly string[]).includes(config.endpoint_config.api_type);
  for (const [key, metric] of STREAMED_OBJECTIVES) {
    if (slo[key] === null) continue;
    problems.push({
      path: `slo.${key}`,
      message: generates
        ? `a ${metric} objective needs streamed responses, and streaming is off: ` +
          "no request would have a first token to meet it (--streaming on)"
        : `a ${metric} objective needs generated tokens, and api_type ${config.endpoint_config.api_type} ` +
          "generates none: use a latency objective (--slo latency:…)",
    });
  }
  return problems;
};
