/**
 * @module run/open-run — a run's first stage: everything set up before the first request.
 *
 * Workers are spawned first, from the config alone (their boot overlaps the rest); then the
 * workload is prepared (dataset errors surface before anything is written) while the
 * endpoints are checked for TCP answers; then the report directory, events.db with the run's
 * metadata, and the main process's CPU. config.yaml is written later, once the first phase is
 * under way (`saveConfig`), so that writing it stays off the start-up path.
 */
import { droppedColumnWarnings } from "../workload/dropped-columns.ts";
import { isConversationPlan } from "../plan/conversation-plan.ts";
import { resolveShard } from "../plan/shard-plan.ts";
import { resolveStartAt } from "./start-at.ts";
import { CONVERSATIONS_META_KEY, type StoredTrajectories } from "../record/read-conversations.ts";
import { toExactJson } from "../config/exact-json.ts";
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { checkEndpointsReachable } from "../client/check-reachable.ts";
import type { TestMode } from "../config/flags.ts";
import { redactSecrets } from "../config/redact.ts";
import { submissionSettings } from "../mlperf/rules-submission.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { RATE_LOAD_PATTERNS } from "../load-pattern/load-patterns.ts";
import { configYamlText, loadPatternDump } from "../config/upstream/config-dump.ts";
import { EVENTS_DB_FILE, EventsDb } from "../record/events-db.ts";
import type { StoredRunConfig } from "../report/write-report.ts";
import { loadTokenizer, type TextTokenizer, tokenizerExists } from "../tokens/load-tokenizer.ts";
import { modelTokenizers } from "./model-tokenizers.ts";
import { GIT_SHA, VERSION } from "../version.ts";
import { checkCodeExecution } from "../accuracy/code-execution.ts";
import { knownRequestCount, loadPatternOf } from "../workload/config-values.ts";
import { prepareWorkload, type Workload, type WorkloadShape } from "../workload/prepare-workload.ts";
import { prepareReportDir } from "./report-dir.ts";
import { spawnWorkers } from "./spawn-workers.ts";
import { inFlightOf, sizeWorkers, type Sizing } from "./size-workers.ts";
import { pinMain, planCpus, usableCpuCount, type AffinityPlan } from "../tuning/runtime-tuning.ts";
import type { WorkerPool } from "./worker-pool.ts";
import type { LiveMetricsServer } from "../live-metrics/live-server.ts";

export interface RunIo {
  log: (line: string) => void;
  progress: (text: string) => void;
  progressEnabled: boolean;
  isTty: boolean;
  /** `-v`: an error printed while the dashboard is up carries its stack (run/run-display). */
  verbose?: boolean;
  /** Lines the dashboard shows under its header, fit to its width: what the run is part of (a sweep's step, its steps done). */
  statusLines?: (width: number) => readonly string[];
}

/** A run whose workers are up, whose workload is ready and whose files are open. */
export interface OpenRun {
  config: BenchmarkConfig;
  tokenizer: TextTokenizer | null;
  /** Each model's tokenizer by model index (run/model-tokenizers); [] for a one-model run. */
  modelTokenizers: (TextTokenizer | null)[];
  sizing: Sizing;
  /** Which CPUs main, each worker and the workers' helper threads get; null when not pinned. */
  affinity: AffinityPlan | null;
  pool: WorkerPool;
  workload: Workload;
  reportDir: string;
  db: EventsDb;
  /** Writes the redacted config.yaml, once. */
  saveConfig: () => void;
  /** `--start-at`: the shared start instant, epoch ns (run/start-at); null to start at once. */
  startAtEpochNs: bigint | null;
  /** `--live-metrics`: the page of the run's own state, served until the report is written; null when off. */
  live: LiveMetricsServer | null;
}

/** events.db keys of a run's plan identity and its shard (`report merge` refuses to mix plans). */
const PLAN_ID_META_KEY = "plan_id";
const SHARD_META_KEY = "shard";

