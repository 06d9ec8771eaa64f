/**
 * @module report/pareto/pareto-report — `report pareto DIR…`: the Pareto points of several sweeps,
 * one curve per directory, written as pareto.html (a chart per ISL/OSL pair), pareto.csv and
 * pareto.json, and the frontier as console lines.
 *
 * Each DIR is a sweep's directory (its sweep.json); a label names its curve (`--label`, else the
 * directory's name). With `--min-accuracy S` a step's accuracy is its report's
 * accuracy/accuracy_results.json `average_accuracy`; a step without one is hollow.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../../errors.ts";
import { escapeHtml } from "../html/escape-html.ts";
import { htmlPage } from "../html/page-style.ts";
import { renderParetoFigure } from "./pareto-chart.ts";
import { paretoCsv } from "./pareto-csv.ts";
import { pairsOf, paretoPoints, perGpu, type ParetoCurveInput, type ParetoStep } from "./pareto-points.ts";
import type { ParetoFile } from "./pareto-schema.ts";

interface ParetoRequest {
  dirs: readonly string[];
  labels: readonly string[];
  minAccuracy: number | null;
  /** The HTML file; the CSV and JSON get its name with their own extension. */
  out: string;
}

function readSteps(dir: string): ParetoStep[] {
  const path = join(dir, "sweep.json");
  if (!existsSync(path))
    throw new InputError(`no sweep.json in ${dir}`, { hint: "give the directories `sweep` wrote (its --report-dir)" });
  try {
    const steps = (JSON.parse(readFileSync(path, "utf8")) as { steps?: unknown }).steps;
    if (!Array.isArray(steps)) throw new Error("it has no steps");
    return steps as ParetoStep[];
  } catch (error) {
    throw new InputError(`${path} is not a sweep's file: ${(error as Error).message}`);
  }
}

function accuracyOf(step: ParetoStep): number | null {
  try {
    const doc = JSON.parse(readFileSync(join(step.report_dir, "accuracy", "accuracy_results.json"), "utf8")) as {
      average_accuracy?: unknown;
    };
    return typeof doc.average_accuracy === "number" ? doc.average_accuracy : null;
  } catch {
    // No accuracy file (a perf-only step): no score, which a threshold marks hollow.
    return null;
  }
}

/** The three files' paths for `--out`: `x.html` → x.html, x.csv, x.json. */
function paretoPaths(out: string): { html: string; csv: string; json: string } {
  const stem = out.replace(/\.html?$/i, "");
  return { html: `${stem}.html`, csv: `${stem}.csv`, json: `${stem}.json` };
}

/** Builds the document, writes the files, and returns the console lines. */
export function writeParetoReport(r: ParetoRequest): { doc: ParetoFile; lines: string[] } {
  if (r.dirs.length === 0)
    throw new InputError("report pareto needs one or more sweep directories", {
      hint: "inference-endpoint report pareto sweep_tp4/ sweep_tp8/ --label tp4 --label tp8",
    });
  if (r.labels.length > 0 && r.labels.length !== r.dirs.length)
    throw new InputError(`--label: ${r.labels.length} labels for ${r.dirs.length} directories`, {
      hint: "give one --label per directory, in the same order, or none (each directory's name)",
    });
  const labels = r.dirs.map((d, i) => r.labels[i] ?? basename(resolve(d)));
  if (new Set(labels).size !== labels.length)
    throw new InputError(`--label: two curves are named alike (${labels.join(", ")})`, {
      hint: "give each directory its own --label",
    });
  const curves: ParetoCurveInput[] = r.dirs.map((dir, i) => ({
    label: labels[i] as string,
    steps: readSteps(dir),
    accuracyOf,
  }));
  const points = paretoPoints(curves, r.minAccuracy);
  const yPerGpu = perGpu(curves);
  const pairs = pairsOf(points);
  const doc: ParetoFile = {
    y_per_gpu: yPerGpu,
    min_accuracy: r.minAccuracy,
    curves: r.dirs.map((dir, i) => ({ label: labels[i] as string, dir: resolve(dir) })),
    pairs,
    points,
  };
  const paths = paretoPaths(r.out);
  mkdirSync(dirname(resolve(paths.html)), { recursive: true });
  const body =
    `<h1>inference-endpoint Pareto</h1><p class="subtitle">${escapeHtml(labels.join(" · "))}</p>` +
    (points.length === 0 ? `<p class="bad">No step has both an interactivity and a throughput.</p>` : "") +
    `<section id="pareto"><div class="charts">${pairs.map((p) => renderParetoFigure(p, points, yPerGpu)).join("")}</div></section>`;
  writeFileSync(paths.html, htmlPage("inference-endpoint Pareto", body));
  writeFileSync(paths.csv, paretoCsv(points));
  writeFileSync(paths.json, `${JSON.stringify(doc, null, 2)}\n`);
  const lines = pairs.flatMap((pair) => [
    `Pareto frontier, ${pair} (tok/s/user → ${yPerGpu ? "tok/s/GPU" : "tok/s"}):`,
    ...points
      .filter((p) => p.isl_osl === pair && p.on_frontier)
      .map(
        (p) =>
          `  ${p.label.padEnd(12)} step ${String(p.step).padStart(2)}  ${p.x.toFixed(2).padStart(9)}  ${p.y.toFixed(2).padStart(10)}` +
          (p.usd_per_million_output_tokens === null ? "" : `  $${p.usd_per_million_output_tokens.toFixed(4)}/1M out`),
      ),
  ]);
  return { doc, lines: [...lines, `pareto: ${paths.html}, ${paths.csv}, ${paths.json}`] };
}
