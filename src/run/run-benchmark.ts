/**
 * @module run/run-benchmark — one benchmark run, from a validated config to the report files.
 *
 * Order: prepare the workload (dataset errors surface before anything is written), check the
 * endpoints answer TCP, create the report dir, write the redacted config.yaml, open events.db,
 * run the session under signal handlers and the run watchdog, then build every report from
 * events.db. A run where every request failed still writes its report, then fails with exit 4.
 */
import { writeFileSync } from "node:fs";
import { availableParallelism as cpuCount, cpus } from "node:os";
import { join } from "node:path";
import { redactSecrets, redactUrl } from "../config/redact.ts";
import { toYamlText } from "../config/yaml-text.ts";
import type { BenchmarkConfig } from "../config/schema.ts";
import { BYTES_PER_MB } from "../client/body-limit.ts";
import { checkEndpointsReachable } from "../client/check-reachable.ts";
import { ExecutionError } from "../errors.ts";
import { EVENTS_DB_FILE, EventsDb } from "../record/events-db.ts";
import { openEventsDbReadonly } from "../record/read-phase.ts";
import type { AccuracyEntry } from "../accuracy/index.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import type { StoredRunConfig } from "../report/write-report.ts";
import { GIT_SHA, VERSION } from "../version.ts";
import { describePlan } from "../plan/describe-plan.ts";
import { loadTokenizer, type TextTokenizer } from "../tokens/load-tokenizer.ts";
import { promptTokenCounter } from "../tokens/prompt-tokens.ts";
import type { TestMode } from "../config/flags.ts";
import { prepareWorkload, type Workload } from "./prepare-workload.ts";
import { ProgressLine } from "./progress.ts";
import { knownRequestCount, loadPatternOf } from "./config-values.ts";
import { prepareReportDir } from "./report-dir.ts";
import { Session, spawnWorkers } from "./session.ts";
import { allowedCpus, pinProcess, planAffinity } from "./cpu-affinity.ts";
import { installStopSignals } from "./stop-signals.ts";
import { sizeWorkers, type Sizing } from "./size-workers.ts";

interface RunIo {
  log: (line: string) => void;
  progress: (text: string) => void;
  progressEnabled: boolean;
  isTty: boolean;
}

interface BenchmarkOutcome {
  reportDir: string;
  summary: ResultSummary;
  accuracy: AccuracyEntry[];
}

function storedRunConfig(config: BenchmarkConfig): StoredRunConfig {
  const { load_pattern: lp, warmup, runtime, early_stopping } = config.settings;
  const { use_legacy_loadgen_qps_metrics: legacyQps, ...rest } = lp;
  // The seed serialises the legacy-QPS switch for Poisson only.
  const loadPattern = lp.type === "poisson" ? { ...rest, use_legacy_loadgen_qps_metrics: legacyQps } : rest;
  return {
    load_pattern: loadPattern,
    early_stopping: early_stopping.enabled,
    slo: { ...config.slo },
    run_config: {
      load_pattern: loadPattern,
      warmup: { ...warmup },
      scheduler_random_seed: runtime.scheduler_random_seed,
      dataloader_random_seed: runtime.dataloader_random_seed,
    },
  };
}

/** Workers and connections, from the config alone (the pattern decides; the dataset does not), so workers can start first. */
function sizeRun(config: BenchmarkConfig): Sizing {
  const client = config.settings.client;
  const pattern = loadPatternOf(config);
  const closedLoop = pattern.type === "concurrency";
  const concurrency = closedLoop ? Math.max(1, pattern.targetConcurrency ?? 1) : Math.max(0, pattern.maxConcurrency ?? 0);
  const timedSends = !closedLoop && pattern.type !== "max_throughput";
  const cpus = allowedCpus()?.length ?? cpuCount();
  return sizeWorkers({ numWorkers: client.num_workers, maxConnections: client.max_connections, concurrency, timedSends, cpus, requests: knownRequestCount(config) });
}

/** Everything decided before the first request: what to send, when, and on how many workers. */
async function planRun(config: BenchmarkConfig, tokenizer: TextTokenizer | null = null, mode: TestMode = "perf"): Promise<{ workload: Workload; sizing: Sizing }> {
  return { workload: await prepareWorkload(config, tokenizer, mode), sizing: sizeRun(config) };
}

