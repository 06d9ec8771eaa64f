/**
 * @module run/execute-run — a run's second stage: the session, under signal handlers, the run watchdog and the display (dashboard or progress line).
 *
 * The workers get the request settings once (in their init); the phases run one after another;
 * Ctrl-C, SIGTERM or `--run-timeout` stop issuing and drain (`timeout` is upstream's stored,
 * unused field: a warning says it does nothing). config.yaml is written once the first
 * phase is under way, and at the latest when the session ends. With `--profile vllm` the
 * server's profiler is started before the performance phase and stopped after the session.
 * Before the workers start, the server is asked what it is (run/fetch-server-identity).
 */
import { isPoolingApi } from "../dataset/pooling-api.ts";
import { isConversationPlan } from "../plan/conversation-plan.ts";
import { TrajectoryWatch } from "./trajectory-watch.ts";
import { BYTES_PER_MB } from "../client/body-limit.ts";
import type { OpenRun, RunIo } from "./open-run.ts";
import { inFlightText } from "./size-workers.ts";
import { openRunDisplay } from "./run-display.ts";
import { Session, type SessionResult, type SessionSpec } from "./session.ts";
import { installStopSignals } from "./stop-signals.ts";
import { STOP_SIGNAL_META_KEY } from "../report/stop-cause.ts";
import { PROFILING_META_KEY, ProfilerTriggers } from "../profiling/profiler-triggers.ts";
import type { RunClock } from "../clock/mono-clock.ts";
import { wireHeaders } from "../config/http-headers.ts";
import { apiKeyHeaders, apiTypeHeaders } from "../config/api-key-headers.ts";
import { redactUrl } from "../config/redact.ts";
import {
  SERVER_METRICS_BOUNDS_META_KEY,
  SERVER_METRICS_URL_META_KEY,
  type ScrapeBounds,
} from "../server-metrics/summary.ts";
import { resolveMetricsUrl, ServerMetricsScraper } from "../server-metrics/scraper.ts";
import type { MetricSample } from "../server-metrics/exposition.ts";
import { recordServerIdentity } from "./fetch-server-identity.ts";
import { serverKeyHeaders } from "./server-key.ts";
import { startCalibration, storeCalibration } from "./calibration-stage.ts";
import type { CalibrationProbe } from "./calibration-probe.ts";

/** Headers every request carries: JSON in, SSE or JSON out, the API's version, the `--header`s (which may replace those), the API key. */
function requestHeaders(run: OpenRun): Record<string, string> {
  const { api_type: apiType, api_key: apiKey, headers } = run.config.endpoint_config;
  return {
    "content-type": "application/json",
    accept: run.workload.streaming ? "text/event-stream" : "application/json",
    ...apiTypeHeaders(apiType),
    ...wireHeaders(headers),
    ...apiKeyHeaders(apiType, apiKey),
  };
}

/** What every worker is told about the requests it sends (besides its id, CPUs and T0). */
function workerSettings(run: OpenRun): SessionSpec["worker"] {
  const client = run.config.settings.client;
  return {
    endpointUrls: run.workload.endpointUrls,
    headers: requestHeaders(run),
    streaming: run.workload.streaming,
    requestTimeoutMs: Math.round((client.request_timeout_s ?? 0) * 1000),
    stallTimeoutMs: Math.round((client.stall_timeout_s ?? 0) * 1000),
    bodies: run.workload.bodies,
    maxResponseBytes: Math.round(client.max_response_mb * BYTES_PER_MB),
    retries: client.retries,
    keepResponseText: run.tokenizer !== null || run.modelTokenizers.some((t) => t !== null),
    insecure: client.insecure,
    recordIds: client.record_ids,
    thinkTags: client.think_tags,
    poolingApi: isPoolingApi(run.workload.apiType) ? run.workload.apiType : "",
    helperCpus: run.affinity?.helpers ?? [],
  };
}

