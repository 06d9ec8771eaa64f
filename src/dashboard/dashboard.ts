/**
 * @module dashboard/dashboard — the live dashboard of a run: redrawn twice a second from main's own state.
 *
 * It reads live-metrics/live-state (counted as result batches arrive, whatever draws them) on a
 * timer in the main process, never in the workers and never per request. While it is up, the
 * run's log lines are held and shown in its last rows; when it closes (the run's end, an error,
 * process exit, an uncaught exception or an unhandled rejection) the terminal is restored first
 * and the held lines are printed on the normal screen, so warnings are not lost and the final
 * summary or the error lands below them.
 */
import { describeError, ExitCode } from "../errors.ts";
import type { LiveState, PhaseFigures } from "../live-metrics/live-state.ts";
import type { MetricSample } from "../server-metrics/exposition.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import { dashboardSnapshot } from "./dashboard-snapshot.ts";
import { FrameHistory } from "./frame-history.ts";
import { planFacts, type PlanFacts } from "./plan-facts.ts";
import { renderDashboard } from "./render-dashboard.ts";
import { type ServerGauges, serverGaugesOf } from "./server-gauges.ts";
import { type SloLimitsMs, SloTally } from "./slo-tally.ts";
import { ConversationTally } from "./conversation-tally.ts";
import { isConversationPlan } from "../plan/conversation-plan.ts";
import { type KeyInput, TerminalScreen } from "./terminal-screen.ts";
import type { RequestRecord } from "../record/request-record.ts";

/** About two frames a second: fresh enough to watch, cheap enough to ignore (a frame is a few kB). */
const REDRAW_MS = 500;
/** Log lines held for the normal screen; a run that logs more keeps the first ones and counts the rest. */
const HELD_LINES = 1000;

interface DashboardOptions {
  live: LiveState;
  /** Synchronous writes to stderr. */
  write: (text: string) => void;
  color: boolean;
  /** The terminal's size now (it may be resized while the run runs). */
  size: () => { columns: number; rows: number };
  input: KeyInput | null;
  /** `q` or Ctrl-C was pressed: the run's stop path (run/stop-signals). */
  onStopKey: (key: string) => void;
  /** `--slo` when given: its limits and the share (%) of requests that must meet them. */
  slo: { limits: SloLimitsMs; targetPct: number } | null;
  /** Lines the caller adds under the header (a sweep: its steps), fit to a width; none when absent. */
  context?: (width: number) => readonly string[];
  nowMs?: () => number;
  /** `-v`: an error the dashboard prints itself (an unhandled rejection) carries its stack, as the CLI's would. */
  verbose?: boolean;
}

export class Dashboard {
  private readonly screen: TerminalScreen;
  private readonly history = new FrameHistory();
  private readonly nowMs: () => number;
  private readonly held: string[] = [];
  private dropped = 0;
  private phase: { plan: PhasePlan; facts: PlanFacts; startMs: number } | null = null;
  private server: ServerGauges | null = null;
  private stopping: string | null = null;
  /** The latest phase that has sent its every request. */
  private issuedPhase: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly onExit = () => this.close();
  /**
   * Bun calls no uncaughtExceptionMonitor for a rejection nobody handles: it prints it and exits
   * 1 at once, onto the alternate screen, which the exit then clears. So the screen is given
   * back first, then the error printed as the CLI prints its own (errors.ts describeError), and
   * the process ends with the code Bun would have used (1, ExitCode.unexpected): listening for
   * the event replaces Bun's default, which would otherwise let the run go on.
   */
  private readonly onRejection = (reason: unknown) => {
    this.close();
    this.options.write(`${describeError(reason, this.options.verbose ?? false).text}\n`);
    process.exit(ExitCode.unexpected);
  };
  private readonly tally: SloTally | null;
  private conversations: ConversationTally | null = null;

  constructor(private readonly options: DashboardOptions) {
    this.nowMs = options.nowMs ?? (() => performance.now());
    this.tally = options.slo ? new SloTally(options.slo.limits) : null;
    this.screen = new TerminalScreen(options.write, options.input, options.onStopKey);
  }

