/**
 * @module report/import-figures — an imported run's `import` block: each of the source tool's own
 * figures beside ours, and where they differ by more than 1 %, why. Pure.
 *
 * Ours is read from the summary our pipeline computed over the imported requests. Why is the first
 * of the source figure's alternatives (import/figure-builders: the source's percentile method, the
 * requests it counted, its own per-request definition) that reproduces the source's value within
 * 1 %, else the definitions' difference the importer states. A figure missing on either side says
 * "not in the source", never 0.
 */
import type { ResultSummary } from "./result-summary.ts";
import type { ImportBlock, ImportFigure, StoredFigure, StoredImport } from "./import-schema.ts";

/** Differences up to this share of the source's value (in %) count as agreement. */
const AGREE_PCT = 1;

interface FigureDef {
  label: string;
  unit: string;
  read: (s: ResultSummary) => number | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const scaled = (v: number | null, by: number): number | null => (v === null ? null : v / by);

type SeriesKey = "ttft" | "tpot" | "itl" | "latency";
const SERIES: Record<SeriesKey, string> = { ttft: "TTFT", tpot: "TPOT", itl: "ITL", latency: "Latency" };
const seriesOf = (s: ResultSummary, key: SeriesKey) =>
  s[key] as { avg?: number | null; percentiles?: Record<string, number | null> };

function seriesFigures(): Record<string, FigureDef> {
  const out: Record<string, FigureDef> = {};
  for (const [key, label] of Object.entries(SERIES) as [SeriesKey, string][]) {
    out[`${key}_mean`] = { label: `${label} mean`, unit: "ms", read: (s) => scaled(num(seriesOf(s, key).avg), 1e6) };
    for (const p of [50, 90, 99])
      out[`${key}_p${p}`] = {
        label: `${label} p${p}`,
        unit: "ms",
        read: (s) => scaled(num(seriesOf(s, key).percentiles?.[`${p}.0`]), 1e6),
      };
  }
  return out;
}

/** Every figure an import may compare, in report order. */
const IMPORT_FIGURES: Record<string, FigureDef> = {
  requests_completed: { label: "Requests completed", unit: "requests", read: (s) => s.n_samples_completed },
  requests_failed: { label: "Requests failed", unit: "requests", read: (s) => s.n_samples_failed },
  duration_s: { label: "Duration", unit: "s", read: (s) => scaled(num(s.duration_ns), 1e9) },
  qps: { label: "Requests/s", unit: "req/s", read: (s) => num(s.qps) },
  tps: { label: "Output tokens/s", unit: "tok/s", read: (s) => num(s.tps) },
  ...seriesFigures(),
  osl_mean: { label: "Output tokens mean", unit: "tokens", read: (s) => num(s.output_sequence_lengths.avg) },
  isl_mean: { label: "Input tokens mean", unit: "tokens", read: (s) => num(s.input_sequence_lengths.avg) },
};

/** A value in its unit, for a note. */
export function figureText(v: number, unit: string): string {
  if (unit === "requests") return String(Math.round(v));
  const digits = Math.abs(v) >= 100 ? 1 : Math.abs(v) >= 1 ? 2 : 4;
  return `${v.toFixed(digits)} ${unit}`;
}

/** (ours − source) / source in %; null when either is missing or the source is 0 and ours is not. */
export function diffPct(ours: number | null, source: number | null): number | null {
  if (ours === null || source === null) return null;
  if (source === 0) return ours === 0 ? 0 : null;
  return ((ours - source) / Math.abs(source)) * 100;
}

const agrees = (a: number, b: number): boolean => {
  const d = diffPct(a, b);
  return d !== null && Math.abs(d) <= AGREE_PCT;
};

/** Why ours and the source's figure differ (null when they agree within 1 %), and the source's value recomputed the way that explains it. */
export function explainFigure(
  ours: number | null,
  figure: StoredFigure,
): { note: string | null; recomputed: number | null } {
  const { source } = figure;
  if (source === null) return { note: `not in the source${figure.field ? `: ${figure.field}` : ""}`, recomputed: null };
  if (ours === null)
    return { note: `ours: not in the source${figure.oursMissing ? `: ${figure.oursMissing}` : ""}`, recomputed: null };
  if (agrees(ours, source)) return { note: null, recomputed: null };
  const reproducing = figure.alternatives.find((a) => a.value !== null && agrees(a.value, source));
  if (reproducing) return { note: reproducing.why, recomputed: reproducing.value };
  return {
    note: figure.definition ?? "not explained: none of the source's per-request readings reproduces its figure",
    recomputed: null,
  };
}

/** The `import` block of `summary` from what the importer stored. */
export function importBlock(stored: StoredImport, summary: ResultSummary): ImportBlock {
  const figures: Record<string, ImportFigure> = {};
  const byKey = new Map(stored.figures.map((f) => [f.key, f]));
  for (const [key, def] of Object.entries(IMPORT_FIGURES)) {
    const figure = byKey.get(key);
    if (!figure) continue;
    const ours = def.read(summary);
    // Neither side has it (TTFT of a run that streamed nothing): nothing to set beside anything.
    if (ours === null && figure.source === null) continue;
    figures[key] = {
      label: def.label,
      unit: def.unit,
      ours,
      source: figure.source,
      source_field: figure.field,
      diff_pct: diffPct(ours, figure.source),
      ...explainFigure(ours, figure),
    };
  }
  return {
    source_tool: stored.tool,
    source_name: stored.name,
    source_version: stored.version,
    files: stored.files,
    label: stored.label,
    notes: stored.notes,
    figures,
  };
}
