/**
 * @module workload/prepare-workload — from a validated config to what the workers will send.
 *
 * Loads the datasets, builds every request body once (workers index them by row), resolves
 * endpoint URLs and derives the phases: [warmup] → performance (unless mode acc) → one accuracy
 * phase per accuracy dataset (unless none), and how the performance phase itself is scored when its
 * dataset has an `accuracy_config` (accuracy/performance-scoring). Reads files; otherwise pure.
 */
import { totalSamplesToIssue } from "../config/rules/sample-count.ts";
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import type { TestMode } from "../config/flags.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { buildRequestBody, joinEndpointUrl, routeFor, type ApiType } from "../dataset/request-body.ts";
import { assertSaltable, saltedRow } from "../dataset/warmup-salt.ts";
import type { LoadPattern } from "../load-pattern/schedule.ts";
import { buildPhasePlan } from "../plan/phase-plan.ts";
import { resolveShard, shardPlan } from "../plan/shard-plan.ts";
import { offsetSeed, PythonRandom } from "../rng/python-random.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { accuracyPhases, type AccuracyWorkload } from "./accuracy-phases.ts";
import { loadConfiguredDataset } from "./configured-dataset.ts";
import { conversationWorkload, type ConversationRun } from "./conversation-workload.ts";
import { performanceScoring } from "../accuracy/performance-scoring.ts";
import { traceWorkload } from "./trace-workload.ts";
import { batchDataset } from "./batch-rows.ts";
import { loadPatternOf, requestParams, timeoutMs } from "./config-values.ts";
import { modelWorkload, type ModelWorkload } from "./model-workload.ts";
import type { RunModel } from "../record/run-models.ts";
import type { SessionPhase } from "../run/session.ts";

export interface Workload {
  /** The performance dataset; null in accuracy-only mode. */
  dataset: Dataset | null;
  bodies: string[];
  endpointUrls: string[];
  streaming: boolean;
  apiType: ApiType;
  pattern: LoadPattern;
  phases: SessionPhase[];
  accuracy: AccuracyWorkload[];
  /** The performance dataset scored inline (its `accuracy_config`); null when it names no scorer. */
  performanceScoring: AccuracyWorkload | null;
  /** A conversation run (agentic_inference); null otherwise. */
  conversations: ConversationRun | null;
  /** The models the requests go to (workload/model-workload), by the records' `modelIndex`; [] = the run's one model. */
  models: RunModel[];
  /** Said on the console when dataset rows name their own models. */
  modelNote?: string | null;
}

function performancePhases(
  config: BenchmarkConfig,
  spec: DatasetConfig,
  dataset: Dataset,
  pattern: LoadPattern,
  models: ModelWorkload,
): SessionPhase[] {
  const { runtime, drain, warmup } = config.settings;
  const size = dataset.rows.length;
  const phases: SessionPhase[] = [];
  if (warmup.enabled) {
    const seed = warmup.warmup_random_seed;
    const plan = buildPhasePlan({
      phase: "warmup",
      pattern,
      count: warmup.n_requests ?? size,
      datasetSize: size,
      schedulerSeed: seed,
      dataloaderSeed: offsetSeed(seed, 1),
    });
    models.assign(plan, offsetSeed(seed, 3));
    let warmupBodies: string[] | undefined;
    if (warmup.salt) {
      // Salted bodies are per request: the warmup plan then indexes them in order (sample_index = request ordinal).
      const rng = new PythonRandom(offsetSeed(seed, 2));
      const params = requestParams(config, spec);
      const modelOf = (i: number) => models.models[plan.modelIndex?.[i] ?? 0]?.name ?? params.model;
      warmupBodies = Array.from(plan.sampleIndex, (row, i) =>
        buildRequestBody(saltedRow(dataset.rows[row] as Record<string, unknown>, rng), {
          ...params,
          model: modelOf(i),
        }),
      );
      plan.sampleIndex = Uint32Array.from(warmupBodies, (_, i) => i);
      delete plan.bodyIndex;
    }
    phases.push({
      kind: "warmup",
      drainTimeoutMs: timeoutMs(drain.warmup_timeout_s),
      maxDurationMs: 0,
      plan,
      // As upstream: without warmup.drain the performance phase starts once warmup has issued everything.
      startNextWhenIssued: !warmup.drain,
      ...(warmupBodies ? { bodies: warmupBodies } : {}),
    });
  }
  const count = totalSamplesToIssue({
    nSamplesToIssue: runtime.n_samples_to_issue,
    minDurationMs: runtime.min_duration_ms,
    targetQps: pattern.targetQps,
    datasetSize: size,
  });
  const plan = buildPhasePlan({
    phase: "performance",
    pattern,
    count,
    datasetSize: size,
    schedulerSeed: runtime.scheduler_random_seed,
    dataloaderSeed: runtime.dataloader_random_seed,
  });
  models.assign(plan, offsetSeed(runtime.dataloader_random_seed, 3));
  phases.push({
    kind: "performance",
    drainTimeoutMs: timeoutMs(drain.performance_timeout_s),
    maxDurationMs: runtime.max_duration_ms,
    plan,
  });
  return phases;
}

