/**
 * @module config/rules/gpu-cost — a GPU-hour price is a cost only over a number of GPUs: `gpu_hour_cost_usd` needs
 * `gpus`; and both describe throughput, which an accuracy-only run (`--mode acc`) does not measure.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

const ACC_ONLY =
  "--mode acc measures accuracy only: there is no throughput to divide by GPUs or to price; drop it, or run --mode perf or both";

/** Without the GPU count there are no GPU-hours to price: refused, rather than a cost left out of the report. */
export const gpuCostRule: Rule = (config, { mode }) => {
  // Accepted there, either would be silently ignored: every figure it feeds is a performance figure.
  if (mode === "acc")
    return (["gpus", "gpu_hour_cost_usd"] as const)
      .filter((path) => config[path] !== null)
      .map((path): ConfigProblem => ({ path, message: ACC_ONLY }));
  return config.gpu_hour_cost_usd !== null && config.gpus === null
    ? [
        {
          path: "gpu_hour_cost_usd",
          message: "a GPU-hour price needs the number of GPUs: add gpus (--gpus N), the GPUs serving the endpoint",
        },
      ]
    : [];
};
