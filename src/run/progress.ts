/**
 * @module run/progress — a live line on stderr while a phase runs.
 *
 * Rendered from the result batches main already receives (no extra work in workers). On a TTY
 * the line is redrawn every 250 ms; otherwise a plain line is printed every 5 s. `quiet` turns
 * it off. The text is a pure function of the counters (`renderProgress`).
 */
import type { RequestRecord } from "../record/request-record.ts";

export interface ProgressCounters {
  phase: string;
  planned: number;
  completed: number;
  failed: number;
  outputTokens: number;
  elapsedNs: number;
}

export function renderProgress(c: ProgressCounters): string {
  const seconds = c.elapsedNs / 1e9;
  const rate = seconds > 0 ? c.completed / seconds : 0;
  const tokRate = seconds > 0 ? c.outputTokens / seconds : 0;
  const pct = c.planned > 0 ? Math.floor((100 * c.completed) / c.planned) : 0;
  return `${c.phase}: ${c.completed}/${c.planned} done (${pct}%), ${c.failed} failed, ${rate.toFixed(1)} req/s, ${tokRate.toFixed(0)} tok/s, ${seconds.toFixed(1)} s`;
}

export class ProgressLine {
  private counters: ProgressCounters | null = null;
  private startMs = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly tty: boolean;

  constructor(
    private readonly write: (text: string) => void,
    private readonly enabled: boolean,
    isTty: boolean,
  ) {
    this.tty = isTty;
  }

  startPhase(phase: string, planned: number): void {
    this.stop();
    this.counters = { phase, planned, completed: 0, failed: 0, outputTokens: 0, elapsedNs: 0 };
    this.startMs = performance.now();
    if (!this.enabled) return;
    this.timer = setInterval(() => this.draw(), this.tty ? 250 : 5000);
  }

  add(records: readonly RequestRecord[]): void {
    const c = this.counters;
    if (!c) return;
    for (const r of records) {
      if (r.phase !== c.phase) continue;
      // A retry replaces its entry's previous attempt, which failed (only failures are retried).
      if (r.attempt > 0) c.failed--;
      else c.completed++;
      if (r.errorKind !== null) c.failed++;
      else c.outputTokens += r.outputTokens ?? 0;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.enabled && this.counters) this.draw(true);
    this.counters = null;
  }

  private draw(final = false): void {
    const c = this.counters;
    if (!c) return;
    c.elapsedNs = (performance.now() - this.startMs) * 1e6;
    const line = renderProgress(c);
    if (this.tty) this.write(`\r\x1b[2K${line}${final ? "\n" : ""}`);
    else this.write(`${line}\n`);
  }
}
