/** @module config/rules/gpu-cost — a GPU-hour price is a cost only over a number of GPUs: `gpu_hour_cost_usd` needs `gpus`. */
import type { Rule } from "./rule-context.ts";

/** Without the GPU count there are no GPU-hours to price: refused, rather than a cost left out of the report. */
export const gpuCostRule: Rule = (config) =>
  config.gpu_hour_cost_usd !== null && config.gpus === null
    ? [
        {
          path: "gpu_hour_cost_usd",
          message: "a GPU-hour price needs the number of GPUs: add gpus (--gpus N), the GPUs serving the endpoint",
        },
      ]
    : [];
