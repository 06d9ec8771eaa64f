/**
 * @module mlperf/edge-checker — mlcommons/endpoints' submission checker for the edge round, check
 * for check: the config lock (temperature 0, every set seed 42, one request at a time), the
 * accuracy gate (each BFCL metric ≥ factor × golden, the headline falling back to the entry's
 * score, a minimum sample count) and the agentic run's validity (no dropped turns). Its inputs are
 * the JSON documents as read, so malformed values fall the way Python's `float()` and `==` make
 * them fall; `edgeSubmissionChecks` is upstream's `check_submission` over what a directory held.
 */
import { floatRepr, isRecord, pyEquals, pyFixed, pyFloat, pyRepr, pyStr } from "./python-values.ts";

export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

/** Upstream's `_get`: the value at a key path, or null where a step is not a mapping or lacks the key. */
function at(value: unknown, ...path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (!isRecord(cur) || !Object.hasOwn(cur, key)) return null;
    cur = cur[key];
  }
  return cur ?? null;
}

/** Upstream's `check_config_lock` over the loaded config (as a JSON-like document: see mlperf/python-values' PyFloat). */
export function checkConfigLock(config: unknown): Check[] {
  const temperature = at(config, "model_params", "temperature");
  const checks: Check[] = [
    {
      name: "temperature==0",
      passed: pyEquals(temperature, 0),
      detail: `model_params.temperature=${pyStr(temperature)}`,
    },
  ];

  const seeds: Record<string, unknown> = {
    "model_params.seed": at(config, "model_params", "seed"),
    dataloader_random_seed: at(config, "settings", "runtime", "dataloader_random_seed"),
  };
  const set = Object.fromEntries(Object.entries(seeds).filter(([, v]) => v !== null));
  if (Object.keys(set).length === 0) {
    checks.push({ name: "seed==42", passed: false, detail: "no seed set (expected seed==42)" });
  } else {
    const offending = Object.fromEntries(Object.entries(set).filter(([, v]) => !pyEquals(v, 42)));
    const off = Object.keys(offending).length > 0;
    checks.push({
      name: "seed==42",
      passed: !off,
      detail: `seeds=${pyRepr(set)}${off ? ` (expected 42; offending: ${pyRepr(offending)})` : ""}`,
    });
  }

  const workers = at(config, "settings", "client", "num_workers");
  const conns = at(config, "settings", "client", "max_connections");
  let single = pyEquals(workers, 1) && pyEquals(conns, 1);
  let detail = `num_workers=${pyStr(workers)} max_connections=${pyStr(conns)}`;
  const concurrency = at(config, "settings", "load_pattern", "target_concurrency");
  if (concurrency !== null) {
    single &&= pyEquals(concurrency, 1);
    detail += ` target_concurrency=${pyStr(concurrency)}`;
  }
  checks.push({ name: "single_stream", passed: single, detail });
  return checks;
}

/** Golden key → the breakdown key it is read from (upstream's `ACCURACY_METRIC_KEYS`, in its order). */
const ACCURACY_METRIC_KEYS: readonly (readonly [string, string])[] = [
  ["bfcl_overall_accuracy", "overall_accuracy"],
  ["bfcl_normalized_accuracy", "normalized_single_turn_score"],
];
/** The one metric that falls back to the entry's scalar score: only BFCL also keeps it in the breakdown. */
const OVERALL_ACCURACY_KEY = "overall_accuracy";

/** Upstream's `find_accuracy_entry`: the first accuracy entry whose breakdown has `subset_scores`. */
function findAccuracyEntry(results: unknown): Record<string, unknown> | null {
  const entries = at(results, "accuracy_scores");
  if (!Array.isArray(entries)) return null;
  for (const entry of entries) {
    if (isRecord(entry) && isRecord(entry.breakdown) && Object.hasOwn(entry.breakdown, "subset_scores")) return entry;
  }
  return null;
}

const has = (table: Readonly<Record<string, unknown>>, key: string) => Object.hasOwn(table, key);

