/**
 * @module mlperf/results-tree — where a run's files go in the MLPerf results tree, as
 * mlcommons/endpoints' publisher lays it out, and the scaffold files a submitter fills in:
 * `<output>/<division>/<submitter>/results/<system>/<benchmark>/<scenario>/` with
 * `performance/run_1/{result_summary.json, config.yaml}`, `accuracy/{accuracy_results.json,
 * config.yaml}` and `measurements.json`, and `<output>/<division>/<submitter>/systems/<system>.json`.
 */
import { join } from "node:path";

export interface PackageTarget {
  output: string;
  division: string;
  submitter: string;
  system: string;
  benchmark: string;
  scenario: string;
}

/** One file to place: from the run, or a scaffold written only when absent. */
export interface PlannedFile {
  from: string | null;
  to: string;
  /** The scaffold's text; null for a copy. */
  scaffold: string | null;
}

const TODO = "TODO";

export function scenarioDir(t: PackageTarget): string {
  return join(t.output, t.division, t.submitter, "results", t.system, t.benchmark, t.scenario);
}

/** The copies a performance run and an accuracy run contribute (their files that exist are copied). */
export function plannedCopies(
  t: PackageTarget,
  performanceRun: string | null,
  accuracyRun: string | null,
): PlannedFile[] {
  const base = scenarioDir(t);
  const files: PlannedFile[] = [];
  if (performanceRun) {
    files.push({
      from: join(performanceRun, "performance", "result_summary.json"),
      to: join(base, "performance", "run_1", "result_summary.json"),
      scaffold: null,
    });
    files.push({
      from: join(performanceRun, "config.yaml"),
      to: join(base, "performance", "run_1", "config.yaml"),
      scaffold: null,
    });
  }
  if (accuracyRun) {
    files.push({
      from: join(accuracyRun, "accuracy", "accuracy_results.json"),
      to: join(base, "accuracy", "accuracy_results.json"),
      scaffold: null,
    });
    files.push({ from: join(accuracyRun, "config.yaml"), to: join(base, "accuracy", "config.yaml"), scaffold: null });
  }
  return files;
}

/** measurements.json and systems/<system>.json with upstream's keys, TODO where the submitter must fill in. */
export function plannedScaffold(t: PackageTarget): PlannedFile[] {
  const measurements = {
    starting_weights_filename: TODO,
    weight_data_types: TODO,
    input_data_types: TODO,
    weight_transformations: TODO,
    retraining: "no",
  };
  const system = {
    submitter: t.submitter,
    division: t.division,
    status: TODO,
    system_name: t.system,
    system_type: "edge",
    number_of_nodes: "1",
    host_processors_per_node: "1",
    accelerators_per_node: "1",
    host_processor_model_name: TODO,
    host_processor_core_count: TODO,
    host_memory_capacity: TODO,
    accelerator_model_name: TODO,
    accelerator_memory_capacity: TODO,
    framework: TODO,
    operating_system: TODO,
  };
  return [
    {
      from: null,
      to: join(scenarioDir(t), "measurements.json"),
      scaffold: `${JSON.stringify(measurements, null, 2)}\n`,
    },
    {
      from: null,
      to: join(t.output, t.division, t.submitter, "systems", `${t.system}.json`),
      scaffold: `${JSON.stringify(system, null, 2)}\n`,
    },
  ];
}