  open(): void {
    // An uncaught exception is printed after its monitor runs: the normal screen is back by then.
    process.on("uncaughtExceptionMonitor", this.onExit);
    process.on("exit", this.onExit);
    process.on("unhandledRejection", this.onRejection);
    this.screen.enter();
    this.timer = setInterval(() => this.draw(), REDRAW_MS);
    this.draw();
  }

  /** A log line of the run: held for the normal screen, shown in the dashboard meanwhile. */
  readonly log = (line: string): void => {
    for (const one of line.replace(/^\n+/, "").split("\n")) {
      if (this.held.length < HELD_LINES) this.held.push(one);
      else this.dropped++;
    }
    if (this.timer === null) this.flush();
  };

  /** Call after LiveState.startPhase. The history restarts from the phase's zero. */
  startPhase(plan: PhasePlan): void {
    const startMs = this.nowMs();
    this.phase = { plan, facts: planFacts(plan), startMs };
    this.tally?.startPhase(plan.phase);
    this.conversations = isConversationPlan(plan) ? new ConversationTally(plan) : null;
    const figures = this.figures();
    if (figures) this.history.reset({ atMs: startMs, figures, slo: this.tally?.read() ?? null });
  }

  /** A result batch: `--slo` and conversations need the records themselves; counts and percentiles are in the live state. */
  add(records: readonly RequestRecord[]): void {
    this.tally?.add(records);
    this.conversations?.add(records);
  }

  /** Every request of `phase` was sent (run/session's onPhaseIssued): the header says it drains until the next phase. */
  phaseIssued(phase: string): void {
    this.issuedPhase = phase;
  }

  /** The first stop (a key, SIGINT or SIGTERM): the header says the run is draining until it ends. */
  stoppingOn(signal: string): void {
    this.stopping ??= `${signal}: stopping (Ctrl-C again quits now)`;
  }

  /** The samples of a `--server-metrics` scrape that worked. */
  serverScrape(samples: readonly MetricSample[]): void {
    this.server = serverGaugesOf(samples);
  }

  /** Ends the timer, restores the terminal, then prints the held log lines on the normal screen. */
  close(): void {
    process.off("uncaughtExceptionMonitor", this.onExit);
    process.off("exit", this.onExit);
    process.off("unhandledRejection", this.onRejection);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.screen.leave();
    this.flush();
  }

  private flush(): void {
    if (this.dropped > 0) this.held.push(`(${this.dropped} more log lines while the dashboard was up)`);
    this.dropped = 0;
    if (this.held.length > 0) this.options.write(`${this.held.join("\n")}\n`);
    this.held.length = 0;
  }

  private context(width: number): string[] {
    const lines = [...(this.options.context?.(width) ?? [])];
    const c = this.conversations?.read();
    if (c) lines.push(`conversations: ${c.active} active · ${c.done} done of ${c.total}`);
    return lines;
  }

  private figures(): PhaseFigures | null {
    const name = this.phase?.plan.phase;
    return name === undefined ? null : this.options.live.figures(name);
  }

  private draw(): void {
    const { columns, rows } = this.options.size();
    const size = { width: Math.max(20, columns), height: Math.max(1, rows), color: this.options.color };
    const read = this.options.live.read();
    const figures = read.requests.find((p) => p.phase === this.phase?.plan.phase);
    if (!this.phase || !figures) {
      this.screen.draw([`inference-endpoint · ${read.current} …`, ...this.held.slice(-(size.height - 2))]);
      return;
    }
    const nowMs = this.nowMs();
    const slo = this.tally?.read() ?? null;
    this.history.observe({ atMs: nowMs, figures, slo });
    const snapshot = dashboardSnapshot({
      nowMs,
      phaseStartMs: this.phase.startMs,
      current: read.current,
      figures,
      facts: this.phase.facts,
      base: this.history.windowBase(nowMs),
      points: this.history.points(),
      workers: read.workers,
      server: this.server,
      context: this.context(size.width),
      logs: this.held,
      stopping: this.stopping,
      draining: this.issuedPhase === this.phase.plan.phase,
      slo: slo && this.options.slo ? { counts: slo, targetPct: this.options.slo.targetPct } : null,
    });
    this.screen.draw(renderDashboard(snapshot, size));
  }
}
