/**
 * @module cli/commands/import — `inference-endpoint import DIR|FILE [--from TOOL] --report-dir OUT`:
 * another tool's results as our run directory (import/import-run), our figures beside the tool's own.
 *
 * Prints what it detected on stderr and the comparison on stdout: per benchmark, our summary and
 * the table of each of the source's figures beside ours with why they differ.
 */
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";

const TOOLS = ["upstream", "aiperf", "guidellm", "vllm"];

const IMPORT_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--from",
    aliases: [],
    path: "from",
    kind: "enum",
    choices: TOOLS,
    description:
      "the tool that wrote it: mlcommons/endpoints (upstream), AIPerf, GuideLLM, or vllm bench serve --save-detailed",
    defaultText: "detected",
    commands: ["import"],
  },
  {
    flag: "--report-dir",
    aliases: [],
    path: "report_dir",
    kind: "string",
    description:
      "where our run directory is written (must not exist, or be empty); a file of several benchmarks becomes a sweep",
    commands: ["import"],
  },
];

const USAGE = "inference-endpoint import DIR|FILE [--from upstream|aiperf|guidellm|vllm] --report-dir OUT";

export const importCommand: Command = {
  words: ["import"],
  summary:
    "read another tool's results (mlcommons/endpoints, AIPerf, GuideLLM, vllm bench serve) into a run directory of ours",
  help: () =>
    `Usage: ${USAGE}\n\nWrites events.db, result_summary.json, report.txt and report.html by our definitions, each of the ` +
    `tool's own figures beside ours and why they differ (docs/import.md); \`report\`, \`compare\` and \`report pareto\` ` +
    `then read it as a run of ours.\n\nFlags:\n${renderFlagHelp(IMPORT_FLAGS)}\nExamples:\n  inference-endpoint import ` +
    `artifacts/my-run/ --report-dir imported/aiperf\n  inference-endpoint import benchmarks.json --from guidellm ` +
    `--report-dir imported/guidellm\n`,
  async run(argv, io) {
    const { overrides, positionals } = parseFlags(argv, "import", IMPORT_FLAGS);
    if (positionals.length !== 1)
      throw new InputError(`import needs one directory or file, got ${positionals.length}`, { hint: USAGE });
    if (typeof overrides.report_dir !== "string")
      throw new InputError("import needs --report-dir OUT", { hint: USAGE });
    const [{ importRun }, { renderImportConsole }] = await Promise.all([
      import("../../import/import-run.ts"),
      import("../../import/import-console.ts"),
    ]);
    const outcome = await importRun(
      {
        path: positionals[0] as string,
        from: (overrides.from as "upstream" | "aiperf" | "guidellm" | "vllm" | undefined) ?? null,
        reportDir: overrides.report_dir,
      },
      (line) => io.stderr(`${line}\n`),
    );
    io.stdout(renderImportConsole(outcome));
    io.stderr(`wrote ${outcome.reportDir}\n`);
    return 0;
  },
};
