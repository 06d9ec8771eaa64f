/**
 * @module run/run-display — what a run shows on stderr while it runs: the dashboard, the progress line, or nothing.
 *
 * `--ui` is resolved against the terminal (dashboard/choose-ui). The dashboard reads its counts
 * from the live state `--live-metrics` keeps (live-metrics/live-state), made here when the page
 * is off, and files the records' latencies in histograms of its own (dashboard/latency-tally).
 * Log lines go through `log`, which the dashboard holds while it covers the screen and prints on
 * the normal screen when it closes.
 */
import { DEFAULT_SLO_PERCENTILE } from "../config/slo.ts";
import { chooseUi } from "../dashboard/choose-ui.ts";
import type { Dashboard } from "../dashboard/dashboard.ts";
import type { LiveState } from "../live-metrics/live-state.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import type { MetricSample } from "../server-metrics/exposition.ts";
import type { OpenRun, RunIo } from "./open-run.ts";
import { ProgressLine } from "./progress.ts";
import { inFlightOf } from "./size-workers.ts";

interface RunDisplay {
  log: (line: string) => void;
  /** The state to count result batches into: the live page's, the dashboard's, or null when neither is on. */
  live: LiveState | null;
  /** Call after `live.startPhase`; `startNs`: the phase's start instant on the run's clock. */
  startPhase(plan: PhasePlan, startNs: number): void;
  add(records: readonly RequestRecord[]): void;
  /** The phase's last request was sent (or a stop came): the header says it drains. */
  phaseIssued(phase: string): void;
  /** Where the workers' output goes while this display covers the screen (the dashboard's log); null: our stderr. */
  workerOutput: ((text: string) => void) | null;
  /** `--server-metrics` scraped the page: its samples (null when the dashboard is off: nothing to show them on). */
  serverScrape: ((samples: readonly MetricSample[]) => void) | null;
  /** Where `q` and Ctrl-C go once the stop path exists. */
  onStopKey(press: (key: string) => void): void;
  /** The first stop signal (or key) arrived: the run drains. */
  stopping(signal: string): void;
  close(): void;
}

/** The terminal on stderr; its size is read only when it is one (node:tty's stream is built then). */
function stderrTerminal(isTty: boolean) {
  return {
    stderrIsTty: isTty,
    columns: isTty ? (process.stderr.columns ?? 0) : 0,
    rows: isTty ? (process.stderr.rows ?? 0) : 0,
    term: process.env.TERM,
    noColor: process.env.NO_COLOR,
  };
}

/** `--slo` when it sets a limit: goodput is shown against it. */
function sloOf(run: OpenRun) {
  const { ttft_ms, tpot_ms, latency_ms, percentile } = run.config.slo;
  if (ttft_ms === null && tpot_ms === null && latency_ms === null) return null;
  return { limits: { ttft_ms, tpot_ms, latency_ms }, targetPct: percentile ?? DEFAULT_SLO_PERCENTILE };
}

export async function openRunDisplay(run: OpenRun, io: RunIo): Promise<RunDisplay> {
  const { choice, warning } = chooseUi(run.config.ui, !io.progressEnabled, stderrTerminal(io.isTty));
  if (warning) io.log(`warning: ${warning}`);
  if (choice.kind !== "dashboard") {
    const progress = new ProgressLine(io.progress, choice.kind === "line", choice.kind === "line" && choice.redrawn);
    return {
      log: io.log,
      live: run.live?.state ?? null,
      startPhase: (plan) => progress.startPhase(plan),
      add: (records) => progress.add(records),
      phaseIssued: () => {},
      workerOutput: null,
      serverScrape: null,
      onStopKey: () => {},
      stopping: () => {},
      close: () => progress.stop(),
    };
  }
  // Loaded only when drawn: a run without a terminal never parses the renderer (nor the live state, without --live-metrics).
  const [{ Dashboard: DashboardClass }, { LiveState: LiveStateClass }] = await Promise.all([
    import("../dashboard/dashboard.ts"),
    import("../live-metrics/live-state.ts"),
  ]);
  const phases = run.workload.phases.map((p) => p.plan.phase);
  const live = run.live?.state ?? new LiveStateClass(phases, inFlightOf(run.sizing));
  let press: (key: string) => void = () => {};
  const stdinIsTty = (require("node:tty") as typeof import("node:tty")).isatty(0);
  const dashboard: Dashboard = new DashboardClass({
    live,
    write: io.progress,
    color: choice.color,
    size: () => ({ columns: process.stderr.columns ?? 80, rows: process.stderr.rows ?? 24 }),
    input: stdinIsTty ? process.stdin : null,
    onStopKey: (key) => press(key),
    slo: sloOf(run),
    verbose: io.verbose ?? false,
    // What the run is part of (a sweep's steps), and where Prometheus can scrape it while it is up.
    context: (width) => [...(io.statusLines?.(width) ?? []), ...(run.live ? [`live metrics: ${run.live.url}`] : [])],
  });
  dashboard.open();
  return {
    log: dashboard.log,
    live,
    startPhase: (plan, startNs) => dashboard.startPhase(plan, startNs),
    add: (records) => dashboard.add(records),
    phaseIssued: (phase) => dashboard.phaseIssued(phase),
    workerOutput: (text) => dashboard.log(text.replace(/\n$/, "")),
    serverScrape: (samples) => dashboard.serverScrape(samples),
    onStopKey: (fn) => {
      press = fn;
    },
    stopping: (signal) => dashboard.stoppingOn(signal),
    close: () => dashboard.close(),
  };
}