/** `--dry-run`: the plan as text; nothing is sent and nothing is written. */
export async function describeRun(config: BenchmarkConfig, mode: TestMode = "perf"): Promise<string> {
  const tokenizerName = config.model_params.tokenizer_name;
  const { workload, sizing } = await planRun(config, tokenizerName ? loadTokenizer(tokenizerName) : null, mode);
  const lines = workload.phases.flatMap((phase) => [
    ...describePlan(phase.plan),
    ...(phase.startNextWhenIssued ? ["  not drained: the next phase starts once all are issued (--warmup-drain waits for them)"] : []),
  ]);
  lines.push(`workers: ${sizing.workers}, connections: ${sizing.connections} (${sizing.maxInFlightPerWorker} per worker), streaming ${workload.streaming ? "on" : "off"}`);
  lines.push(`endpoints: ${workload.endpointUrls.map(redactUrl).join(", ")}`);
  lines.push(...sizing.warnings.map((w) => `warning: ${w}`));
  return `${lines.join("\n")}\n`;
}

export async function runBenchmark(config: BenchmarkConfig, io: RunIo, mode: TestMode = "perf"): Promise<BenchmarkOutcome> {
  const tokenizerName = config.model_params.tokenizer_name;
  const tokenizer = tokenizerName ? loadTokenizer(tokenizerName) : null;
  const sizing = sizeRun(config);
  const warmup = config.settings.warmup;
  const affinity = config.enable_cpu_affinity ? planAffinity(allowedCpus() ?? [], sizing.workers) : null;
  const pool = spawnWorkers(sizing.workers, sizing.maxInFlightPerWorker, warmup.enabled && !warmup.drain ? 2 : 1, {
    oneCpu: affinity !== null,
    streaming: config.model_params.streaming === "on",
  });
  let workload: Workload;
  let reportDir: string;
  try {
    [workload] = await Promise.all([prepareWorkload(config, tokenizer, mode), checkEndpointsReachable(config.endpoint_config.endpoints)]);
    reportDir = prepareReportDir(config.report_dir);
  } catch (error) {
    await pool.shutdown();
    throw error;
  }
  const client = config.settings.client;
  // config.yaml is saved once the first phase is under way (or when the run ends without one),
  // so writing it stays off the main process's start-up path, which is the longer of the two.
  let configSaved = false;
  const saveConfig = () => {
    if (configSaved) return;
    configSaved = true;
    writeFileSync(join(reportDir, "config.yaml"), toYamlText(redactSecrets(config)));
  };
  for (const warning of sizing.warnings) io.log(`warning: ${warning}`);

  const db = new EventsDb(join(reportDir, EVENTS_DB_FILE));
  db.setMeta("tool_version", VERSION);
  if (GIT_SHA) db.setMeta("git_sha", GIT_SHA);
  db.setMeta("config", JSON.stringify(redactSecrets(config)));
  db.setMeta("report_config", JSON.stringify(storedRunConfig(config)));
  db.setMeta("host", JSON.stringify({ cpus: cpus().length, workers: sizing.workers, connections: sizing.connections }));
  db.setMeta("state", "running");

  const headers: Record<string, string> = { "content-type": "application/json", accept: workload.streaming ? "text/event-stream" : "application/json" };
  if (config.endpoint_config.api_key) headers.authorization = `Bearer ${config.endpoint_config.api_key}`;
  if (affinity) {
    if (pinProcess(affinity.main)) io.log(`cpu affinity: main on cpu ${affinity.main.join(",")}, workers on cpu ${[...new Set(affinity.workers.flat())].join(",")}`);
    else io.log("warning: could not pin the main process to a CPU; running unpinned");
  }
  const progress = new ProgressLine(io.progress, io.progressEnabled, io.isTty);
  const session = new Session({
    pool,
    workers: sizing.workers,
    maxInFlightPerWorker: sizing.maxInFlightPerWorker,
    worker: {
      endpointUrls: workload.endpointUrls, headers, streaming: workload.streaming,
      requestTimeoutMs: Math.round((client.request_timeout_s ?? 0) * 1000),
      stallTimeoutMs: Math.round((client.stall_timeout_s ?? 0) * 1000), bodies: workload.bodies,
      maxResponseBytes: Math.round(client.max_response_mb * BYTES_PER_MB), retries: client.retries,
      keepResponseText: tokenizer !== null, insecure: client.insecure, helperCpus: affinity?.helpers ?? [],
    },
    phases: workload.phases,
    cpusFor: (workerId) => affinity?.workers[workerId] ?? [],
    db,
    onPhaseStart: (plan) => {
      progress.startPhase(plan);
      setTimeout(saveConfig, 0); // after this turn, which sends the phase's `go`
    },
    onRecords: (_phase, records) => progress.add(records),
    log: io.log,
  });
  io.log(`benchmark: ${workload.phases.map((p) => `${p.plan.phase} ${p.plan.sampleIndex.length}`).join(", ")} requests (${config.settings.load_pattern.type}), ${sizing.workers} worker(s), up to ${sizing.connections} connections, streaming ${workload.streaming ? "on" : "off"}`);
  const removeSignals = installStopSignals(session, io.log);
  const watchdog = config.timeout ? setTimeout(() => {
    io.log(`warning: run timeout of ${config.timeout} s reached; stopping`);
    session.requestStop("timeout", true);
  }, config.timeout * 1000) : null;
  let result;
  try {
    result = await session.run();
  } finally {
    saveConfig();
    progress.stop();
    if (watchdog) clearTimeout(watchdog);
    removeSignals();
  }
  if (tokenizer) {
    let counted = workload.dataset ? db.applyTokenizerCounts("performance", promptTokenCounter(workload.dataset.rows, tokenizer), tokenizer.count) : 0;
    for (const a of workload.accuracy) counted += db.applyTokenizerCounts(a.phase.plan.phase, promptTokenCounter(a.dataset.rows, tokenizer), tokenizer.count);
    io.log(`tokenizer ${tokenizer.source}: counted ${counted} responses`);
  }
  db.setMeta("state", result.state);
  if (result.stopReason) db.setMeta("stop_reason", result.stopReason);
  if (workload.accuracy.length > 0) {
    const reader = openEventsDbReadonly(join(reportDir, EVENTS_DB_FILE));
    try {
      const { ACCURACY_META_KEY, scoreAccuracyPhases } = await import("./score-accuracy.ts");
      const entries = await scoreAccuracyPhases(reader, reportDir, workload.accuracy, result.phases, {
        allow: config.accuracy.allow_code_execution, serviceUrl: config.accuracy.lcb_service, timeoutPerTestS: config.accuracy.timeout_per_test_s,
      });
      db.setMeta(ACCURACY_META_KEY, JSON.stringify(entries));
    } finally {
      reader.close();
    }
  }
  db.close();
  // Loaded once the run is over: the report code is not on the way to the first request.
  const { writeReportFiles } = await import("../report/write-report.ts");
  const { summary, accuracy } = writeReportFiles(reportDir);
  const measuredPerformance = workload.dataset !== null;
  if (result.state === "failed") {
    throw new ExecutionError(`every worker process died; report of what finished written to ${reportDir}`, {
      hint: "see the worker_lost rows in events.db and the errors above; a worker killed by the OOM killer shows as 'killed'",
    });
  }
  if (measuredPerformance && summary.n_samples_issued === 0 && result.state === "complete") {
    throw new ExecutionError(`no request was sent (${summary.n_samples_dropped ?? "all"} planned); report written to ${reportDir}`, {
      hint: "this is a bug in the load generator; please report it with the report directory",
    });
  }
  if (summary.n_samples_issued > 0 && summary.n_samples_failed === summary.n_samples_issued) {
    throw new ExecutionError(`every request failed (${summary.n_samples_failed} of ${summary.n_samples_issued}); report written to ${reportDir}`, {
      hint: `see the Errors section of ${join(reportDir, "report.txt")}`,
    });
  }
  return { reportDir, summary, accuracy };
}