/** Upstream's `check_accuracy` over an `accuracy_results.json` document. */
export function checkAccuracy(
  results: unknown,
  golden: Readonly<Record<string, number>>,
  factors: Readonly<Record<string, readonly number[]>>,
  minSamples: number | null,
): Check[] {
  const entry = findAccuracyEntry(results);
  const block = entry?.breakdown;
  if (!entry || !isRecord(block))
    return [{ name: "accuracy_results_present", passed: false, detail: "no accuracy score found" }];

  const checks: Check[] = [];
  let applicable = 0;
  for (const [goldenKey, resultKey] of ACCURACY_METRIC_KEYS) {
    if (!has(golden, goldenKey) || !has(factors, goldenKey)) continue;
    applicable++;
    let measured = pyFloat(at(block, resultKey));
    if (measured === null && resultKey === OVERALL_ACCURACY_KEY) measured = pyFloat(at(entry, "score"));
    if (measured === null) {
      checks.push({ name: `accuracy:${resultKey}`, passed: false, detail: "metric missing or non-numeric" });
      continue;
    }
    const factor = factors[goldenKey]?.[0] as number;
    const reference = golden[goldenKey] as number;
    const threshold = reference * factor;
    checks.push({
      name: `accuracy:${resultKey}`,
      passed: measured >= threshold,
      detail: `${pyFixed(measured, 2)} >= ${pyFixed(threshold, 2)} (=${floatRepr(factor)} x ${floatRepr(reference)})`,
    });
  }
  // Upstream fails explicitly rather than pass on zero accuracy checks (a golden table that names no BFCL metric).
  if (applicable === 0)
    checks.push({
      name: "accuracy_metric_applicable",
      passed: false,
      detail: "no accuracy metric matched the model's golden/factor tables",
    });
  if (minSamples !== null) {
    const raw = at(block, "total_samples");
    const total = pyFloat(raw);
    checks.push({
      name: "min_sample_count",
      passed: total !== null && total >= minSamples,
      detail: `total_samples=${pyStr(raw)} >= ${minSamples}`,
    });
  }
  return checks;
}

/** Upstream's `check_perf_validity` over `scores.json`: no missing turn, every scorable turn observed. */
export function checkPerfValidity(scores: unknown): Check[] {
  const turns = at(scores, "turns");
  if (!isRecord(turns)) return [{ name: "perf_turns_present", passed: false, detail: "no turns block in scores.json" }];
  const [missing, issued, observed, expected] = ["missing", "issued", "observed", "expected"].map((k) => at(turns, k));
  return [
    {
      name: "no_dropped_turns",
      passed: pyEquals(missing, 0),
      detail: `missing=${pyStr(missing)} (issued=${pyStr(issued)}, observed=${pyStr(observed)})`,
    },
    {
      name: "all_turns_observed",
      passed: expected !== null && pyEquals(observed, expected),
      detail: `observed=${pyStr(observed)} == expected=${pyStr(expected)} (issued=${pyStr(issued)})`,
    },
  ];
}

/** What a run directory held, as `check_submission` reads it; undefined: the file is absent. */
interface EdgeRunFiles {
  /** config.yaml's path, for the messages. */
  configPath: string;
  /** The loaded config; a string: why it failed to load; undefined: no config.yaml. */
  config: unknown;
  accuracyResults: unknown;
  scores: unknown;
}

/** Upstream's reminder: server flags the client's files cannot show. */
export const EDGE_MANUAL_NOTE =
  "Verify the server was launched with --reasoning off and --ctx-size 32768 (not recorded in client artifacts).";

/** Upstream's `check_submission` over the files read (the note is EDGE_MANUAL_NOTE). */
export function edgeSubmissionChecks(
  run: EdgeRunFiles,
  golden: Readonly<Record<string, number>>,
  factors: Readonly<Record<string, readonly number[]>>,
  minSamples: number | null,
): Check[] {
  const checks: Check[] = [];
  if (run.config === undefined)
    checks.push({ name: "config_present", passed: false, detail: `missing ${run.configPath}` });
  else if (typeof run.config === "string")
    checks.push({ name: "config_valid", passed: false, detail: `${run.configPath} failed to load: ${run.config}` });
  else checks.push(...checkConfigLock(run.config));

  let isAccuracy = false;
  if (run.accuracyResults !== undefined && findAccuracyEntry(run.accuracyResults) !== null) {
    isAccuracy = true;
    checks.push(...checkAccuracy(run.accuracyResults, golden, factors, minSamples));
  }
  if (isRecord(run.scores) && Object.hasOwn(run.scores, "turns")) checks.push(...checkPerfValidity(run.scores));
  else if (!isAccuracy)
    checks.push({
      name: "scorer_output_present",
      passed: false,
      detail: "no accuracy/accuracy_results.json or performance scores.json found",
    });
  return checks;
}
