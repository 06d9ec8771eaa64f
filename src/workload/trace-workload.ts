/**
 * @module workload/trace-workload — the performance phase of a trace replay (`--load-pattern trace`, ours).
 *
 * Reads the trace file (dataset/trace-rows: send instants, prompts or lengths, sessions),
 * builds one body per row and the open-loop plan of its instants (plan/trace-plan). Its columns are
 * templated and remapped first, as a plain dataset's (`template`, `parser`, the prompt column's names). A trace's
 * session ids become `X-Session-ID` headers, as a conversation's do. A row's `model` column sends it to that
 * model, as a plain run's does (workload/model-workload), and the report breaks the run down per model.
 */
import { existsSync } from "node:fs";
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import { readFileRows, resolveDatasetFormat, type FileFormat } from "../dataset/dataset-format.ts";
import { collectColumns } from "../dataset/column-remap.ts";
import { templateAndRemap, type Dataset } from "../dataset/load-dataset.ts";
import { isPoolingApi } from "../dataset/pooling-api.ts";
import { assertOneChoicePerRow } from "../dataset/prompt-check.ts";
import { traceRows } from "../dataset/trace-rows.ts";
import { InputError } from "../errors.ts";
import { buildTracePlan } from "../plan/trace-plan.ts";
import type { RunModel } from "../record/run-models.ts";
import { offsetSeed } from "../rng/python-random.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { requestParams, timeoutMs } from "./config-values.ts";
import { modelWorkload } from "./model-workload.ts";
import type { SessionPhase } from "../run/session.ts";

const TRACE_SESSION_HEADER = "X-Session-ID";

interface TraceWorkload {
  dataset: Dataset;
  bodies: string[];
  phase: SessionPhase;
  /** The models the rows name beside --model (workload/model-workload); [] when they name none. */
  models: RunModel[];
  /** Said on the console when rows name their own models. */
  modelNote: string | null;
}

export function traceWorkload(
  config: BenchmarkConfig,
  spec: DatasetConfig,
  tokenizer: TextTokenizer | null,
): TraceWorkload {
  const path = spec.path ?? spec.name;
  if (!existsSync(path))
    throw new InputError(`dataset file not found: ${path}`, {
      hint: "a trace is one file (.jsonl, .json, .csv or .parquet)",
    });
  const format = resolveDatasetFormat(path, spec.format ?? null);
  if (format === "huggingface") throw new InputError(`${path}: a trace is one file (.jsonl, .json, .csv or .parquet)`);
  const source = readFileRows(path, format as FileFormat);
  const read = spec.max_rows ? source.rows.slice(0, spec.max_rows) : source.rows;
  if (read.length === 0) throw new InputError(`${path}: the trace has no rows`);
  // The same template and column remap as a plain dataset's (parser.prompt=, parser.model=, …), before the trace's columns are read.
  const { rows } = templateAndRemap(
    read,
    { path, parser: spec.parser, template: spec.template },
    spec.name,
    source.locate,
  );
  assertOneChoicePerRow(rows, source.locate);
  const { runtime, drain } = config.settings;
  const params = requestParams(config, spec);
  const pooling = isPoolingApi(params.apiType) ? params.apiType : null;
  const trace = traceRows(rows, source.locate, runtime.dataloader_random_seed, tokenizer, pooling);
  const dataset: Dataset = { name: spec.name, path, rows: trace.rows, columns: collectColumns(trace.rows) };
  // A trace takes no mix (config/rules/model-mix): the bodies are one block, each row's for its own model.
  const models = modelWorkload(config, dataset, params);
  const lp = config.settings.load_pattern;
  const plan = buildTracePlan({
    phase: "performance",
    timesMs: trace.timesMs,
    speedup: lp.trace_speedup,
    count: runtime.n_samples_to_issue,
    maxConcurrency: lp.max_concurrency ?? 0,
  });
  models.assign(plan, offsetSeed(runtime.dataloader_random_seed, 3));
  if (trace.sessions.some((s) => s !== null))
    plan.sessions = { header: TRACE_SESSION_HEADER, bySample: trace.sessions.map((s) => s ?? "") };
  const phase: SessionPhase = {
    kind: "performance",
    plan,
    drainTimeoutMs: timeoutMs(drain.performance_timeout_s),
    maxDurationMs: runtime.max_duration_ms,
  };
  return {
    dataset,
    bodies: models.bodies,
    phase,
    models: models.models.length > 1 ? models.models : [],
    modelNote: models.note,
  };
}
