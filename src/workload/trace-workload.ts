/**
 * @module workload/trace-workload — the performance phase of a trace replay (`--load-pattern trace`, ours).
 *
 * Reads the trace file (dataset/trace-rows: send instants, prompts or lengths, sessions),
 * builds one body per row and the open-loop plan of its instants (plan/trace-plan). A trace's
 * session ids become `X-Session-ID` headers, as a conversation's do.
 */
import { existsSync } from "node:fs";
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import { readFileRows, resolveDatasetFormat, type FileFormat } from "../dataset/dataset-format.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { assertOneChoicePerRow } from "../dataset/prompt-check.ts";
import { buildDatasetBodies } from "../dataset/request-body.ts";
import { traceRows } from "../dataset/trace-rows.ts";
import { InputError } from "../errors.ts";
import { buildTracePlan } from "../plan/trace-plan.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { requestParams, timeoutMs } from "./config-values.ts";
import type { SessionPhase } from "../run/session.ts";

const TRACE_SESSION_HEADER = "X-Session-ID";

interface TraceWorkload {
  dataset: Dataset;
  bodies: string[];
  phase: SessionPhase;
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
  const rows = spec.max_rows ? source.rows.slice(0, spec.max_rows) : source.rows;
  if (rows.length === 0) throw new InputError(`${path}: the trace has no rows`);
  assertOneChoicePerRow(rows, source.locate);
  const { runtime, drain } = config.settings;
  const trace = traceRows(rows, source.locate, runtime.dataloader_random_seed, tokenizer);
  const params = requestParams(config, spec);
  const bodies = buildDatasetBodies({ path, rows: trace.rows }, params);
  const lp = config.settings.load_pattern;
  const plan = buildTracePlan({
    phase: "performance",
    timesMs: trace.timesMs,
    speedup: lp.trace_speedup,
    count: runtime.n_samples_to_issue,
    maxConcurrency: lp.max_concurrency ?? 0,
  });
  if (trace.sessions.some((s) => s !== null))
    plan.sessions = { header: TRACE_SESSION_HEADER, bySample: trace.sessions.map((s) => s ?? "") };
  const phase: SessionPhase = {
    kind: "performance",
    plan,
    drainTimeoutMs: timeoutMs(drain.performance_timeout_s),
    maxDurationMs: runtime.max_duration_ms,
  };
  return {
    dataset: { name: spec.name, path, rows: trace.rows, columns: Object.keys(trace.rows[0] ?? {}) },
    bodies,
    phase,
  };
}
