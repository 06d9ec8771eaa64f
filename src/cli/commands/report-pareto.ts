/**
 * @module cli/commands/report-pareto — `inference-endpoint report pareto DIR… [--label NAME …] [--out FILE]`:
 * the Pareto chart of several sweeps (report/pareto/pareto-report), one curve per directory.
 */
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";

const command = "report pareto";

export const PARETO_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--label",
    aliases: [],
    path: "label",
    kind: "list",
    // A label may hold a comma ("tp4, fp8"): one per flag, never split.
    commaSeparated: false,
    description: "the next directory's curve name (repeat, one per DIR in order)",
    defaultText: "the directory's name",
    commands: [command],
  },
  {
    flag: "--out",
    aliases: [],
    path: "out",
    kind: "string",
    description: "the HTML file; the CSV and JSON get its name with .csv and .json",
    defaultText: "pareto.html",
    commands: [command],
  },
  {
    flag: "--min-accuracy",
    aliases: [],
    path: "min_accuracy",
    kind: "number",
    description:
      "a step whose accuracy_results.json average_accuracy is below this (or absent) is hollow, off the frontier",
    defaultText: "none",
    commands: [command],
  },
];

export const PARETO_USAGE = "inference-endpoint report pareto DIR… [--label NAME …] [--out FILE] [--min-accuracy S]";

/** `report pareto`: writes the three files and prints each pair's frontier. */
export async function paretoCommand(argv: readonly string[], io: Parameters<Command["run"]>[1]): Promise<number> {
  const { overrides, positionals } = parseFlags(argv, command, PARETO_FLAGS);
  const minAccuracy = overrides.min_accuracy as number | undefined;
  if (minAccuracy !== undefined && !(minAccuracy >= 0 && minAccuracy <= 1))
    throw new InputError(`--min-accuracy ${minAccuracy}: expected a score between 0 and 1`);
  const [{ writeParetoReport }, { readSweepFile }] = await Promise.all([
    import("../../report/pareto/pareto-report.ts"),
    import("../../sweep/read-sweep-file.ts"),
  ]);
  const { lines } = writeParetoReport({
    readSteps: (dir) => {
      const { file, sweep } = readSweepFile(dir, "a sweep's file with the Pareto axes");
      return { file, steps: sweep.steps };
    },
    dirs: positionals,
    labels: (overrides.label as string[] | undefined) ?? [],
    minAccuracy: minAccuracy ?? null,
    out: (overrides.out as string | undefined) ?? "pareto.html",
  });
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}