/** `stop_issuing_on_first_user_complete`: watches the conversation phase's records for its moment (run/trajectory-watch). */
function stopIssuingWatch(
  run: OpenRun,
  stop: (phase: string) => void,
  log: (line: string) => void,
): TrajectoryWatch | null {
  const perf = run.config.datasets.find((d) => d.type === "performance");
  const plan = run.workload.phases.find((p) => p.kind === "performance")?.plan;
  if (!perf?.agentic_inference?.stop_issuing_on_first_user_complete || !plan || !isConversationPlan(plan)) return null;
  return new TrajectoryWatch(plan, run.sizing.workers, () => {
    log(
      "conversations: the first one ended with none left to start; no more turns are issued (stop_issuing_on_first_user_complete)",
    );
    stop(plan.phase);
  });
}

/** The scraper of `--server-metrics`, or null when it is off or auto found no page. */
async function serverMetricsScraper(
  run: OpenRun,
  log: (line: string) => void,
): Promise<
  ((now: () => number, onSamples: ((samples: readonly MetricSample[]) => void) | null) => ServerMetricsScraper) | null
> {
  const { url: setting, interval_s: intervalS } = run.config.server_metrics;
  const { endpoints } = run.config.endpoint_config;
  const endpoint = endpoints[0] ?? "";
  const target = setting === "auto" || setting === "off" ? endpoint : setting;
  const { headers, withheld } = serverKeyHeaders(target, run.config.endpoint_config);
  if (withheld) {
    const { api_key: key, headers: extra } = run.config.endpoint_config;
    const what = [key ? "the API key" : null, Object.keys(extra ?? {}).length > 0 ? "the --header headers" : null];
    log(
      `server metrics: ${redactUrl(target)} is not the endpoint's server; ${what.filter(Boolean).join(" and ")} ` +
        `${what[1] ? "are" : "is"} not sent to it`,
    );
  }
  const fetchOptions = { headers, insecure: run.config.settings.client.insecure };
  const url = await resolveMetricsUrl(setting, endpoint, fetchOptions, log);
  if (url === null) return null;
  run.db.setMeta(SERVER_METRICS_URL_META_KEY, redactUrl(url));
  log(`server metrics: scraping ${redactUrl(url)} every ${intervalS} s`);
  if (endpoints.length > 1)
    log(
      `warning: server metrics come from one page, ${redactUrl(url)}: the servers behind the other ${endpoints.length - 1} endpoint(s) are not in them`,
    );
  return (now, onSamples) => {
    const table = run.db.serverMetrics();
    // The dashboard shows the latest scrape's gauges; events.db keeps every scrape either way.
    const sink = onSamples
      ? {
          add: (tNs: number, durationNs: number, samples: readonly MetricSample[]) => {
            table.add(tNs, durationNs, samples);
            onSamples(samples);
          },
          failed: (tNs: number, durationNs: number, error: string) => table.failed(tNs, durationNs, error),
        }
      : table;
    return new ServerMetricsScraper(url, intervalS * 1000, fetchOptions, now, sink);
  };
}

/** The scrapes that bound the performance phase, stored as they are taken (server-metrics/summary reads them). */
function scrapeBounds(db: OpenRun["db"]) {
  const taken: ScrapeBounds = { baselineNs: null, finalNs: null };
  return {
    async scrape(which: keyof ScrapeBounds, scraper: ServerMetricsScraper): Promise<void> {
      taken[which] = await scraper.scrapeNow();
      db.setMeta(SERVER_METRICS_BOUNDS_META_KEY, JSON.stringify(taken));
    },
  };
}

