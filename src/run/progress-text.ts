/**
 * @module run/progress-text — the live progress line as a pure function of a snapshot.
 *
 * `performance: 512/1000 done (51%) · 3 failed · 24 in flight · 198.4 req/s · 9.5k tok/s ·
 * TTFT p50 16.2 ms · 2.6 s, ETA 2.5 s`. Rates are over the last few seconds (what the server is
 * doing now); parts without data are left out.
 */
interface ProgressSnapshot {
  phase: string;
  planned: number;
  completed: number;
  failed: number;
  inFlight: number | null;
  /** Completions per second over the recent window. */
  recentQps: number;
  recentTokensPerS: number;
  ttftP50Ms: number | null;
  elapsedS: number;
  etaS: number | null;
}

function compact(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)}k` : value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

export function renderProgress(s: ProgressSnapshot): string {
  const pct = s.planned > 0 ? Math.floor((100 * s.completed) / s.planned) : 0;
  const parts = [`${s.phase}: ${s.completed}/${s.planned} done (${pct}%)`, `${s.failed} failed`];
  if (s.inFlight !== null) parts.push(`${s.inFlight} in flight`);
  parts.push(`${compact(s.recentQps)} req/s`);
  if (s.recentTokensPerS > 0) parts.push(`${compact(s.recentTokensPerS)} tok/s`);
  if (s.ttftP50Ms !== null) parts.push(`TTFT p50 ${s.ttftP50Ms.toFixed(1)} ms`);
  parts.push(`${s.elapsedS.toFixed(1)} s${s.etaS === null ? "" : `, ETA ${s.etaS.toFixed(1)} s`}`);
  return parts.join(" · ");
}
