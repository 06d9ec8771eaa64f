/**
 * @module config/rules/model — model name, token limits, and completions-only controls, checked
 * on `model_params` and on each dataset's `generation_config_override` merged over it.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

interface TokenControls {
  max_new_tokens: number;
  min_new_tokens: number;
  skip_special_tokens: boolean;
}

function checkControls(params: TokenControls, prefix: string, completions: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (params.min_new_tokens > params.max_new_tokens) {
    problems.push({
      path: `${prefix}.min_new_tokens`,
      message: `must not exceed max_new_tokens (${params.max_new_tokens}), got ${params.min_new_tokens}`,
    });
  }
  if (!completions && params.min_new_tokens !== 1) {
    problems.push({
      path: `${prefix}.min_new_tokens`,
      message: "can only be changed with endpoint_config.api_type openai_completions",
    });
  }
  if (!completions && !params.skip_special_tokens) {
    problems.push({
      path: `${prefix}.skip_special_tokens`,
      message: "can only be set to false with endpoint_config.api_type openai_completions",
    });
  }
  return problems;
}

export const modelRule: Rule = (config, context) => {
  const problems: ConfigProblem[] = [];
  const params = config.model_params;
  // A --model-mix that failed its own check has said so already.
  if (params.name === "" && !params.model_mix && !context.flagPaths.includes("model_params.model_mix")) {
    problems.push({ path: "model_params.name", message: "a model name is required: set --model NAME" });
  }
  const completions = config.endpoint_config.api_type === "openai_completions";
  const topLevel = checkControls(params, "model_params", completions);
  problems.push(...topLevel);
  const alreadySaid = new Set(topLevel.map((p) => p.message));
  config.datasets.forEach((dataset, index) => {
    const override = dataset.generation_config_override;
    if (!override) return;
    const merged: TokenControls = {
      max_new_tokens: override.max_new_tokens ?? params.max_new_tokens,
      min_new_tokens: override.min_new_tokens ?? params.min_new_tokens,
      skip_special_tokens: override.skip_special_tokens ?? params.skip_special_tokens,
    };
    // A problem inherited unchanged from model_params is reported once, there.
    const own = checkControls(merged, `datasets[${index}].generation_config_override`, completions);
    problems.push(...own.filter((p) => !alreadySaid.has(p.message)));
  });
  return problems;
};
