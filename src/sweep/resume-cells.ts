/**
 * @module sweep/resume-cells — re-running a grid into its directory: the same config carries on,
 * skipping every cell whose run completed there; another config is refused.
 *
 * The sweep's config is named by a fingerprint: a hash of every step's settings with secrets
 * left out or redacted first and what differs from cell to cell (the report directory, the dataset, the rate
 * or concurrency) left out, so the cells' lists may grow between runs while the endpoint, model
 * and load stay the same. A cell counts as done when its performance/result_summary.json says
 * `complete`; one left incomplete (killed, interrupted, failed) is moved aside to `<cell>.incomplete`
 * and run again, since its directory holds an events.db no new run may mix with.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { isSecretKey, redactSecrets } from "../config/redact.ts";
import { InputError } from "../errors.ts";
import { RepeatsSummarySchema } from "../report/repeats-schema.ts";
import { REPEATS_FILE } from "../report/repeats-summary.ts";
import type { ResultSummary } from "../report/result-summary.ts";

const SUMMARY_PATH = join("performance", "result_summary.json");

/** A cell that completed in an earlier run of the grid. */
interface FinishedCell {
  /** Its (last) run's summary. */
  summary: ResultSummary;
  /** With `--runs N`: every run's summary, in order, and the repeats' warnings (CV above 5 %). */
  runs?: ResultSummary[];
  warnings: string[];
}

const completeSummary = (dir: string): ResultSummary | null => {
  const summary = JSON.parse(readFileSync(join(dir, SUMMARY_PATH), "utf8")) as ResultSummary;
  return summary.state === "complete" ? summary : null;
};

/** A `--runs N` cell's runs when its repeats.json lists N complete runs and each has its summary, else null. */
function completeRepeats(cellDir: string, runs: number): FinishedCell | null {
  const repeats = RepeatsSummarySchema.safeParse(JSON.parse(readFileSync(join(cellDir, REPEATS_FILE), "utf8")));
  if (!repeats.success || repeats.data.runs.length !== runs || repeats.data.runs.some((r) => r.state !== "complete"))
    return null;
  const summaries = repeats.data.runs.map((r) => completeSummary(join(cellDir, r.dir)));
  if (summaries.some((s) => s === null)) return null;
  const all = summaries as ResultSummary[];
  return { summary: all[all.length - 1] as ResultSummary, runs: all, warnings: repeats.data.warnings };
}

/**
 * JSON with every object's keys sorted, so the same config gives the same text whatever order flags came in;
 * secret-named keys are left out (a key given or not, or rotated, is the same sweep).
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => !isSecretKey(k))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/** The fingerprint of a grid's config (sha256, hex) from one cell's config; `mode` says rates or concurrencies. */
export function gridFingerprint(config: BenchmarkConfig, mode: string): string {
  const { report_dir: _dir, datasets: _datasets, settings, ...rest } = redactSecrets(config);
  const { load_pattern: pattern, runtime, ...otherSettings } = settings;
  const { target_qps: _qps, target_concurrency: _c, ...patternRest } = pattern as Record<string, unknown>;
  // A rate cell's request count is its rate × the duration: it changes with the rate, the duration stays.
  const { n_samples_to_issue: _n, ...runtimeRest } = runtime as Record<string, unknown>;
  const stable = { mode, ...rest, settings: { ...otherSettings, load_pattern: patternRest, runtime: runtimeRest } };
  return createHash("sha256").update(canonicalJson(stable)).digest("hex");
}

/** What a grid's sweep.json keeps to be resumed: the fingerprint of its config. */
export interface GridRecord {
  fingerprint: string;
}

/**
 * True when `dir` already holds a sweep.json of a grid with this fingerprint (resume it); false when
 * there is none (a new sweep claims it). A sweep.json of another config, or of a sweep that is not a grid, is refused.
 */
export function resumesGrid(dir: string | null, fingerprint: string): boolean {
  if (dir === null) return false;
  const path = join(resolve(dir), "sweep.json");
  if (!existsSync(path)) return false;
  let grid: unknown;
  try {
    grid = (JSON.parse(readFileSync(path, "utf8")) as { grid?: unknown }).grid;
  } catch {
    grid = undefined;
  }
  const found = (grid as Partial<GridRecord> | undefined)?.fingerprint;
  if (found === fingerprint) return true;
  throw new InputError(
    found === undefined
      ? `report directory ${dir} already holds a sweep (sweep.json) that is not a grid of this kind`
      : `report directory ${dir} holds a grid of another config (sweep.json's grid.fingerprint differs)`,
    {
      hint:
        "a grid resumes only with the same flags and config (its --rates, --concurrencies and --isl-osl may grow); " +
        "give a new --report-dir, or move it away",
    },
  );
}

/**
 * A cell that completed in `cellDir` (`runs` of it, with `--runs N`), else null; an incomplete cell's directory
 * is moved to `<cellDir>.incomplete`.
 */
export function finishedCell(cellDir: string, runs = 1): FinishedCell | null {
  if (!existsSync(cellDir)) return null;
  try {
    if (runs > 1) {
      const done = completeRepeats(cellDir, runs);
      if (done) return done;
    } else {
      const summary = completeSummary(cellDir);
      if (summary) return { summary, warnings: [] };
    }
  } catch {
    // No summary or repeats.json, or half of one: the run never finished, so the cell runs again below.
  }
  const aside = `${cellDir}.incomplete`;
  rmSync(aside, { recursive: true, force: true });
  renameSync(cellDir, aside);
  return null;
}
