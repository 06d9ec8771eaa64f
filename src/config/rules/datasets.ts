/**
 * @module config/rules/datasets — dataset count per mode, duplicates, paths, accuracy scoring
 * setup, and our LiveCodeBench settings refused when no dataset is scored by code_bench_scorer.
 */
import type { ConfigProblem } from "../config-error.ts";
import { isExternalScorer, scoringProblems } from "../../accuracy/scoring-setup.ts";
import { isPredefinedDataset, predefinedAccuracyDefaults } from "../../dataset/predefined/predefined-registry.ts";
import type { Rule } from "./rule-context.ts";
import { DEFAULT_TIMEOUT_PER_TEST_S } from "../schema/schema.ts";

export const datasetsRule: Rule = (config, { mode }) => {
  const problems: ConfigProblem[] = [];
  const datasets = config.datasets;
  const performance = datasets.filter((d) => d.type === "performance");
  if (mode !== "acc" && performance.length === 0) {
    problems.push({
      path: "datasets",
      message: "a performance dataset is required: pass --dataset PATH (e.g. --dataset data.jsonl,parser.prompt=text)",
    });
  }
  if (performance.length > 1) {
    problems.push({
      path: "datasets",
      message: `only one performance dataset is supported per run, got ${performance.length} (${performance.map((d) => d.name).join(", ")})`,
    });
  }
  if (mode === "acc" && !datasets.some((d) => d.type === "accuracy")) {
    problems.push({
      path: "datasets",
      message: "--mode acc needs an accuracy dataset: pass --dataset acc:PATH,accuracy_config.eval_method=METHOD",
    });
  }
  const firstIndex = new Map<string, number>();
  datasets.forEach((dataset, index) => {
    const at = `datasets[${index}]`;
    if (isExternalScorer(dataset.accuracy_config?.eval_method)) {
      // As upstream, perf mode skips a dataset scored by an external service entirely (not loaded, no preflight).
      if (mode !== "perf")
        problems.push({
          path: `${at}.accuracy_config.eval_method`,
          message:
            `'${dataset.accuracy_config?.eval_method}' needs upstream's SWE-bench service, which this ` +
            `tool does not drive yet; --mode perf skips the dataset, as upstream`,
        });
      return;
    }
    const key = `${dataset.type}\u0000${dataset.name}`;
    const earlier = firstIndex.get(key);
    if (earlier === undefined) firstIndex.set(key, index);
    else {
      problems.push({
        path: `${at}.name`,
        message: `duplicate ${dataset.type} dataset name '${dataset.name}' (also datasets[${earlier}]); give one a different name=`,
      });
    }
    if (dataset.path === null && dataset.name === "") {
      problems.push({ path: `${at}.path`, message: "a dataset needs a path (or the name of a predefined dataset)" });
    }
    const accuracy = dataset.accuracy_config;
    // Predefined datasets (gpqa, aime25, livecodebench) bring their own scorer defaults.
    // As upstream, a performance dataset's accuracy_config (scored inline) must name its scorer too.
    if (dataset.type === "performance" && accuracy && !accuracy.eval_method) {
      problems.push({
        path: `${at}.accuracy_config.eval_method`,
        message:
          "a performance dataset's accuracy_config needs a scorer (it is scored inline as the " +
          "'performance' entry), e.g. eval_method: string_match; or remove the block",
      });
    }
    if (dataset.type === "accuracy" && !accuracy?.eval_method && !isPredefinedDataset(dataset.path ?? dataset.name)) {
      problems.push({
        path: `${at}.accuracy_config.eval_method`,
        message: "accuracy datasets need a scorer, e.g. accuracy_config.eval_method=pass_at_1",
      });
    }
    // Known before the first request, so a scorer we lack never costs a whole run.
    if (accuracy) {
      const defaults = predefinedAccuracyDefaults(dataset.path ?? dataset.name);
      for (const p of scoringProblems(accuracy, defaults?.extractor ?? null))
        problems.push({ path: `${at}.accuracy_config.${p.field}`, message: p.message });
    }
    if (dataset.type === "performance" && accuracy && accuracy.num_repeats !== 1) {
      problems.push({
        path: `${at}.accuracy_config.num_repeats`,
        message: `must be 1 on a performance dataset, got ${accuracy.num_repeats}`,
      });
    }
  });
  problems.push(...codeBenchSettingsProblems(config));
  return problems;
};

/** `accuracy.allow_code_execution`, `lcb_service` and `timeout_per_test_s` serve code_bench_scorer only (a predefined livecodebench brings it). */
function codeBenchSettingsProblems(config: Parameters<Rule>[0]): ConfigProblem[] {
  const scoresCode = config.datasets.some(
    (d) =>
      (d.accuracy_config?.eval_method ?? predefinedAccuracyDefaults(d.path ?? d.name)?.evalMethod) ===
      "code_bench_scorer",
  );
  if (scoresCode) return [];
  const problems: ConfigProblem[] = [];
  const why = "applies to a dataset scored by code_bench_scorer (livecodebench), and none is";
  if (config.accuracy.allow_code_execution) problems.push({ path: "accuracy.allow_code_execution", message: why });
  if (config.accuracy.lcb_service !== null) problems.push({ path: "accuracy.lcb_service", message: why });
  if (config.accuracy.timeout_per_test_s !== DEFAULT_TIMEOUT_PER_TEST_S)
    problems.push({ path: "accuracy.timeout_per_test_s", message: why });
  return problems;
}
