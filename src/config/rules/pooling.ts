/**
 * @module config/rules/pooling — what the embeddings and rerank API types cannot do, refused one line each:
 * they answer in one JSON body (no streaming), generate no text (no accuracy scoring, no
 * conversations), and only embeddings batches rows (`--batch-size`).
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
  });
  if (batchSize !== 1 && config.settings.load_pattern.type === "trace")
    problems.push({
      path: "model_params.batch_size",
      message: "a trace replays one request per trace row; --batch-size cannot regroup them",
    });
  return problems;
};
