/**
 * @module cli/commands/report — `inference-endpoint report DIR`: every report rebuilt from events.db alone.
 *
 * Works on a copied events.db and on the database of a run that crashed or was killed (its
 * report says so). `--output json` prints result_summary.json to stdout for scripts;
 * `--export-csv FILE` also writes one CSV row per request; `--export NAME` writes upstream's
 * events.jsonl or sample_idx_map.json into DIR (report/export/exports, docs/exports.md). A
 * `--runs N` directory has each run rebuilt, then its repeats.json and report.txt (report/write-repeats).
 */
import { toExactJson } from "../../config/exact-json.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import { EVENTS_DB_FILE } from "../../record/events-db.ts";
import { renderConsoleSummary } from "../../report/report-text.ts";
import type { CliIo, Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { PARETO_FLAGS, PARETO_USAGE, paretoCommand } from "./report-pareto.ts";

const REPORT_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--output",
    aliases: ["-o"],
    path: "output",
    kind: "enum",
    choices: ["text", "json"],
    description: "summary as text or as result_summary.json on stdout",
    defaultText: "text",
    commands: ["report"],
  },
  {
    flag: "--export-csv",
    aliases: [],
    path: "csv",
    kind: "string",
    description: "also write every request as a CSV row to this file",
    commands: ["report"],
  },
  {
    flag: "--export",
    aliases: [],
    path: "export",
    kind: "list",
    commaSeparated: true,
    description: "also write upstream's events.jsonl or sample_idx_map.json into DIR (repeatable, or a comma list)",
    commands: ["report"],
  },
];

const MERGE_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--output",
    aliases: ["-o"],
    path: "out",
    kind: "string",
    description: "the directory the merged events.db and reports are written to",
    commands: ["report merge"],
  },
];

/** `report merge DIR… --output DIR` (report/merge-shards): one report over the shards of a plan. */
async function mergeCommand(argv: readonly string[], io: Parameters<Command["run"]>[1]): Promise<number> {
  const { overrides, positionals } = parseFlags(argv, "report merge", MERGE_FLAGS);
  if (typeof overrides.out !== "string")
    throw new InputError("report merge needs --output DIR", {
      hint: "inference-endpoint report merge shard0/ shard1/ --output merged/",
    });
  if (positionals.length === 0)
    throw new InputError("report merge needs the shards' report directories", {
      hint: "inference-endpoint report merge shard0/ shard1/ --output merged/",
    });
  const { mergeShards } = await import("../../report/merge-shards.ts");
  const outcome = mergeShards(positionals, overrides.out);
  for (const shard of outcome.missing)
    io.stderr(`warning: shard ${shard} is missing: the merged report is incomplete\n`);
  for (const shard of outcome.incomplete)
    io.stderr(`warning: shard ${shard} did not complete: the merged report is incomplete\n`);
  const [{ writeReportFiles }, { accuracyLines }] = await Promise.all([
    import("../../report/write-report.ts"),
    import("../../accuracy/index.ts"),
  ]);
  const { summary, accuracy, stoppedBy } = writeReportFiles(overrides.out);
  io.stdout(renderConsoleSummary(summary, accuracyLines(accuracy), stoppedBy));
  io.stderr(`merged ${outcome.shards} shard(s) into ${overrides.out}\n`);
  return 0;
}

/** A `--runs N` directory: each run's reports and the repeats rebuilt; a run's own exports are asked of the run. */
async function reportRepeats(dir: string, overrides: Record<string, unknown>, io: CliIo): Promise<number> {
  const perRun = [
    ["csv", "--export-csv"],
    ["export", "--export"],
  ].find(([key]) => overrides[key as string] !== undefined)?.[1];
  if (perRun)
    throw new InputError(`${perRun} exports one run, and ${dir} holds repeats`, {
      hint: `give one of its runs, e.g. ${join(dir, "run-1")}`,
    });
  const [{ rebuildRepeats }, { renderRepeatsText, repeatsWarningText }] = await Promise.all([
    import("../../report/write-repeats.ts"),
    import("../../report/repeats-text.ts"),
  ]);
  const { repeats } = rebuildRepeats(dir);
  // The table on stdout, its warnings on stderr (report.txt, rewritten with both, keeps them together).
  io.stdout(overrides.output === "json" ? `${JSON.stringify(repeats, null, 2)}\n` : renderRepeatsText(repeats, false));
  io.stderr(repeatsWarningText(repeats));
  return 0;
}

export const reportCommand: Command = {
  words: ["report"],
  summary: "rebuild report.txt, result_summary.json and report.html of a run from its events.db",
  help: () =>
    `Usage: inference-endpoint report DIR [flags]\n       inference-endpoint report merge ` +
    `DIR… --output DIR   (the shards of one plan, or a directory holding them; ` +
    `docs/distributed.md)\n       ${PARETO_USAGE}   (sweeps' Pareto fronts; docs/sweeps.md)\n\nFlags:\n${renderFlagHelp(REPORT_FLAGS)}` +
    `\nreport pareto flags:\n${renderFlagHelp(PARETO_FLAGS)}\nExamples:\n  ` +
    `inference-endpoint report reports_20261129_120000 --output json | jq .ttft.percentiles\n  ` +
    `inference-endpoint report reports_20261129_120000 --export ` +
    `events.jsonl,sample_idx_map.json\n`,
  async run(argv, io) {
    // `-v` given before the words arrives first: the subcommand is the first other argument.
    const first = argv.findIndex((arg) => !/^-v+$/.test(arg));
    if (argv[first] === "merge") return mergeCommand([...argv.slice(0, first), ...argv.slice(first + 1)], io);
    if (argv[first] === "pareto") return paretoCommand([...argv.slice(0, first), ...argv.slice(first + 1)], io);
    const { overrides, positionals } = parseFlags(argv, "report", REPORT_FLAGS);
    if (positionals.length !== 1)
      throw new InputError(`report needs one report directory, got ${positionals.length}`, {
        hint: "inference-endpoint report DIR",
      });
    const dir = positionals[0] as string;
    const exportsModule = import("../../report/export/exports.ts");
    // Names are checked before the directory and before any work: a typo costs nothing.
    const exports = Array.isArray(overrides.export)
      ? (await exportsModule).checkExportNames(overrides.export as string[])
      : [];
    if (!existsSync(join(dir, EVENTS_DB_FILE)) && existsSync(join(dir, "repeats.json")))
      return reportRepeats(dir, overrides, io);
    if (!existsSync(join(dir, EVENTS_DB_FILE)))
      throw new InputError(`no ${EVENTS_DB_FILE} in ${dir}`, {
        hint: "give the directory a benchmark wrote (its --report-dir)",
      });
    const [{ writeReportFiles }, { exportRequestsCsv }, { accuracyLines }, { writeExports }] = await Promise.all([
      import("../../report/write-report.ts"),
      import("../../record/export-csv.ts"),
      import("../../accuracy/index.ts"),
      exportsModule,
    ]);
    const { summary, accuracy, stoppedBy } = writeReportFiles(dir);
    if (typeof overrides.csv === "string") {
      const rows = exportRequestsCsv(join(dir, EVENTS_DB_FILE), overrides.csv);
      io.stderr(`wrote ${rows} requests to ${overrides.csv}\n`);
    }
    for (const line of writeExports(dir, exports)) io.stderr(`${line}\n`);
    io.stdout(
      overrides.output === "json"
        ? `${toExactJson(summary, 2)}\n`
        : renderConsoleSummary(summary, accuracyLines(accuracy), stoppedBy),
    );
    return 0;
  },
};