/**
 * What makes two runs parts of one plan: the resolved config (secrets redacted; without the
 * report directory, the shard, the live page's address and the ui, which differ by host) and every
 * request body, hashed.
 */
export function planIdentity(config: BenchmarkConfig, bodies: readonly string[]): string {
  const {
    report_dir: _dir,
    shard: _shard,
    shards: _shards,
    start_at: _at,
    start_barrier: _barrier,
    live_metrics: _live,
    ui: _ui,
    ...shared
  } = redactSecrets(config) as BenchmarkConfig;
  const hash = new Bun.CryptoHasher("sha256");
  hash.update(toExactJson(shared));
  for (const body of bodies) hash.update(body);
  return hash.digest("hex").slice(0, 16);
}

/** Patterns sent at a target rate (targetQps); a trace's rate is its own. */
const RATE_PATTERNS = new Set<string>(RATE_LOAD_PATTERNS);

/** Workers and connections, from the config alone (the pattern decides; the dataset does not), so workers can start first. */
export function sizeRun(config: BenchmarkConfig): Sizing {
  const client = config.settings.client;
  const pattern = loadPatternOf(config);
  const closedLoop = pattern.type === "concurrency" || pattern.type === "agentic_inference";
  const concurrency = closedLoop
    ? Math.max(1, pattern.targetConcurrency ?? 1)
    : Math.max(0, pattern.maxConcurrency ?? 0);
  const timedSends = !closedLoop && pattern.type !== "max_throughput";
  const targetRate = RATE_PATTERNS.has(pattern.type) ? pattern.targetQps : null;
  return sizeWorkers({
    numWorkers: client.num_workers,
    maxConnections: client.max_connections,
    concurrency,
    timedSends,
    cpus: usableCpuCount(),
    requests: knownRequestCount(config),
    targetRate,
  });
}

/** The tokenizer the config names, or null. */
/** The tokenizer and, when it came from a default, the line that says so. */
interface ChosenTokenizer {
  tokenizer: TextTokenizer | null;
  note: string | null;
}

/**
 * `tokenizer_name`, or as upstream the model name when that names a local tokenizer (a model id
 * in the Hugging Face cache, or a directory); `false` (`--no-tokenizer`) means none.
 */
export function configuredTokenizer(config: BenchmarkConfig): ChosenTokenizer {
  const { tokenizer_name: name, name: model } = config.model_params;
  if (name === false) return { tokenizer: null, note: null };
  if (name) return { tokenizer: loadTokenizer(name), note: null };
  if (model === "" || !tokenizerExists(model)) return { tokenizer: null, note: null };
  const tokenizer = loadTokenizer(model);
  return { tokenizer, note: `tokenizer: the model name's, ${tokenizer.source} (as upstream; --no-tokenizer to skip)` };
}

/** What the reports need to know of the config (kept in events.db, so `report DIR` can rebuild them). */
function storedRunConfig(config: BenchmarkConfig): StoredRunConfig {
  const { load_pattern: lp, warmup, runtime, early_stopping } = config.settings;
  const loadPattern = loadPatternDump(lp);
  return {
    load_pattern: loadPattern,
    early_stopping: early_stopping.enabled,
    streaming: config.model_params.streaming === "on",
    slo: { ...config.slo },
    gpus: config.gpus,
    gpu_hour_cost_usd: config.gpu_hour_cost_usd,
    submission: submissionSettings(config),
    run_config: {
      load_pattern: loadPattern,
      warmup: { ...warmup },
      scheduler_random_seed: runtime.scheduler_random_seed,
      dataloader_random_seed: runtime.dataloader_random_seed,
    },
  };
}

function openEventsDb(config: BenchmarkConfig, reportDir: string, sizing: Sizing): EventsDb {
  const db = new EventsDb(join(reportDir, EVENTS_DB_FILE));
  db.setMeta("tool_version", VERSION);
  if (GIT_SHA) db.setMeta("git_sha", GIT_SHA);
  db.setMeta("config", toExactJson(redactSecrets(config)));
  db.setMeta("report_config", toExactJson(storedRunConfig(config)));
  db.setMeta(
    "host",
    JSON.stringify({
      cpus: cpus().length,
      workers: sizing.workers,
      connections: sizing.connections,
      in_flight: inFlightOf(sizing),
    }),
  );
  db.setMeta("state", "running");
  return db;
}

