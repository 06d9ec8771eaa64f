/**
 * @module cli/check-run-dir — reads one run directory and runs the checks of its round: the edge
 * round gets mlcommons/endpoints' own checker (mlperf/edge-checker, over config.yaml,
 * accuracy/accuracy_results.json and scores.json), every other round ours (mlperf/submission-checks,
 * which also reads performance/result_summary.json and the audit). Ruleset and model: the flags,
 * else the config's submission_ref, else upstream's defaults (mlperf-edge-current, qwen3.6-27b).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildConfig } from "../config/build-config.ts";
import { formatProblem } from "../config/config-error.ts";
import { parseExactJson } from "../config/exact-json.ts";
import { parsePythonJson } from "../mlperf/python-json.ts";
import { PyFloat } from "../mlperf/python-values.ts";
import type { BenchmarkConfig, DraftConfig } from "../config/schema/schema.ts";
import { predefinedAccuracyDefaults } from "../dataset/predefined/predefined-registry.ts";
import { loadYamlConfig } from "../config/load-yaml.ts";
import { parsePartially } from "../config/parse-partial.ts";
import { issueToProblems } from "../config/zod-issues.ts";
import { BenchmarkError, InputError } from "../errors.ts";
import { EDGE_MANUAL_NOTE, edgeSubmissionChecks, type Check } from "../mlperf/edge-checker.ts";
import type { ModelRule } from "../mlperf/ruleset-models.ts";
import { RULESET_NAMES, RULESETS } from "../mlperf/rulesets.ts";
import { pinRulesetSeeds } from "../mlperf/rules-submission.ts";
import { submissionChecks, type RunArtifacts } from "../mlperf/submission-checks.ts";

/** Upstream's `check_submission` defaults. */
const DEFAULT_RULESET = "mlperf-edge-current";
const DEFAULT_MODEL = "qwen3.6-27b";

interface DirChecks {
  ruleset: string;
  model: string;
  checks: Check[];
  notes: string[];
}

/** A JSON file's document (read as Python reads it for upstream's checker); undefined when the file is absent. */
function readJson(path: string, parse: (text: string) => unknown = parseExactJson): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new InputError(`${path}: not valid JSON (${(error as Error).message})`, {
      hint: "the file is truncated or was edited; re-run `inference-endpoint report DIR` to rewrite the reports",
    });
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0] as string;

/** config.yaml as upstream's checker loads it: the schema alone (no run-time rules), seeds pinned by the ruleset. */
function loadSchemaConfig(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    const { config, issues } = parsePartially(loadYamlConfig(path));
    const problems = issues.flatMap(issueToProblems);
    if (problems.length > 0 || !config) return problems.map(formatProblem).join("; ") || "does not match the schema";
    pinRulesetSeeds(config);
    return lockView(config);
  } catch (error) {
    if (error instanceof BenchmarkError) return firstLine(error);
    throw error;
  }
}

/**
 * The fields upstream's config lock reads, as its `model_dump()` holds them: the temperature is a
 * float there (`0.0`), every other one an int.
 */
function lockView(config: DraftConfig): unknown {
  const { temperature, seed } = config.model_params;
  const { client, load_pattern, runtime } = config.settings;
  return {
    model_params: {
      temperature:
        typeof temperature === "number" && Number.isInteger(temperature) ? new PyFloat(temperature) : temperature,
      seed,
    },
    settings: {
      runtime: { dataloader_random_seed: runtime.dataloader_random_seed },
      client: { num_workers: client.num_workers, max_connections: client.max_connections },
      load_pattern: { type: load_pattern.type, target_concurrency: load_pattern.target_concurrency },
    },
  };
}

function edgeTables(rule: ModelRule): { golden: Record<string, number>; factors: Record<string, readonly number[]> } {
  const targets = rule.accuracy[0] ?? [];
  return {
    golden: Object.fromEntries(targets.map((t) => [t.metric, t.golden])),
    factors: Object.fromEntries(targets.map((t) => [t.metric, t.factors])),
  };
}

/**
 * Each scored dataset's scorer, under the dataset_name its accuracy entry has (the performance
 * dataset's is "performance"): its accuracy_config.eval_method, else a predefined dataset's own.
 */
