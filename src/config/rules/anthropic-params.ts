/**
 * @module config/rules/anthropic-params — the model parameters Anthropic's Messages API has no field for, refused by name.
 *
 * The Messages body (dataset/anthropic-body) carries temperature, top_p, top_k and the token
 * limit; Anthropic's API has no seed, repetition, presence or frequency penalty and no chat
 * template arguments, so a config that sets one would measure a run that never sent it. A server
 * that takes one anyway (vLLM's and SGLang's `/v1/messages` read extra sampling fields) gets it
 * through `--extra-body`, which the hint says.
 */
import type { ConfigProblem } from "../config-error.ts";
import { flagLabel } from "../flags.ts";
import type { Rule } from "./rule-context.ts";

const NOT_IN_MESSAGES = [
  "seed",
  "repetition_penalty",
  "presence_penalty",
  "frequency_penalty",
  "chat_template_kwargs",
] as const;

export const anthropicParamsRule: Rule = (config) => {
  if (config.endpoint_config.api_type !== "anthropic_messages") return [];
  const sources: [string, Record<string, unknown> | null | undefined][] = [
    ["model_params", config.model_params],
    ...config.datasets.map(
      (d, i) =>
        [`datasets[${i}].generation_config_override`, d.generation_config_override] as [
          string,
          Record<string, unknown> | null,
        ],
    ),
  ];
  const problems: ConfigProblem[] = [];
  for (const [prefix, params] of sources)
    for (const key of NOT_IN_MESSAGES) {
      if (params?.[key] === null || params?.[key] === undefined) continue;
      const flag = prefix === "model_params" ? flagLabel(`model_params.${key}`) : null;
      problems.push({
        path: `${prefix}.${key}`,
        message:
          `api_type anthropic_messages has no field for ${flag ?? key}; drop it, or send it with ` +
          `--extra-body '{"${key}": …}' if your server reads it`,
      });
    }
  return problems;
};