/** How an audit phase reshapes the performance workload (run/run-output-caching). */
export interface WorkloadShape {
  /** Issue only this dataset row, on every query (TEST04's fixed-sample phase). */
  fixedRow?: number;
}

/** This host's part of every measured phase when the run is one shard of several (plan/shard-plan). */
function sharded(workload: Workload, config: BenchmarkConfig): Workload {
  const shard = resolveShard(config.shard, config.shards, process.env);
  if (!shard || shard.count === 1) return workload;
  return {
    ...workload,
    phases: workload.phases.map((phase) =>
      phase.kind === "accuracy" ? phase : { ...phase, plan: shardPlan(phase.plan, shard) },
    ),
  };
}

export async function prepareWorkload(
  config: BenchmarkConfig,
  tokenizer: TextTokenizer | null = null,
  mode: TestMode = "perf",
  shape: WorkloadShape = {},
): Promise<Workload> {
  return sharded(await unshardedWorkload(config, tokenizer, mode, shape), config);
}

async function unshardedWorkload(
  config: BenchmarkConfig,
  tokenizer: TextTokenizer | null,
  mode: TestMode,
  shape: WorkloadShape,
): Promise<Workload> {
  const pattern = loadPatternOf(config);
  const perfSpec = config.datasets.find((d) => d.type === "performance") ?? null;
  const params = requestParams(config, perfSpec);
  const route = routeFor(params.apiType);
  const endpointUrls = config.endpoint_config.endpoints.map((base) => joinEndpointUrl(base, route));
  if (mode !== "acc" && perfSpec && config.settings.load_pattern.type === "trace") {
    const trace = traceWorkload(config, perfSpec, tokenizer);
    const accuracy = await accuracyPhases(config, pattern, tokenizer);
    const phases = [trace.phase, ...accuracy.map((a) => a.phase)];
    return {
      dataset: trace.dataset,
      bodies: trace.bodies,
      endpointUrls,
      streaming: params.streaming,
      apiType: params.apiType,
      pattern,
      phases,
      accuracy,
      performanceScoring: null,
      conversations: null,
      models: trace.models,
      modelNote: trace.modelNote,
    };
  }
  if (mode !== "acc" && perfSpec?.agentic_inference) {
    const turns = conversationWorkload(config, perfSpec, tokenizer);
    const accuracy = await accuracyPhases(config, pattern, tokenizer);
    const phases = [turns.phase, ...accuracy.map((a) => a.phase)];
    return {
      dataset: turns.dataset,
      bodies: turns.run.dataset.bodies,
      endpointUrls,
      streaming: params.streaming,
      apiType: params.apiType,
      pattern,
      phases,
      accuracy,
      performanceScoring: null,
      conversations: turns.run,
      models: turns.models,
      modelNote: turns.modelNote,
    };
  }
  const unbatched = mode !== "acc" && perfSpec ? await loadConfiguredDataset(perfSpec, config, tokenizer) : null;
  const loaded = unbatched ? batchDataset(unbatched, config.model_params.batch_size) : null;
  const fixed = shape.fixedRow;
  const dataset = loaded && fixed !== undefined ? { ...loaded, rows: loaded.rows.slice(fixed, fixed + 1) } : loaded;
  if (dataset && config.settings.warmup.enabled && config.settings.warmup.salt)
    assertSaltable(dataset.rows, dataset.name);
  const models = dataset ? modelWorkload(config, dataset, params) : null;
  const bodies = models ? models.bodies : [];
  const phases = dataset && perfSpec && models ? performancePhases(config, perfSpec, dataset, pattern, models) : [];
  const scoring =
    dataset && perfSpec
      ? performanceScoring(
          perfSpec,
          dataset,
          phases.find((p) => p.kind === "performance"),
        )
      : null;
  const accuracy = await accuracyPhases(config, pattern, tokenizer);
  phases.push(...accuracy.map((a) => a.phase));
  return {
    dataset,
    bodies,
    endpointUrls,
    streaming: params.streaming,
    apiType: params.apiType,
    pattern,
    phases,
    accuracy,
    performanceScoring: scoring,
    conversations: null,
    models: models && models.models.length > 1 ? models.models : [],
    modelNote: models?.note ?? null,
  };
}
