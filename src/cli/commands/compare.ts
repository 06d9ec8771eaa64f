/**
 * @module cli/commands/compare — `inference-endpoint compare BASE NEW [--fail-on-regression 5%]`.
 *
 * BASE and NEW are report directories (or result_summary.json files), or two sweep
 * directories (compare/compare-sweeps: the answers and the steps both ran). Prints the table on
 * stdout (or JSON with --output json); with --fail-on-regression exits 99 when a metric moved
 * the wrong way by more than the threshold, naming them. Two runs served by another engine,
 * version or model say so above the table (compare/compare-servers). Two `benchmark --runs N`
 * directories (compare/compare-repeat-dirs), and two sweeps whose steps ran N times
 * (compare/compare-sweep-dirs), are judged by Welch's test at `--confidence`.
 */
import { parseExactJson } from "../../config/exact-json.ts";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { ExitCode, InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";

const COMPARE_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--fail-on-regression",
    aliases: [],
    path: "threshold",
    kind: "string",
    description: "exit 99 when a metric regresses by more than this (e.g. 5%)",
    commands: ["compare"],
  },
  {
    flag: "--confidence",
    aliases: [],
    path: "confidence",
    kind: "string",
    description:
      "with repeats on both sides (benchmark or sweep --runs N): Welch's t-test at this confidence, e.g. 90%",
    defaultText: "95%",
    commands: ["compare"],
  },
  {
    flag: "--output",
    aliases: ["-o"],
    path: "output",
    kind: "enum",
    choices: ["text", "json"],
    description: "table or JSON on stdout",
    defaultText: "text",
    commands: ["compare"],
  },
];

function readSummary(target: string): Record<string, unknown> {
  const file =
    existsSync(target) && statSync(target).isDirectory() ? join(target, "performance", "result_summary.json") : target;
  if (!existsSync(file))
    throw new InputError(`no result summary at ${file}`, {
      hint: "give a report directory (holding performance/result_summary.json) or the JSON file",
    });
  try {
    return parseExactJson(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new InputError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** `--confidence 90%` → 90; the default 95; refused outside (0, 100). */
function parseConfidencePct(raw: string | undefined): number {
  if (raw === undefined) return 95;
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
  const pct = match ? Number(match[1]) : Number.NaN;
  if (!(pct > 0 && pct < 100))
    throw new InputError(`--confidence: '${raw}' is not a percentage between 0 and 100`, {
      hint: "e.g. --confidence 95%",
    });
  return pct;
}

export const compareCommand: Command = {
  words: ["compare"],
  summary: "compare two runs side by side; --fail-on-regression 5% exits 99 when one got worse",
  help: () =>
    `Usage: inference-endpoint compare BASE_DIR NEW_DIR [flags]\n\nTwo report directories, or ` +
    `two sweep directories (their answers and the steps both ` +
    `ran).\n\nFlags:\n${renderFlagHelp(COMPARE_FLAGS)}\nExample:\n  inference-endpoint compare ` +
    `results/main results/pr-123 --fail-on-regression 5%\n`,
  async run(argv, io) {
    const { overrides, positionals } = parseFlags(argv, "compare", COMPARE_FLAGS);
    if (positionals.length !== 2)
      throw new InputError(`compare needs two report directories, got ${positionals.length}`, {
        hint: "inference-endpoint compare BASE_DIR NEW_DIR",
      });
    const [baseDir, nextDir] = positionals as [string, string];
    const [{ compareSummaries, parseThresholdPct }, { renderComparison }, { serverDifferences }] = await Promise.all([
      import("../../compare/compare-summaries.ts"),
      import("../../compare/render-comparison.ts"),
      import("../../compare/compare-servers.ts"),
    ]);
    const raw = overrides.threshold as string | undefined;
    const threshold = raw === undefined ? null : parseThresholdPct(raw);
    if (raw !== undefined && threshold === null)
      throw new InputError(`--fail-on-regression: '${raw}' is not a percentage`, {
        hint: "e.g. --fail-on-regression 5%",
      });
    const confidence = parseConfidencePct(overrides.confidence as string | undefined);
    const output = overrides.output === "json" ? "json" : "text";
    const options = { thresholdPct: threshold, confidencePct: confidence, output } as const;
    const { compareRepeatDirs, holdsRepeats } = await import("../../compare/compare-repeat-dirs.ts");
    if (holdsRepeats(baseDir) || holdsRepeats(nextDir)) return compareRepeatDirs(baseDir, nextDir, options, io);
    const sweeps = [baseDir, nextDir].map((d) => existsSync(join(d, "sweep.json")));
    if (sweeps[0] !== sweeps[1])
      throw new InputError(`${sweeps[0] ? baseDir : nextDir} is a sweep and ${sweeps[0] ? nextDir : baseDir} is not`, {
        hint: "compare two sweeps, or two runs",
      });
    if (sweeps[0]) {
      const { compareSweepDirs } = await import("../../compare/compare-sweep-dirs.ts");
      return compareSweepDirs(
        baseDir,
        nextDir,
        { ...options, confidenceGiven: overrides.confidence !== undefined },
        io,
      );
    }
    if (overrides.confidence !== undefined)
      throw new InputError("--confidence applies to repeats on both sides (benchmark --runs N, sweep --runs N)", {
        hint: "these are single runs: drop --confidence, or compare two --runs directories",
      });
    const summaries = [readSummary(baseDir), readSummary(nextDir)] as const;
    const servers = serverDifferences(...summaries);
    const rows = compareSummaries(...summaries, threshold ?? Number.POSITIVE_INFINITY);
    if (output === "json")
      io.stdout(
        `${JSON.stringify({ base: baseDir, new: nextDir, threshold_pct: threshold, metrics: rows, server_differences: servers }, null, 2)}\n`,
      );
    else io.stdout(renderComparison(rows, baseDir, nextDir, threshold, servers));
    const regressed = rows.filter((r) => r.regressed);
    if (threshold !== null && regressed.length > 0) {
      io.stderr(`regression: ${regressed.map((r) => r.name).join(", ")} worse by more than ${threshold} %\n`);
      return ExitCode.regression;
    }
    return ExitCode.ok;
  },
};
