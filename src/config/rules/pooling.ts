/**
 * @module config/rules/pooling — what the embeddings and rerank API types cannot do, refused one line each:
 * they answer in one JSON body (no streaming), generate no text (no accuracy scoring, no
 * conversations, no output length to ask for: a dataset's `osl=` or its own `max_new_tokens`), and only
 * embeddings batches rows (`--batch-size`). The top-level `max_new_tokens` always has a value (its default), so
 * one set away from it is a warning (config/upstream/ignored-fields), not a refusal.
 */
import type { ConfigProblem } from "../config-error.ts";
import { isPoolingApi } from "../../dataset/pooling-api.ts";
import type { Rule } from "./rule-context.ts";

export const poolingRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const apiType = config.endpoint_config.api_type;
  const batchSize = config.model_params.batch_size;
  if (batchSize !== 1 && apiType !== "openai_embeddings")
    problems.push({
      path: "model_params.batch_size",
      message: `batches rows into one embeddings request, which api_type ${apiType} does not send; use --api-type openai_embeddings or drop it`,
    });
  if (!isPoolingApi(apiType)) return problems;
  if (config.model_params.streaming === "on")
    problems.push({
      path: "model_params.streaming",
      message: `api_type ${apiType} answers in one JSON body and never streams; leave --streaming at auto (off for it) or set it off`,
    });
  config.datasets.forEach((dataset, index) => {
    if (dataset.type === "accuracy" || dataset.accuracy_config)
      problems.push({
        path: `datasets[${index}]`,
        message: `'${dataset.name}' is scored for accuracy, and api_type ${apiType} generates no text to score`,
      });
    if (dataset.osl !== null)
      problems.push({
        path: `datasets[${index}].osl`,
        message: `osl= asks for output tokens, and api_type ${apiType} generates none: drop osl= (isl= sets the inputs' length)`,
      });
    if (dataset.generation_config_override?.max_new_tokens !== undefined)
      problems.push({
        path: `datasets[${index}].generation_config_override.max_new_tokens`,
        message: `asks for output tokens, and api_type ${apiType} generates none: drop it`,
      });
  });
  if (batchSize !== 1 && config.settings.load_pattern.type === "trace")
    problems.push({
      path: "model_params.batch_size",
      message: "a trace replays one request per trace row; --batch-size cannot regroup them",
    });
  return problems;
};
