/** @module config/rules/endpoints — endpoint URLs, API type, worker count and profiler URLs. */
import type { ConfigProblem } from "../config-error.ts";
import { redactUrl } from "../redact.ts";
import type { Rule } from "./rule-context.ts";
import { SUPPORTED_API_TYPES } from "../schema/schema.ts";

/** Why `url` cannot be used as a base URL, or undefined when it can. */
export function checkBaseUrl(url: string): string | undefined {
  const shown = `'${redactUrl(url)}'`;
  if (!/^https?:\/\//i.test(url)) return `${shown} must start with http:// or https:// (e.g. http://localhost:8000)`;
  try {
    new URL(url);
  } catch {
    return `${shown} is not a valid URL`;
  }
  return undefined;
}

export const endpointsRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const { endpoints, api_type: apiType } = config.endpoint_config;
  if (endpoints.length === 0) {
    problems.push({
      path: "endpoint_config.endpoints",
      message: "at least one endpoint URL is required: set --endpoints http://HOST:PORT",
    });
  }
  endpoints.forEach((url, index) => {
    const problem = checkBaseUrl(url);
    if (problem) problems.push({ path: `endpoint_config.endpoints[${index}]`, message: problem });
  });
  if (!(SUPPORTED_API_TYPES as readonly string[]).includes(apiType)) {
    problems.push({
      path: "endpoint_config.api_type",
      message: `api_type '${apiType}' is not supported yet (use ${SUPPORTED_API_TYPES.join(" or ")})`,
    });
  }
  const workers = config.settings.client.num_workers;
  if (workers > 0 && endpoints.length > 0 && workers % endpoints.length !== 0) {
    problems.push({
      path: "settings.client.num_workers",
      message: `must be a multiple of the number of endpoints (${endpoints.length}), got ${workers}`,
    });
  }
  (config.settings.profiling.urls ?? []).forEach((url, index) => {
    const problem = checkBaseUrl(url);
    if (problem) problems.push({ path: `settings.profiling.urls[${index}]`, message: problem });
  });
  const sweBench = config.datasets.some((d) => d.accuracy_config?.eval_method === "swe_bench_scorer");
  if (sweBench && endpoints.length !== 1) {
    problems.push({
      path: "endpoint_config.endpoints",
      message: `swe_bench_scorer needs exactly one endpoint URL, got ${endpoints.length}`,
    });
  }
  return problems;
};
