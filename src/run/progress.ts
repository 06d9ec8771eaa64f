/**
 * @module run/progress — the live progress line on stderr while a phase runs.
 *
 * Built from the result batches main already receives (no extra work in workers). On a TTY the
 * line is redrawn every 250 ms; otherwise a plain line is printed every 5 s; `--quiet` turns it
 * off. Requests in flight and the ETA come from the phase's plan: for a schedule, the requests
 * already due; for a closed loop, its slots. TTFT p50 is over the latest 4096 first tokens.
 */
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { renderProgress } from "./progress-text.ts";

const RATE_WINDOW_MS = 5_000;
const TTFT_SAMPLES = 4096;

interface PhaseState {
  plan: PhasePlan;
  startMs: number;
  completed: number;
  failed: number;
  /** [time ms, tokens] of recent completions, oldest first. */
  recent: [number, number][];
  ttftMs: Float64Array;
  ttftCount: number;
}

/** Index of the first offset greater than `t` (offsets sorted ascending). */
function dueCount(offsetsNs: Float64Array, tNs: number): number {
  let lo = 0;
  let hi = offsetsNs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((offsetsNs[mid] as number) <= tNs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ProgressLine {
  private state: PhaseState | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly write: (text: string) => void,
    private readonly enabled: boolean,
    private readonly tty: boolean,
  ) {}

  startPhase(plan: PhasePlan): void {
    this.stop();
    this.state = { plan, startMs: performance.now(), completed: 0, failed: 0, recent: [], ttftMs: new Float64Array(TTFT_SAMPLES), ttftCount: 0 };
    if (this.enabled) this.timer = setInterval(() => this.draw(), this.tty ? 250 : 5000);
  }

  add(records: readonly RequestRecord[]): void {
    const s = this.state;
    if (!s) return;
    const now = performance.now();
    for (const r of records) {
      if (r.phase !== s.plan.phase) continue;
      // A retry replaces its entry's previous attempt, which failed (only failures are retried).
      if (r.attempt > 0) s.failed--;
      else s.completed++;
      if (r.errorKind !== null) s.failed++;
      else s.recent.push([now, r.outputTokens ?? 0]);
      if (r.firstTokenNs !== null && r.errorKind === null) s.ttftMs[s.ttftCount++ % TTFT_SAMPLES] = (r.firstTokenNs - r.sentNs) / 1e6;
    }
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
    const now = performance.now();
    while (s.recent.length > 0 && now - (s.recent[0] as [number, number])[0] > RATE_WINDOW_MS) s.recent.shift();
    const elapsedS = (now - s.startMs) / 1000;
    const windowS = Math.min(elapsedS, RATE_WINDOW_MS / 1000);
    const recentQps = windowS > 0 ? s.recent.length / windowS : 0;
    const recentTokensPerS = windowS > 0 ? s.recent.reduce((sum, [, t]) => sum + t, 0) / windowS : 0;
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
      phase: s.plan.phase, planned, completed: s.completed, failed: s.failed, inFlight, recentQps, recentTokensPerS,
      ttftP50Ms: ttft ? (ttft[(n - 1) >> 1] as number) : null, elapsedS, etaS: final ? null : etaS,
    });
    if (this.tty) this.write(`\r\x1b[2K${line}${final ? "\n" : ""}`);
    else this.write(`${line}\n`);
  }
}
