/**
 * @module run/progress — the live progress line on stderr while a phase runs.
 *
 * It reads the run's one live tally (live-metrics/live-state, fed where main receives result
 * batches), as the dashboard and the live page do, so the three agree: done, failed, in flight
 * and TTFT p50 are the tally's (TTFT p50 over the whole phase, within 2 % of the report's, from
 * its log-bucketed histogram). On a TTY the line is redrawn every 250 ms; otherwise a plain line
 * is printed every 5 s; `--quiet` turns it off. The ETA comes from the phase's plan: for a
 * schedule, its last instant; otherwise what is left at the recent rate. Rates are the change of
 * the tally's counts over the last 5 s, from one sample per line drawn, trimmed as lines are
 * drawn, so the state stays small however long the run (and is empty when no line is drawn).
 */
import { quantileS } from "../live-metrics/live-histogram.ts";
import type { LiveState } from "../live-metrics/live-state.ts";
import { failedEntries } from "../live-metrics/phase-tally.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import { renderProgress } from "./progress-text.ts";

const RATE_WINDOW_MS = 5_000;

/** The tally's successful requests and their output tokens at one instant. */
interface Sample {
  atMs: number;
  requests: number;
  tokens: number;
}

interface PhaseState {
  plan: PhasePlan;
  startMs: number;
  /** One per line drawn in the last RATE_WINDOW_MS, and the newest before it; oldest first. */
  samples: Sample[];
}

export class ProgressLine {
  private state: PhaseState | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly write: (text: string) => void,
    private readonly enabled: boolean,
    private readonly tty: boolean,
    private readonly live: Pick<LiveState, "figures">,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** Samples held for the rate (for tests: bounded by the window, not by the run). */
  get heldSamples(): number {
    return this.state?.samples.length ?? 0;
  }

  /** Call after the live state's startPhase. */
  startPhase(plan: PhasePlan): void {
    this.stop();
    const startMs = this.nowMs();
    this.state = { plan, startMs, samples: [{ atMs: startMs, requests: 0, tokens: 0 }] };
    if (this.enabled) this.timer = setInterval(() => this.draw(), this.tty ? 250 : 5000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.enabled && this.state) this.draw(true);
    this.state = null;
  }

  /** Draws the line now (the timer's and stop's; a test's). */
  draw(final = false): void {
    const s = this.state;
    const f = s ? this.live.figures(s.plan.phase) : null;
    if (!s || !f) return;
    const now = this.nowMs();
    const sample = { atMs: now, requests: f.completed, tokens: f.outputTokens };
    s.samples.push(sample);
    // The window starts at the newest sample at least RATE_WINDOW_MS old (the phase's start early on).
    let base = 0;
    for (let i = 0; i < s.samples.length; i++) if (now - (s.samples[i] as Sample).atMs >= RATE_WINDOW_MS) base = i;
    if (base > 0) s.samples.splice(0, base);
    const from = s.samples[0] as Sample;
    const windowS = (now - from.atMs) / 1000;
    const recentQps = windowS > 0 ? (sample.requests - from.requests) / windowS : 0;
    const recentTokensPerS = windowS > 0 ? (sample.tokens - from.tokens) / windowS : 0;
    const elapsedS = (now - s.startMs) / 1000;
    const planned = s.plan.sampleIndex.length;
    const remaining = Math.max(0, planned - f.entries);
    let etaS: number | null = recentQps > 0 ? remaining / recentQps : null;
    if (s.plan.slotOffsetsNs.length === 0 && s.plan.pattern.type !== "max_throughput") {
      const lastS = (s.plan.offsetNs[planned - 1] ?? 0) / 1e9;
      etaS = Math.max(lastS - elapsedS, etaS ?? 0);
    }
    const ttftP50S = quantileS(f.ttft, 50);
    const line = renderProgress({
      phase: s.plan.phase,
      planned,
      completed: f.entries,
      failed: failedEntries(f),
      // max_throughput has every request left in flight up to the limit: nothing worth a word.
      inFlight: s.plan.pattern.type === "max_throughput" ? null : f.inFlight,
      recentQps,
      recentTokensPerS,
      ttftP50Ms: ttftP50S === null ? null : ttftP50S * 1000,
      elapsedS,
      etaS: final ? null : etaS,
    });
    if (this.tty) this.write(`\r\x1b[2K${line}${final ? "\n" : ""}`);
    else this.write(`${line}\n`);
  }
}
