/**
 * @module workload/dropped-columns — a loaded dataset's columns the api_type's request body has no
 * place for, named in one warning each: a completion (`openai_completions`) and SGLang's
 * `/generate` carry the prompt alone, so a `system` column (from the file, `system_prompt`, or
 * `parser.system`) is not sent, as in mlcommons/endpoints; nor is it in an embeddings request (ours). Known only
 * once the rows are read.
 */
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import type { Workload } from "./prepare-workload.ts";

const PROMPT_ONLY_APIS: readonly string[] = ["openai_completions", "sglang", "openai_embeddings"];

/** One line per dataset whose `system` column will not be sent, without the `warning: ` prefix. */
export function droppedColumnWarnings(
  config: BenchmarkConfig,
  workload: Pick<Workload, "dataset" | "accuracy">,
): string[] {
  const apiType = config.endpoint_config.api_type;
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
