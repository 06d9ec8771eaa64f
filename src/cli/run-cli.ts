/**
 * @module cli/run-cli — command dispatch, help, version, and the one place errors become text.
 *
 * The command is found by its words; each command parses its own flags with config/parse-argv
 * (docs/dev/design.md says why that is not cac). The root help is rendered here from COMMANDS, each
 * command's by its own `help()`; docs/cli.md is made from both. Every error ends here: `error: …` + `hint: …` on stderr and the
 * documented exit code, no stack trace unless -v. Every command module is loaded here, so
 * each one imports its heavy dependencies (report, accuracy, server, YAML) inside `run`: loaded
 * up front they would delay a benchmark's first request.
 */
import { describeError, ExitCode, InputError } from "../errors.ts";
import { VERSION } from "../version.ts";
import type { CliIo, Command } from "./command.ts";
import { benchmarkFromConfigCommand, benchmarkOfflineCommand, benchmarkOnlineCommand } from "./commands/benchmark.ts";
import { compareCommand } from "./commands/compare.ts";
import { importCommand } from "./commands/import.ts";
import { sweepCommand } from "./commands/sweep.ts";
import { evalCommand } from "./commands/eval.ts";
import { infoCommand } from "./commands/info.ts";
import { initCommand } from "./commands/init.ts";
import { probeCommand } from "./commands/probe.ts";
import { reportCommand } from "./commands/report.ts";
import { rulesetsCommand } from "./commands/rulesets.ts";
import { checkCommand } from "./commands/check.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { packageCommand } from "./commands/package.ts";
import { serveCommand } from "./commands/serve.ts";
import { validateYamlCommand } from "./commands/validate-yaml.ts";
import { closestMatch } from "../config/suggest.ts";
import { isTerminal, STDERR_FD, STDOUT_FD, writeText } from "./std-output.ts";
import { countVerbosity, isVerbosityFlag } from "./verbosity.ts";

export const COMMANDS: readonly Command[] = [
  benchmarkOfflineCommand,
  benchmarkOnlineCommand,
  benchmarkFromConfigCommand,
  probeCommand,
  initCommand,
  validateYamlCommand,
  infoCommand,
  doctorCommand,
  rulesetsCommand,
  checkCommand,
  packageCommand,
  serveCommand,
  reportCommand,
  compareCommand,
  importCommand,
  sweepCommand,
  evalCommand,
];

/**
 * `-v`/`-vv` before the command's words (`inference-endpoint -v benchmark offline …`, upstream's
 * global position) moved after them, where every command's parser counts them.
 */
function withGlobalFlagsMoved(args: readonly string[]): string[] {
  const lead = args.findIndex((a) => !isVerbosityFlag(a));
  if (lead <= 0) return [...args];
  const found = findCommand(args.slice(lead));
  if (!found) return args.slice(lead);
  return [...found.command.words, ...args.slice(0, lead), ...found.rest];
}

/** `benchmark --help` (or `benchmark` alone): the commands under that word. */
function groupHelp(word: string): string | null {
  const members = COMMANDS.filter((c) => c.words.length > 1 && c.words[0] === word);
  if (members.length === 0) return null;
  const names = members.map((c) => c.words.join(" "));
  const width = Math.max(...names.map((n) => n.length));
  return [
    `Usage: inference-endpoint ${word} <${members.map((c) => c.words[1]).join("|")}> [flags]   (each has --help)`,
    "",
    ...members.map((c, i) => `  ${(names[i] as string).padEnd(width)}  ${c.summary}`),
    "",
  ].join("\n");
}

function findCommand(args: readonly string[]): { command: Command; rest: string[] } | null {
  for (const command of COMMANDS) {
    if (command.words.every((w, i) => args[i] === w)) return { command, rest: args.slice(command.words.length) };
  }
  return null;
}

/** The root help: every command with its summary, the global flags and the exit codes. */
export function rootHelp(): string {
  const names = COMMANDS.map((c) => c.words.join(" "));
  const width = Math.max(...names.map((n) => n.length));
  return [
    `inference-endpoint ${VERSION} — benchmark LLM inference endpoints`,
    "",
    "Usage: inference-endpoint <command> [flags]   (every command has --help)",
    "",
    "Commands:",
    ...COMMANDS.map((c, i) => `  ${(names[i] as string).padEnd(width)}  ${c.summary}`),
    "",
    "Flags:",
    "  -h, --help     this text; `inference-endpoint <command> --help` lists a command's flags",
    "  -V, --version  the version",
    "  -v, --verbose  stack traces for unexpected errors (before or after the command's words)",
    "",
    "Exit codes: 0 ok, 1 unexpected, 2 invalid input, 3 setup failure, 4 execution failure, 99 regression (compare), 130 interrupted.",
    "",
  ].join("\n");
}

function unknownCommand(args: readonly string[]): InputError {
  const typed = args.slice(0, 2).join(" ");
  const suggestion =
    closestMatch(
      typed,
      COMMANDS.map((c) => c.words.join(" ")),
    ) ??
    closestMatch(
      args[0] ?? "",
      COMMANDS.map((c) => c.words[0] as string),
    );
  return new InputError(`unknown command '${typed}'`, {
    hint: suggestion
      ? `did you mean '${suggestion}'? (inference-endpoint --help lists all)`
      : "inference-endpoint --help lists the commands",
  });
}

export async function runCli(given: string[], io: CliIo = defaultIo(given)): Promise<number> {
  try {
    const args = withGlobalFlagsMoved(given);
    if (args.length === 0 || args[0] === "--help" || args[0] === "-h") {
      io.stdout(rootHelp());
      return args.length === 0 ? ExitCode.invalidInput : ExitCode.ok;
    }
    if (args[0] === "--version" || args[0] === "-V") {
      io.stdout(`${VERSION}\n`);
      return ExitCode.ok;
    }
    const found = findCommand(args);
    const group =
      !found && (args.length === 1 || args[1] === "--help" || args[1] === "-h") ? groupHelp(args[0] as string) : null;
    if (group !== null) {
      io.stdout(group);
      return args.length === 1 ? ExitCode.invalidInput : ExitCode.ok;
    }
    if (!found) throw unknownCommand(args);
    if (found.rest.includes("--help") || found.rest.includes("-h")) {
      io.stdout(found.command.help());
      return ExitCode.ok;
    }
    return await found.command.run(found.rest, io);
  } catch (error) {
    const { text, exitCode } = describeError(error, io.verbose > 0);
    io.stderr(`${text}\n`);
    return exitCode;
  }
}

function defaultIo(args: readonly string[]): CliIo {
  return {
    stdout: (text) => writeText(STDOUT_FD, text),
    stderr: (text) => writeText(STDERR_FD, text),
    // A getter: a run with --quiet never asks, and never loads node:tty.
    get isTty() {
      return isTerminal(STDERR_FD);
    },
    verbose: countVerbosity(args),
  };
}
