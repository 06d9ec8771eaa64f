/**
 * @module report/pareto/pareto-report — `report pareto DIR…`: the Pareto points of several sweeps,
 * one curve per directory, written as pareto.html (a chart per ISL/OSL pair), pareto.csv and
 * pareto.json, and the frontier as console lines.
 *
 * Each DIR is a sweep's directory; its sweep.json is read (and checked against its schema) by the
 * caller's `readSteps`, and one whose steps cannot give the y axis — no `output_tps` (a sweep.json
 * older than it) while not every curve has `--gpus` — is refused naming the file. A label names its
 * curve (`--label`, else the directory's name). With `--min-accuracy S` a step's accuracy is its report's
 * accuracy/accuracy_results.json `average_accuracy`; a step without one is hollow.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
  /** A sweep directory's steps and the file they came from (sweep/read-sweep-file, parsed with the schema). */
  readSteps: (dir: string) => { file: string; steps: readonly ParetoStep[] };
}

/** Without a per-GPU y on every point, y is each step's `output_tps`: a curve whose sweep.json lacks it is refused. */
function checkYAxis(curves: readonly (ParetoCurveInput & { file: string })[], yPerGpu: boolean): void {
  if (yPerGpu) return;
  for (const c of curves) {
    const lacking = c.steps.find((s) => s.state !== "failed" && s.interactivity !== null && s.output_tps === undefined);
    if (lacking)
      throw new InputError(
        `${c.file}: steps[${c.steps.indexOf(lacking)}] lacks output_tps, the y axis when not every step has output_tps_per_gpu (--gpus)`,
        { hint: "run that sweep again with this version, or compare sweeps that were all given --gpus" },
      );
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
  const curves = r.dirs.map((dir, i) => ({ label: labels[i] as string, ...r.readSteps(dir), accuracyOf }));
  const yPerGpu = perGpu(curves);
  checkYAxis(curves, yPerGpu);
  const points = paretoPoints(curves, r.minAccuracy);
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
