/**
 * @module workload/dropped-columns — a loaded dataset's columns the api_type's request body has no
 * place for, named in one warning each: a completion (`openai_completions`) and SGLang's
 * `/generate` carry the prompt alone, so a `system` column (from the file, `system_prompt`, or
 * `parser.system`) is not sent, as in mlcommons/endpoints; nor is it in an embeddings request (ours).
 * Ours: the Responses API (`openai_responses`: dataset/responses-body) and Anthropic's Messages API
 * (`anthropic_messages`: dataset/anthropic-body) have no place for some row fields chat forwards.
 * Known only once the rows are read.
 */
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import type { Workload } from "./prepare-workload.ts";

const PROMPT_ONLY_APIS: readonly string[] = ["openai_completions", "sglang", "openai_embeddings"];
/** Row fields a chat body forwards that these APIs' bodies have no field for, and the API's name in the warning. */
const NOT_SENT_BY: Readonly<Record<string, { columns: readonly string[]; api: string }>> = {
  openai_responses: { columns: ["stop", "logit_bias", "chat_template"], api: "the Responses API" },
  anthropic_messages: { columns: ["logit_bias", "chat_template"], api: "Anthropic's Messages API" },
};

/** One line per dataset whose `system` column will not be sent, without the `warning: ` prefix. */
export function droppedColumnWarnings(
  config: BenchmarkConfig,
  workload: Pick<Workload, "dataset" | "accuracy">,
): string[] {
  const apiType = config.endpoint_config.api_type;
  const typed = NOT_SENT_BY[apiType];
  if (typed) return typedApiDropped(config, workload, typed.columns, `${typed.api} (api_type ${apiType})`);
  if (!PROMPT_ONLY_APIS.includes(apiType)) return [];
  const loaded: [BenchmarkConfig["datasets"][number] | undefined, Dataset | null][] = [
    [config.datasets.find((d) => d.type === "performance"), workload.dataset],
    ...workload.accuracy.map((a) => [a.spec, a.dataset] as [BenchmarkConfig["datasets"][number], Dataset]),
  ];
  return loaded.flatMap(([spec, dataset]) => {
    if (!spec || !dataset?.columns.includes("system")) return [];
    const index = config.datasets.indexOf(spec);
    const from = spec.parser?.system ? ` (parser.system=${spec.parser.system})` : "";
    return [
      `datasets[${index}] '${dataset.name}': its system column${from} is not sent: api_type ` +
        `${apiType}'s request body carries the prompt alone${apiType === "openai_embeddings" ? "" : " (as in mlcommons/endpoints)"}`,
    ];
  });
}

/** The row `columns` the body of `api` has no field for, one line per dataset that has them. */
function typedApiDropped(
  config: BenchmarkConfig,
  workload: Pick<Workload, "dataset" | "accuracy">,
  notSent: readonly string[],
  api: string,
): string[] {
  const perf = config.datasets.findIndex((d) => d.type === "performance");
  const loaded: [number, Dataset | null][] = [
    [perf, workload.dataset],
    ...workload.accuracy.map((a) => [config.datasets.indexOf(a.spec), a.dataset] as [number, Dataset]),
  ];
  return loaded.flatMap(([index, dataset]) => {
    const columns = notSent.filter((c) => dataset?.columns.includes(c));
    if (index < 0 || !dataset || columns.length === 0) return [];
    return [
      `datasets[${index}] '${dataset.name}': its ${columns.join(", ")} column${columns.length > 1 ? "s are" : " is"} ` +
        `not sent: ${api} has no such field`,
    ];
  });
}
