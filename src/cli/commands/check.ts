/**
 * @module cli/commands/check — `inference-endpoint check DIR… [--ruleset R] [--model M]`: is each
 * run directory a complete, valid MLPerf result (mlperf/submission-checks)? Prints upstream's
 * report format per directory; exits 0 when every one passes, 1 when one fails, 2 when a
 * directory is not a run or a file in it cannot be read.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildConfig } from "../../config/build-config.ts";
import { parseExactJson } from "../../config/exact-json.ts";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { RULESET_NAMES, RULESETS } from "../../mlperf/rulesets.ts";
import type { BenchmarkConfig } from "../../config/schema/schema.ts";
import { BenchmarkError, InputError } from "../../errors.ts";
import { renderChecks, submissionChecks, type RunArtifacts } from "../../mlperf/submission-checks.ts";
import type { Command } from "../command.ts";

function readJson(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  try {
    return parseExactJson(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new InputError(`${path}: not valid JSON (${(error as Error).message})`, {
      hint: "the file is truncated or was edited; re-run `inference-endpoint report DIR` to rewrite the reports",
    });
  }
}

interface ReadConfig {
  problem: string | null | undefined;
  config: BenchmarkConfig | null;
  /** The seeds as written in the file: loading re-pins them, which would hide an edit. */
  seeds: RunArtifacts["seeds"];
}

function readConfig(dir: string): ReadConfig {
  const path = join(dir, "config.yaml");
  if (!existsSync(path)) return { problem: undefined, config: null, seeds: null };
  try {
    const { loadYamlConfig } = require("../../config/load-yaml.ts") as typeof import("../../config/load-yaml.ts");
    const raw = loadYamlConfig(path) as {
      settings?: { runtime?: Record<string, unknown>; warmup?: Record<string, unknown> };
    };
    const seeds = {
      scheduler: raw.settings?.runtime?.scheduler_random_seed,
      dataloader: raw.settings?.runtime?.dataloader_random_seed,
      warmup: raw.settings?.warmup?.warmup_random_seed,
    };
    return {
      problem: null,
      config: buildConfig({ command: "from-config", yaml: raw, overrides: {}, source: path }),
      seeds,
    };
  } catch (error) {
    if (error instanceof BenchmarkError)
      return { problem: `${path} failed to load: ${error.message.split("\n")[0]}`, config: null, seeds: null };
    throw error;
  }
}

const CHECK_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--ruleset",
    aliases: [],
    path: "ruleset",
    kind: "string",
    description: "ruleset to check against (default: the run's submission_ref)",
    commands: ["check"],
  },
  {
    flag: "--model",
    aliases: [],
    path: "model",
    kind: "string",
    description: "model to check against (default: the run's submission_ref)",
    commands: ["check"],
  },
];

export const checkCommand: Command = {
  words: ["check"],
  summary: "check run directories are complete, valid MLPerf results for a ruleset and model",
  help: () =>
    "Usage: inference-endpoint check DIR... [--ruleset R] [--model M]\n\nRuleset and model " +
    "default to each run's submission_ref. Prints one report per directory ([PASS|FAIL] lines, " +
    "OVERALL);\nexits 0 when all pass, 1 when one fails, 2 when a directory or file cannot be " +
    "read.\n",
  async run(argv, io) {
    const parsed = parseFlags(argv, "check", CHECK_FLAGS);
    const args = parsed.positionals;
    const rulesetFlag = (parsed.overrides.ruleset as string | undefined) ?? null;
    const modelFlag = (parsed.overrides.model as string | undefined) ?? null;
    if (args.length === 0)
      throw new InputError("missing run directory", { hint: "e.g. inference-endpoint check reports_20261201_120000" });
    let allPassed = true;
    for (const dir of args) {
      if (!existsSync(join(dir, "config.yaml")) && !existsSync(join(dir, "performance", "result_summary.json"))) {
        throw new InputError(`${dir} is not a run directory (no config.yaml, no performance/result_summary.json)`);
      }
      const { problem, config, seeds } = readConfig(dir);
      const rulesetName = rulesetFlag ?? config?.submission_ref?.ruleset ?? null;
      const model = modelFlag ?? config?.submission_ref?.model ?? null;
      if (!rulesetName || !model)
        throw new InputError(`${dir}: no ruleset and model to check against`, {
          hint: "give --ruleset R --model M, or run with submission_ref",
        });
      const ruleset = RULESETS.get(rulesetName);
      if (!ruleset)
        throw new InputError(
          `Ruleset '${rulesetName}' not found in registry. Available: [${RULESET_NAMES.join(", ")}]`,
        );
      const rule = ruleset.models.get(model);
      if (!rule)
        throw new InputError(
          `Model '${model}' not found in ruleset. Available: [${[...ruleset.models.keys()].join(", ")}]`,
        );
      const artifacts: RunArtifacts = {
        configProblem: problem,
        seeds,
        summary: readJson(join(dir, "performance", "result_summary.json")),
        accuracy:
          (readJson(join(dir, "accuracy", "accuracy_results.json"))?.accuracy_scores as
            | Record<string, unknown>[]
            | undefined) ?? null,
        audit: readJson(join(dir, "audit", "audit_output_caching_test.json")),
        client: config
          ? {
              temperature: config.model_params.temperature,
              numWorkers: config.settings.client.num_workers,
              maxConnections: config.settings.client.max_connections,
              targetConcurrency: config.settings.load_pattern.target_concurrency,
            }
          : null,
      };
      const checks = submissionChecks(artifacts, rule, {
        scheduler: ruleset.schedulerSeed,
        sampleIndex: ruleset.sampleIndexSeed,
      });
      // Upstream's reminder for the edge round: server flags the client cannot see.
      const notes = rule.caps.edge_single_stream
        ? [
            "Verify the server was launched with --reasoning off and --ctx-size 32768 (not recorded in client artifacts).",
          ]
        : [];
      io.stdout(`${renderChecks(dir, rulesetName, model, checks, notes)}\n`);
      allPassed &&= checks.every((c) => c.passed);
    }
    return allPassed ? 0 : 1;
  },
};
