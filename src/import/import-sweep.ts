/**
 * @module import/import-sweep — a file holding several benchmarks (a GuideLLM sweep, vLLM's appended
 * results) imported as one of our sweeps: a run directory per benchmark and a sweep.json listing them
 * (sweep/sweep-step), so `report pareto` and `compare` read it as a sweep of ours.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResultSummary } from "../report/result-summary.ts";
import { stepOf, type StepKind } from "../sweep/sweep-step.ts";
import { TOOL_NAMES, type SourceRun } from "./source-run.ts";

/** A benchmark's step kind and what it offered, from the load it ran. */
function kindOf(run: SourceRun): { kind: StepKind; offered: number | null } {
  const { type, target_qps, target_concurrency } = run.load;
  if (type === "concurrency") return { kind: "concurrency", offered: target_concurrency };
  if (type === "max_throughput") return { kind: "max_throughput", offered: null };
  return { kind: "rate", offered: target_qps };
}

/** The step directory of the i-th benchmark (0-based). */
export const stepDirName = (i: number) => `step-${i + 1}`;

/** sweep.json of the imported benchmarks; `finalDir` is where the directory will be once renamed (steps name their directories by it). */
export function writeImportedSweep(
  dir: string,
  finalDir: string,
  runs: readonly SourceRun[],
  summaries: readonly ResultSummary[],
): void {
  const steps = runs.map((run, i) => {
    const { kind, offered } = kindOf(run);
    return stepOf(i + 1, kind, offered, join(finalDir, stepDirName(i)), summaries[i] as ResultSummary, null);
  });
  const kinds = new Set(steps.map((s) => s.kind));
  const first = runs[0] as SourceRun;
  const sweep = {
    mode:
      kinds.size === 1 && kinds.has("concurrency")
        ? "concurrencies"
        : kinds.size === 1 && kinds.has("rate")
          ? "rates"
          : "auto",
    state: "complete",
    percentile: null,
    precision: null,
    steps,
    answer: null,
    warnings: [
      `imported from ${TOOL_NAMES[first.tool]}${first.version ? ` ${first.version}` : ""} (${first.files.join(", ")})`,
    ],
    slo: { ttft_ms: null, tpot_ms: null, latency_ms: null },
  };
  writeFileSync(join(dir, "sweep.json"), `${JSON.stringify(sweep, null, 2)}\n`);
}
