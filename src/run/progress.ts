/**
 * @module run/progress — the live progress line on stderr while a phase runs.
 *
 * Built from the result batches main already receives (no extra work in workers). On a TTY the
 * line is redrawn every 250 ms; otherwise a plain line is printed every 5 s; `--quiet` turns it
 * off. Requests in flight and the ETA come from the phase's plan: for a schedule, the requests
 * already due; for a closed loop, its slots. TTFT p50 is over the latest 4096 first tokens.
 * Rates come from one entry per result batch of the last 5 s, trimmed as batches arrive, so
 * the state stays small however long the run and whether or not a line is ever drawn (--quiet).
 */
import { ttftNsOf } from "../metrics/request-values.ts";
import { dueCount } from "../plan/due-count.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { renderProgress } from "./progress-text.ts";

const RATE_WINDOW_MS = 5_000;
const TTFT_SAMPLES = 4096;

interface RecentBatch {
  atMs: number;
  /** Successful requests of the batch and their output tokens. */
  requests: number;
  tokens: number;
}

interface PhaseState {
  plan: PhasePlan;
  startMs: number;
  completed: number;
  failed: number;
  /** Result batches of the last RATE_WINDOW_MS, oldest first. */
  recent: RecentBatch[];
  ttftMs: Float64Array;
  ttftCount: number;
}

/** Removes the batches that arrived before `cutoffMs` (the array is oldest first). */
function dropOlderThan(recent: RecentBatch[], cutoffMs: number): void {
  let stale = 0;
  while (stale < recent.length && (recent[stale] as RecentBatch).atMs < cutoffMs) stale++;
  if (stale > 0) recent.splice(0, stale);
}

export class ProgressLine {
  private state: PhaseState | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly write: (text: string) => void,
    private readonly enabled: boolean,
    private readonly tty: boolean,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** Batches held for the rate (for tests: bounded by the window, not by the run). */
  get recentBatches(): number {
    return this.state?.recent.length ?? 0;
  }

  startPhase(plan: PhasePlan): void {
    this.stop();
    this.state = {
      plan,
      startMs: this.nowMs(),
      completed: 0,
      failed: 0,
      recent: [],
      ttftMs: new Float64Array(TTFT_SAMPLES),
      ttftCount: 0,
    };
    if (this.enabled) this.timer = setInterval(() => this.draw(), this.tty ? 250 : 5000);
  }

  add(records: readonly RequestRecord[]): void {
    const s = this.state;
    if (!s) return;
    const batch: RecentBatch = { atMs: this.nowMs(), requests: 0, tokens: 0 };
    for (const r of records) {
      if (r.phase !== s.plan.phase) continue;
      // A retry replaces its entry's previous attempt, which failed (only failures are retried).
      if (r.attempt > 0) s.failed--;
      else s.completed++;
      if (r.errorKind !== null) s.failed++;
      else {
        batch.requests++;
        batch.tokens += r.outputTokens ?? 0;
      }
      if (r.firstTokenNs !== null && r.errorKind === null) s.ttftMs[s.ttftCount++ % TTFT_SAMPLES] = ttftNsOf(r) / 1e6;
    }
    if (batch.requests > 0) s.recent.push(batch);
    dropOlderThan(s.recent, batch.atMs - RATE_WINDOW_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.enabled && this.state) this.draw(true);
    this.state = null;
  }

  private draw(final = false): void {
    const s = this.state;
    if (!s) return;
    const now = this.nowMs();
    dropOlderThan(s.recent, now - RATE_WINDOW_MS);
    const elapsedS = (now - s.startMs) / 1000;
    const windowS = Math.min(elapsedS, RATE_WINDOW_MS / 1000);
    const recentQps = windowS > 0 ? s.recent.reduce((sum, b) => sum + b.requests, 0) / windowS : 0;
    const recentTokensPerS = windowS > 0 ? s.recent.reduce((sum, b) => sum + b.tokens, 0) / windowS : 0;
    const planned = s.plan.sampleIndex.length;
    const slots = s.plan.slotOffsetsNs.length;
    const remaining = Math.max(0, planned - s.completed);
    let inFlight: number | null = null;
    let etaS: number | null = recentQps > 0 ? remaining / recentQps : null;
    if (slots > 0) inFlight = Math.min(slots, remaining);
    else if (s.plan.pattern.type !== "max_throughput") {
      inFlight = Math.max(0, dueCount(s.plan.offsetNs, elapsedS * 1e9) - s.completed);
      const lastS = (s.plan.offsetNs[planned - 1] ?? 0) / 1e9;
      etaS = Math.max(lastS - elapsedS, etaS ?? 0);
    }
    const n = Math.min(s.ttftCount, TTFT_SAMPLES);
    const ttft = n > 0 ? Float64Array.from(s.ttftMs.subarray(0, n)).sort() : null;
    const line = renderProgress({
      phase: s.plan.phase,
      planned,
      completed: s.completed,
      failed: s.failed,
      inFlight,
      recentQps,
      recentTokensPerS,
      ttftP50Ms: ttft ? (ttft[(n - 1) >> 1] as number) : null,
      elapsedS,
      etaS: final ? null : etaS,
    });
    if (this.tty) this.write(`\r\x1b[2K${line}${final ? "\n" : ""}`);
    else this.write(`${line}\n`);
  }
}
