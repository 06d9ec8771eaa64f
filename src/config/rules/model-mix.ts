/**
 * @module config/rules/model-mix — where a model mix (`model_params.model_mix`) applies: a plain run's
 * performance dataset and its warmup, whose requests are planned one by one (plan/model-assignment).
 *
 * Each combination that could not do what it says is refused in one line: the mix and `--model` together
 * (which one would a request go to?), a mix over conversations or a trace (their turns and rows are planned
 * by their own shape; a row's own `model` works there, and is broken down per model), a mix with accuracy
 * phases (their scores are per dataset, not per model), a mix over SGLang's `/generate` (its body names no
 * model), and an entry's tokenizer with `--no-tokenizer`.
 */
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";

const PATH = "model_params.model_mix";

export const modelMixRule: Rule = (config, context) => {
  const mix = config.model_params.model_mix;
  if (!mix) return [];
  const problems: ConfigProblem[] = [];
  const refuse = (message: string) => problems.push({ path: PATH, message });
  if (config.model_params.name !== "")
    refuse("names the models itself: drop model_params.name (--model), or give that model a weight in the mix");
  const pattern = config.settings.load_pattern.type;
  if (pattern === "agentic_inference" || pattern === "trace")
    refuse(
      `applies to requests planned one by one, not to load_pattern ${pattern}: give each row its model (a model column)`,
    );
  if (context.mode !== "perf" && config.datasets.some((d) => d.type === "accuracy"))
    refuse(
      "applies to the performance dataset; accuracy datasets are scored per dataset: run them with --model, or --mode perf",
    );
  if (config.endpoint_config.api_type === "sglang")
    refuse(
      "SGLang's /generate serves one model and its body names none (as mlcommons/endpoints sends it): use --api-type openai",
    );
  if (config.model_params.tokenizer_name === false && mix.some((e) => e.tokenizer !== null))
    refuse("an entry names a tokenizer, and --no-tokenizer turns tokenizers off: drop one of them");
  return problems;
};
