/**
 * @module run/run-display — what a run shows on stderr while it runs: the dashboard, the progress line, or nothing.
 *
 * `--ui` is resolved against the terminal (dashboard/choose-ui). Whichever is shown reads the run's
 * one live tally (live-metrics/live-state): the live page's when `--live-metrics` serves one, else
 * made here; the caller feeds it once per result batch. Log lines go through `log`, which the
 * dashboard holds while it covers the screen and prints on the normal screen when it closes.
 */
import { DEFAULT_SLO_PERCENTILE } from "../config/slo.ts";
import { chooseUi } from "../dashboard/choose-ui.ts";
import type { Dashboard } from "../dashboard/dashboard.ts";
import { LiveState } from "../live-metrics/live-state.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import type { MetricSample } from "../server-metrics/exposition.ts";
import type { OpenRun, RunIo } from "./open-run.ts";
import { ProgressLine } from "./progress.ts";
import { inFlightOf } from "./size-workers.ts";

interface RunDisplay {
  log: (line: string) => void;
  /** The one live tally to count result batches into: the live page's when it is served, else this display's. */
  live: LiveState;
  /** Call after `live.startPhase`. */
  startPhase(plan: PhasePlan): void;
  /** A result batch, after `live.add`: the dashboard's `--slo` and conversation counts need the records themselves. */
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
  const { ttft_ms, tpot_ms, latency_ms, ttfo_ms, percentile } = run.config.slo;
  if (ttft_ms === null && tpot_ms === null && latency_ms === null && ttfo_ms === null) return null;
  return { limits: { ttft_ms, tpot_ms, latency_ms, ttfo_ms }, targetPct: percentile ?? DEFAULT_SLO_PERCENTILE };
}

export async function openRunDisplay(run: OpenRun, io: RunIo): Promise<RunDisplay> {
  const { choice, warning } = chooseUi(run.config.ui, !io.progressEnabled, stderrTerminal(io.isTty));
  if (warning) io.log(`warning: ${warning}`);
  const phases = run.workload.phases.map((p) => p.plan.phase);
  const live = run.live?.state ?? new LiveState(phases, inFlightOf(run.sizing));
  if (choice.kind !== "dashboard") {
    const redrawn = choice.kind === "line" && choice.redrawn;
    const progress = new ProgressLine(io.progress, choice.kind === "line", redrawn, live);
    return {
      log: io.log,
      live,
      startPhase: (plan) => progress.startPhase(plan),
      add: () => {},
      phaseIssued: () => {},
      workerOutput: null,
      serverScrape: null,
      onStopKey: () => {},
      stopping: () => {},
      close: () => progress.stop(),
    };
  }
  // Loaded only when drawn: a run without a terminal never parses the renderer.
  const { Dashboard: DashboardClass } = await import("../dashboard/dashboard.ts");
  // Its latency table shows ITL, a logarithm per chunk gap in main: tallied only while it is up.
  live.tallyItl();
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
    startPhase: (plan) => dashboard.startPhase(plan),
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
