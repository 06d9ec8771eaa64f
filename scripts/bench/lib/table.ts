/** @module scripts/bench/lib/table — medians, number formatting and the one markdown table all sections share. */

export type Verdict = "met" | "not met" | "–";

export interface Row {
  section: string;
  metric: string;
  /** inference-endpoint's median (or the measured value where there is no peer). */
  value: string;
  /** The peer's median (wrk, minimal server) or "–". */
  peer: string;
  /** value / peer, or "–". */
  ratio: string;
  target: string;
  verdict: Verdict;
  /** Individual runs and caveats. */
  notes: string;
}

export function median(xs: readonly number[]): number {
  const finite = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 ? (finite[mid] as number) : ((finite[mid - 1] as number) + (finite[mid] as number)) / 2;
}

export function fmt(x: number, digits = 0): string {
  return Number.isFinite(x)
    ? x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "–";
}

/** Compact form of a list of runs: 1.2k, 35.4k, 1.05M. */
export function short(x: number): string {
  if (!Number.isFinite(x)) return "–";
  const abs = Math.abs(x);
  if (abs >= 1e6) return `${(x / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${(x / 1e3).toFixed(1)}k`;
  if (abs >= 100) return x.toFixed(0);
  return x.toFixed(abs >= 10 ? 1 : 2);
}

export function runs(xs: readonly number[], unit = ""): string {
  return `runs ${xs.map((x) => short(x) + unit).join(", ")}`;
}

export function ratio(a: number, b: number): string {
  return Number.isFinite(a / b) ? `${fmt(a / b, 2)}×` : "–";
}

/** At least / at most a threshold; "–" when the value is missing. */
export function atLeast(value: number, min: number): Verdict {
  return Number.isFinite(value) ? (value >= min ? "met" : "not met") : "–";
}

export function atMost(value: number, max: number): Verdict {
  return Number.isFinite(value) ? (value <= max ? "met" : "not met") : "–";
}

/** Strictly below a bound (a test's old `toBeLessThan`); "–" when the value is missing. */
export function below(value: number, max: number): Verdict {
  return Number.isFinite(value) ? (value < max ? "met" : "not met") : "–";
}

/** In [min, max): at least `min`, below `max`; "–" when the value is missing. */
export function inRange(value: number, min: number, max: number): Verdict {
  return Number.isFinite(value) ? (value >= min && value < max ? "met" : "not met") : "–";
}

const HEADER = ["section", "metric", "inference-endpoint", "peer", "ratio", "target", "verdict", "runs / notes"];

export function renderTable(rows: readonly Row[]): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const lines = [`| ${HEADER.join(" | ")} |`, `|${HEADER.map(() => "---").join("|")}|`];
  for (const r of rows) {
    lines.push(
      `| ${[r.section, r.metric, r.value, r.peer, r.ratio, r.target, r.verdict, r.notes].map(cell).join(" | ")} |`,
    );
  }
  return lines.join("\n");
}