function scorersByDataset(config: BenchmarkConfig): Map<string, string> {
  const scorers = new Map<string, string>();
  for (const d of config.datasets) {
    const own = d.type === "accuracy" ? predefinedAccuracyDefaults(d.path ?? d.name)?.evalMethod : undefined;
    const method = d.accuracy_config?.eval_method ?? own;
    if (method) scorers.set(d.type === "performance" ? "performance" : d.name, method);
  }
  return scorers;
}

/** Our checks for the datacenter rounds: the full validation, the seeds as written, the summary and the audit. */
function datacenterChecks(dir: string, rule: ModelRule, pinned: { scheduler: bigint; sampleIndex: bigint }): Check[] {
  const path = join(dir, "config.yaml");
  let problem: string | null | undefined;
  let seeds: RunArtifacts["seeds"] = null;
  let scorers = new Map<string, string>();
  if (existsSync(path)) {
    try {
      const raw = loadYamlConfig(path) as {
        settings?: { runtime?: Record<string, unknown>; warmup?: Record<string, unknown> };
      };
      // The seeds as written: loading re-pins them, which would hide an edit.
      seeds = {
        scheduler: raw.settings?.runtime?.scheduler_random_seed,
        dataloader: raw.settings?.runtime?.dataloader_random_seed,
        warmup: raw.settings?.warmup?.warmup_random_seed,
      };
      scorers = scorersByDataset(buildConfig({ command: "from-config", yaml: raw, overrides: {}, source: path }));
      problem = null;
    } catch (error) {
      if (!(error instanceof BenchmarkError)) throw error;
      problem = `${path} failed to load: ${firstLine(error)}`;
      seeds = null;
    }
  }
  const record = (v: unknown) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : null);
  const accuracy = record(readJson(join(dir, "accuracy", "accuracy_results.json")))?.accuracy_scores;
  return submissionChecks(
    {
      configProblem: problem,
      seeds,
      summary: record(readJson(join(dir, "performance", "result_summary.json"))),
      accuracy: Array.isArray(accuracy) ? (accuracy as Record<string, unknown>[]) : null,
      scorers,
      audit: record(readJson(join(dir, "audit", "audit_output_caching_test.json"))),
    },
    rule,
    pinned,
  );
}

/** The ruleset and model named by the config's submission_ref, when it has one. */
function submissionRef(dir: string): { ruleset?: string; model?: string } {
  const path = join(dir, "config.yaml");
  if (!existsSync(path)) return {};
  try {
    const ref = (loadYamlConfig(path) as { submission_ref?: { ruleset?: unknown; model?: unknown } }).submission_ref;
    return {
      ...(typeof ref?.ruleset === "string" ? { ruleset: ref.ruleset } : {}),
      ...(typeof ref?.model === "string" ? { model: ref.model } : {}),
    };
  } catch (error) {
    if (error instanceof BenchmarkError) return {};
    throw error;
  }
}

/** Every check for `dir`; throws InputError for an unknown ruleset or model, or a file that is not JSON. */
export function checkRunDir(dir: string, flags: { ruleset?: string | null; model?: string | null } = {}): DirChecks {
  const ref = submissionRef(dir);
  const rulesetName = flags.ruleset ?? ref.ruleset ?? DEFAULT_RULESET;
  const model = flags.model ?? ref.model ?? DEFAULT_MODEL;
  const ruleset = RULESETS.get(rulesetName);
  if (!ruleset)
    throw new InputError(`Ruleset '${rulesetName}' not found in registry. Available: [${RULESET_NAMES.join(", ")}]`);
  const rule = ruleset.models.get(model);
  if (!rule)
    throw new InputError(
      `Model '${model}' not found in ruleset. Available: [${[...ruleset.models.keys()].join(", ")}]`,
    );
  if (!rule.caps.edge_single_stream) {
    const pinned = { scheduler: ruleset.schedulerSeed, sampleIndex: ruleset.sampleIndexSeed };
    return { ruleset: rulesetName, model, checks: datacenterChecks(dir, rule, pinned), notes: [] };
  }
  const { golden, factors } = edgeTables(rule);
  const configPath = join(dir, "config.yaml");
  const checks = edgeSubmissionChecks(
    {
      configPath,
      config: loadSchemaConfig(configPath),
      accuracyResults: readJson(join(dir, "accuracy", "accuracy_results.json"), parsePythonJson),
      scores: readJson(join(dir, "scores.json"), parsePythonJson),
    },
    golden,
    factors,
    rule.minSampleCount,
  );
  return { ruleset: rulesetName, model, checks, notes: [EDGE_MANUAL_NOTE] };
}
