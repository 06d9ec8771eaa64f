/**
 * @module cli/commands/check — `inference-endpoint check DIR… [--ruleset R] [--model M]`: is each
 * run directory a complete, valid MLPerf result (cli/check-run-dir)? Prints upstream's report
 * format per directory; exits 0 when every one passes, 1 when one fails, 2 when a path is not a
 * directory, the ruleset or model is unknown, or a file in it cannot be read.
 */
import { existsSync, statSync } from "node:fs";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import { renderChecks } from "../../mlperf/submission-checks.ts";
import type { Command } from "../command.ts";

const CHECK_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--ruleset",
    aliases: [],
    path: "ruleset",
    kind: "string",
    description: "ruleset to check against (default: the run's submission_ref, else mlperf-edge-current)",
    commands: ["check"],
  },
  {
    flag: "--model",
    aliases: [],
    path: "model",
    kind: "string",
    description: "model to check against (default: the run's submission_ref, else qwen3.6-27b)",
    commands: ["check"],
  },
];

export const checkCommand: Command = {
  words: ["check"],
  summary: "check run directories are complete, valid MLPerf results for a ruleset and model",
  help: () =>
    "Usage: inference-endpoint check DIR... [--ruleset R] [--model M]\n\n" +
    "Ruleset and model default to each run's submission_ref, else mlperf-edge-current and qwen3.6-27b\n" +
    "(as upstream's checker). The edge round gets upstream's checks (config lock, accuracy gate,\n" +
    "dropped turns); the datacenter rounds ours (verdict, seeds, sample count, accuracy, audits).\n" +
    "Prints one report per directory ([PASS|FAIL] lines, OVERALL); exits 0 when all pass, 1 when\n" +
    "one fails, 2 when a directory or file cannot be read.\n",
  async run(argv, io) {
    const parsed = parseFlags(argv, "check", CHECK_FLAGS);
    const args = parsed.positionals;
    const flags = {
      ruleset: (parsed.overrides.ruleset as string | undefined) ?? null,
      model: (parsed.overrides.model as string | undefined) ?? null,
    };
    if (args.length === 0)
      throw new InputError("missing run directory", { hint: "e.g. inference-endpoint check reports_20261201_120000" });
    // The reader loads YAML: only when the command runs, so other commands start without it.
    const { checkRunDir } = await import("../check-run-dir.ts");
    let allPassed = true;
    for (const dir of args) {
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`${dir} is not a directory`);
      const { ruleset, model, checks, notes } = checkRunDir(dir, flags);
      io.stdout(`${renderChecks(dir, ruleset, model, checks, notes)}\n`);
      allPassed &&= checks.every((c) => c.passed);
    }
    return allPassed ? 0 : 1;
  },
};
