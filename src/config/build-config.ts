/**
 * @module config/build-config — the one way to get a `BenchmarkConfig`: YAML (or the command's
 * type) + flag overrides + `--dataset` strings → schema → derived defaults → cross-field rules →
 * deep freeze. Every problem found on the way is reported together in one ConfigError.
 */
import { type ConfigProblem, ConfigError } from "./config-error.ts";
import { tryParseDatasetSpec } from "./dataset-spec.ts";
import { type BenchmarkCommand, flagLabel, flagsFor, type TestMode } from "./flags.ts";
import { isPlainObject, setPath } from "./object-path.ts";
import { parsePartially } from "./parse-partial.ts";
import { deepFreeze } from "./schema/readonly.ts";
import { resolveDefaults } from "./rules/resolve-defaults.ts";
import { resolveTestMode, type Rule, type RuleContext } from "./rules/rule-context.ts";
import { conversationsRule } from "./rules/conversations.ts";
import { datasetOptionsRule } from "./rules/dataset-options.ts";
import { syntheticImagesRule } from "./rules/synthetic-images.ts";
import { datasetsRule } from "./rules/datasets.ts";
import { replayDatasetsRule } from "./rules/replay-datasets.ts";
import { shardRule } from "./rules/shard.ts";
import { gpuCostRule } from "./rules/gpu-cost.ts";
import { runsRule } from "./rules/runs.ts";
import { sloRule } from "./rules/slo.ts";
import { calibrateRule } from "./rules/calibrate.ts";
import { endpointsRule } from "./rules/endpoints.ts";
import { requestExtrasRule } from "./rules/request-extras.ts";
import { anthropicParamsRule } from "./rules/anthropic-params.ts";
import { durationRule, loadPatternRule } from "./rules/load.ts";
import { modelRule } from "./rules/model.ts";
import { modelMixRule } from "./rules/model-mix.ts";
import { poolingRule } from "./rules/pooling.ts";
import { submissionRule } from "../mlperf/rules-submission.ts";
import type { BenchmarkConfig } from "./schema/schema.ts";
import { issueToProblems } from "./zod-issues.ts";

export interface BuildConfigInput {
  command: BenchmarkCommand;
  /** Parsed YAML (from-config); offline/online start from `{ type: command }`. */
  yaml?: unknown;
  /** Canonical dotted schema path → value; these win over the YAML. */
  overrides: Record<string, unknown>;
  /** `--dataset` strings; when given they replace the YAML's datasets. */
  datasets?: string[];
  mode?: TestMode;
  /** Shown in the error's first line, e.g. the YAML file name. */
  source?: string;
}

const RULES: readonly Rule[] = [
  modelRule,
  modelMixRule,
  endpointsRule,
  requestExtrasRule,
  anthropicParamsRule,
  loadPatternRule,
  durationRule,
  datasetsRule,
  datasetOptionsRule,
  syntheticImagesRule,
  replayDatasetsRule,
  conversationsRule,
  shardRule,
  submissionRule,
  sloRule,
  calibrateRule,
  gpuCostRule,
  runsRule,
  poolingRule,
];

function startingObject(input: BuildConfigInput, problems: ConfigProblem[]): Record<string, unknown> {
  if (input.yaml === undefined || input.yaml === null)
    return input.command === "from-config" ? {} : { type: input.command };
  if (!isPlainObject(input.yaml)) {
    problems.push({ path: "", message: "the config must be a mapping (key: value pairs) at the top level" });
    return {};
  }
  const base = structuredClone(input.yaml);
  if (input.command !== "from-config") base.type = input.command;
  return base;
}

/** Path `a.b[2].c` covers (or is covered by) `a.b`: then only the schema problem is reported. */
function overlaps(a: string, b: string): boolean {
  const within = (inner: string, outer: string) =>
    outer === "" || inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return within(a, b) || within(b, a);
}

function withFlag(problem: ConfigProblem, command: BenchmarkCommand): ConfigProblem {
  if (problem.flag !== undefined) return problem;
  // `datasets` is filled by the command-level `--dataset` flag rather than a schema flag.
  const path = problem.path.replace(/\[\d+\]/g, "").replace(/^datasets(\..*)?$/, "dataset");
  const flag = flagLabel(path, flagsFor(command));
  return flag ? { ...problem, flag } : problem;
}

/** Validates and freezes a configuration; throws ConfigError (exit 2) listing every problem. */
export function buildConfig(input: BuildConfigInput): BenchmarkConfig {
  const problems: ConfigProblem[] = [];
  const raw = startingObject(input, problems);
  for (const [path, value] of Object.entries(input.overrides)) {
    if (value !== undefined) setPath(raw, path, value);
  }
  if (input.datasets && input.datasets.length > 0) {
    const parsed = input.datasets.map((spec, index) => {
      const result = tryParseDatasetSpec(spec);
      if (!result.ok) problems.push({ path: `datasets[${index}]`, flag: "--dataset", message: result.message });
      return result.ok ? result.value : undefined;
    });
    raw.datasets = parsed.filter((d) => d !== undefined);
  }

  const { config, issues } = parsePartially(raw);
  const schemaProblems = issues.flatMap(issueToProblems);
  problems.push(...schemaProblems);
  if (config) {
    const flagPaths = Object.keys(input.overrides).filter((path) => input.overrides[path] !== undefined);
    const context: RuleContext = { command: input.command, mode: resolveTestMode(config, input.mode), flagPaths };
    resolveDefaults(config, context);
    const known = problems.map((p) => p.path);
    const ruleProblems = RULES.flatMap((rule) => rule(config, context));
    problems.push(...ruleProblems.filter((p) => !known.some((path) => overlaps(p.path, path))));
    if (problems.length === 0) return deepFreeze(config);
  }
  const hint =
    input.command === "from-config"
      ? "fix these keys in the YAML file; `inference-endpoint init offline` writes a valid example"
      : `run \`inference-endpoint benchmark ${input.command} --help\` to see every flag`;
  throw new ConfigError(
    problems.map((p) => withFlag(p, input.command)),
    input.source ? { hint, source: input.source } : { hint },
  );
}