export async function executeRun(run: OpenRun, io: RunIo): Promise<SessionResult> {
  const { config, sizing, workload } = run;
  // Both ask the server before any worker sends, under their own 2 s limits, side by side.
  const [makeScraper] = await Promise.all([serverMetricsScraper(run, io.log), recordServerIdentity(run, io.log)]);
  let scraper: ServerMetricsScraper | null = null;
  const bounds = scrapeBounds(run.db);
  const display = await openRunDisplay(run, io);
  const { live, log } = display;
  run.pool.routeOutput(display.workerOutput);
  const profiling = config.settings.profiling;
  const profiler = profiling.engine
    ? new ProfilerTriggers(
        profiling.engine,
        profiling.urls?.length ? profiling.urls : config.endpoint_config.endpoints,
        log,
      )
    : null;
  let probe: CalibrationProbe | null = null;
  const session = new Session({
    pool: run.pool,
    workers: sizing.workers,
    maxInFlightPerWorker: sizing.maxInFlightPerWorker,
    worker: workerSettings(run),
    phases: workload.phases,
    workerStartupTimeoutMs: Math.round(config.settings.client.worker_initialization_timeout * 1000),
    startAtEpochNs: run.startAtEpochNs,
    cpusFor: (workerId) => run.affinity?.workers[workerId] ?? [],
    db: run.db,
    ...(makeScraper
      ? {
          onClock: (clock: RunClock) => {
            scraper = makeScraper(clock.now, display.serverScrape);
            scraper.start();
          },
        }
      : {}),
    onPhaseStart: (plan, startNs) => {
      live.startPhase(plan, startNs);
      display.startPhase(plan);
      setTimeout(run.saveConfig, 0); // after this turn, which sends the phase's `go`
    },
    onPhaseIssued: (phase) => display.phaseIssued(phase),
    beforePhaseGo: async (phase) => {
      if (phase.kind !== "performance") return;
      await Promise.all([profiler?.start(), scraper && bounds.scrape("baselineNs", scraper)]);
      if (config.settings.client.calibrate) probe = startCalibration(run, requestHeaders(run));
    },
    afterPhaseEnd: async (phase) => {
      live.endPhase(phase.plan.phase);
      if (phase.kind === "performance" && scraper) await bounds.scrape("finalNs", scraper);
      if (phase.kind === "performance" && probe) await storeCalibration(run, probe, log);
    },
    onRecords: (phase, records) => {
      // The one place the live views are fed: the progress line, the dashboard and the live page read it.
      live.add(phase, records);
      display.add(records);
      if (phase === "performance") watch?.add(records);
    },
    onHealth: (workerId: number, samples: Float64Array) => live.health(workerId, samples),
    log,
  });
  const watch = stopIssuingWatch(run, (phase) => session.stopIssuing(phase), log);
  const counts = workload.phases.map((p) => `${p.plan.phase} ${p.plan.sampleIndex.length}`).join(", ");
  log(
    `benchmark: ${counts} requests (${config.settings.load_pattern.type}), ${sizing.workers} ` +
      `worker(s), ${inFlightText(sizing)}, streaming ${workload.streaming ? "on" : "off"}`,
  );
  // The first stop signal (or key) is kept, so the report names what interrupted the run (report/stop-cause).
  const signals = installStopSignals(session, log, (signal) => {
    run.db.setMeta(STOP_SIGNAL_META_KEY, signal);
    display.stopping(signal);
  });
  display.onStopKey(signals.press);
  const limitS = config.run_timeout_s;
  const watchdog = limitS
    ? setTimeout(() => {
        log(`warning: run timeout of ${limitS} s reached; stopping`);
        session.requestStop("timeout", true);
      }, limitS * 1000)
    : null;
  let failed = true;
  try {
    const result = await session.run();
    live.finish();
    failed = result.state === "failed";
    return result;
  } finally {
    live.finish();
    await (scraper as ServerMetricsScraper | null)?.stop();
    if (profiler) {
      await profiler.stop(!failed);
      run.db.setMeta(PROFILING_META_KEY, JSON.stringify(profiler.record()));
    }
    run.saveConfig();
    display.close();
    run.pool.routeOutput(null);
    if (watchdog) clearTimeout(watchdog);
    signals.remove();
  }
}