export async function openRun(
  config: BenchmarkConfig,
  io: RunIo,
  mode: TestMode,
  shape: WorkloadShape = {},
): Promise<OpenRun> {
  // Before anything starts: an instant already past is refused with exit 2.
  const shard = resolveShard(config.shard, config.shards, process.env);
  const startAtEpochNs = resolveStartAt(config.start_at, config.start_barrier);
  const { tokenizer, note } = configuredTokenizer(config);
  if (note) io.log(note);
  const sizing = sizeRun(config);
  const warmup = config.settings.warmup;
  const affinity = planCpus(config.enable_cpu_affinity, sizing.workers);
  const pool = spawnWorkers(
    sizing.workers,
    sizing.maxInFlightPerWorker,
    warmup.enabled && !warmup.drain ? 2 : 1,
    {
      oneCpu: affinity !== null,
      streaming: config.model_params.streaming === "on",
    },
    ["DEBUG", "NOTSET"].includes(config.settings.client.log_level),
  );
  let workload: Workload;
  let perModelTokenizers: (TextTokenizer | null)[];
  let reportDir: string;
  let live: LiveMetricsServer | null = null;
  try {
    [workload] = await Promise.all([
      prepareWorkload(config, tokenizer, mode, shape),
      checkEndpointsReachable(config.endpoint_config.endpoints),
    ]);
    perModelTokenizers = modelTokenizers(config, workload.models);
    await checkCodeExecution(
      config,
      workload.performanceScoring ? [...workload.accuracy, workload.performanceScoring] : workload.accuracy,
      io.log,
    );
    if (config.live_metrics !== null) {
      // Loaded only when asked for; bound before the report directory exists, so a port in use leaves nothing behind.
      const { startLiveMetrics } = await import("../live-metrics/live-server.ts");
      const phases = workload.phases.map((p) => p.plan.phase);
      live = startLiveMetrics(config.live_metrics, phases, inFlightOf(sizing), shard?.index ?? null, io.log);
    }
    reportDir = prepareReportDir(config.report_dir, { shard: shard?.index ?? null });
  } catch (error) {
    live?.stop();
    await pool.shutdown();
    throw error;
  }
  for (const warning of [...sizing.warnings, ...droppedColumnWarnings(config, workload)]) io.log(`warning: ${warning}`);
  const db = openEventsDb(config, reportDir, sizing);
  db.setMeta(PLAN_ID_META_KEY, planIdentity(config, workload.bodies));
  if (workload.models.length > 0) db.setModels(workload.models);
  if (workload.modelNote) io.log(workload.modelNote);
  if (shard) db.setMeta(SHARD_META_KEY, `${shard.index}/${shard.count}`);
  const perfPlan = workload.phases.find((p) => p.kind === "performance")?.plan;
  if (perfPlan && isConversationPlan(perfPlan)) {
    const turns = workload.conversations?.dataset.conversations.flatMap((c) => c.turns.map((t) => t.turn)) ?? [];
    const stored: StoredTrajectories = {
      ids: perfPlan.conversations.ids,
      starts: Array.from(perfPlan.conversations.starts),
      turns,
      structured: workload.conversations?.scoresFile != null,
    };
    db.setMeta(CONVERSATIONS_META_KEY, JSON.stringify(stored));
  }
  if (affinity) pinMain(affinity, io.log);
  let configSaved = false;
  const saveConfig = () => {
    if (configSaved) return;
    configSaved = true;
    writeFileSync(join(reportDir, "config.yaml"), configYamlText(config));
  };
  return {
    config,
    tokenizer,
    modelTokenizers: perModelTokenizers,
    sizing,
    affinity,
    pool,
    workload,
    reportDir,
    db,
    saveConfig,
    startAtEpochNs,
    live,
  };
}
