/**
 * @module config/rules/replay-datasets — the dataset options a trace replay or a conversation run has no use for,
 * each refused naming it. Both read their file's rows themselves (workload/trace-workload,
 * dataset/conversations/load-conversations), so an option a plain dataset honours may do nothing there.
 *
 * A trace (`--load-pattern trace`, ours) is one file; it reads `path`, `format`, `name`, `max_rows`, `template`,
 * `parser` (remapped as a plain dataset's) and `generation_config_override`. `samples`, the legacy `eval_method` and
 * `generate_params`, which upstream stores on any dataset, are refused here: no upstream config replays a trace.
 * A conversation dataset (upstream's agentic_inference) is one file or `random,turns=…`: its rows are messages
 * read by their column names, so `parser` and `template` have nothing to build, and it runs conversations
 * (`num_trajectories_to_issue`), not a file's first rows (`max_rows` sizes `random` only). Its `samples` and
 * `generate_params` keep upstream's warning (config/rules/config-warnings), since upstream's configs carry them.
 * The rest are refused by their own rules: `isl`, `osl`, `prefix`, `split`, `config` (config/rules/dataset-options),
 * `images`, `image_size`, `image_format` (config/rules/synthetic-images),
 * `turns`, `agentic_inference` and a conversation's scorer (config/rules/conversations), a trace's
 * `accuracy_config` (config/rules/load).
 */
import type { ConfigProblem } from "../config-error.ts";
import type { DraftConfig } from "../schema/schema.ts";
import { datasetSource, type DatasetSource } from "./dataset-options.ts";
import type { Rule } from "./rule-context.ts";

type Dataset = DraftConfig["datasets"][number];

const SOURCE_NAMES: Readonly<Record<DatasetSource, string>> = {
  random: "the random dataset",
  predefined: "a predefined dataset",
  huggingface: "a Hugging Face dataset",
  file: "a file",
};

/** A trace's unused fields that upstream only stores (set: not null) and why each does nothing here. */
const TRACE_UNUSED: ReadonlyArray<readonly [keyof Dataset, string]> = [
  ["samples", "is not used: a trace replays its rows (max_rows=N takes the first N, --num-samples N the earliest N)"],
  ["eval_method", "is legacy and not used: a trace replay is not scored"],
  ["generate_params", "is read by predefined datasets only, and a trace is a file"],
];

/** A non-file source refused naming `format` when it is what made the entry a Hugging Face layout, else `path`. */
function sourceProblem(dataset: Dataset, at: string, source: DatasetSource, what: string): ConfigProblem {
  const byFormat = source === "huggingface" && dataset.format === "huggingface";
  return {
    path: `${at}.${byFormat ? "format" : "path"}`,
    message: `${what} is one file (.jsonl, .json, .csv or .parquet), not ${SOURCE_NAMES[source]}`,
  };
}

function traceProblems(dataset: Dataset, at: string): ConfigProblem[] {
  const source = datasetSource(dataset);
  const problems = source === "file" ? [] : [sourceProblem(dataset, at, source, "a trace")];
  for (const [key, why] of TRACE_UNUSED)
    if (dataset[key] !== null) problems.push({ path: `${at}.${key}`, message: why });
  return problems;
}

function conversationProblems(dataset: Dataset, at: string): ConfigProblem[] {
  const source = datasetSource(dataset);
  const problems =
    source === "file" || source === "random" ? [] : [sourceProblem(dataset, at, source, "a conversation dataset")];
  if (dataset.parser !== null)
    problems.push({
      path: `${at}.parser`,
      message:
        "does not apply to a conversation dataset: its rows are messages read by their columns (conversation_id, turn, role, content, model)",
    });
  if (dataset.template !== null)
    problems.push({
      path: `${at}.template`,
      message: "does not apply to a conversation dataset: a turn sends its conversation's messages, not a built prompt",
    });
  if (dataset.max_rows !== null && source !== "random")
    problems.push({
      path: `${at}.max_rows`,
      message:
        "does not apply to a conversation file: a run issues whole conversations; set agentic_inference.num_trajectories_to_issue",
    });
  return problems;
}

export const replayDatasetsRule: Rule = (config) => {
  const trace = config.settings.load_pattern.type === "trace";
  return config.datasets.flatMap((dataset, i) => {
    if (dataset.type !== "performance") return [];
    const at = `datasets[${i}]`;
    if (trace) return traceProblems(dataset, at);
    return dataset.agentic_inference === null ? [] : conversationProblems(dataset, at);
  });
};
