/**
 * @module config/parse-argv — turns `benchmark offline|online|from-config` arguments into schema
 * overrides. Every problem (unknown flag, missing or malformed value) is collected and reported
 * in one InputError.
 */
import { InputError } from "../errors.ts";
import { convertFlagValue, readBooleanWord } from "./flag-values.ts";
import { commandLabel, FLAG_SPECS, type FlagCommand, type FlagSpec, flagsFor, type TestMode } from "./flags.ts";
import { parseSloSpec } from "./slo.ts";
import { closestMatch } from "./suggest.ts";

interface ParsedFlags {
  /** Canonical dotted schema path → value ("settings.load_pattern.target_qps" → 10). */
  overrides: Record<string, unknown>;
  /** `--dataset` strings in order, unparsed. */
  datasets: string[];
  mode?: TestMode;
  /** `--config/-c` (from-config). */
  configPath?: string;
  positionals: string[];
  /** `--quiet`: no progress line. */
  quiet?: boolean;
  /** `--dry-run`: print the plan and exit. */
  dryRun?: boolean;
  /** `--export-events`: write events.jsonl and sample_idx_map.json after the run. */
  exportEvents?: boolean;
  /** `--strict`: a run its ruleset could only judge INVALID is refused. */
  strict?: boolean;
  /** `--audit-restart-hook CMD`: run before the audit's reference phase. */
  auditRestartHook?: string;
  /** `-h/--help` was given; problems are still reported only when it was not. */
  help: boolean;
  /** Count of `-v` (`-vv` = 2). */
  verbosity: number;
}

interface Problem {
  message: string;
  hint?: string;
}

interface Binding {
  spec: FlagSpec;
  negated: boolean;
}

/** Every spelling → its spec: flag, aliases, and `--no-…` forms of negatable booleans. */
function bindingsFor(specs: readonly FlagSpec[]): Map<string, Binding> {
  const map = new Map<string, Binding>();
  for (const spec of specs) {
    for (const name of [spec.flag, ...spec.aliases]) {
      map.set(name, { spec, negated: false });
      if (!spec.negatable || !name.startsWith("--")) continue;
      map.set(`--no-${name.slice(2)}`, { spec, negated: true });
      const dot = name.lastIndexOf(".");
      if (dot > 0) map.set(`${name.slice(0, dot)}.no-${name.slice(dot + 1)}`, { spec, negated: true });
    }
  }
  return map;
}

const isFlagToken = (token: string) => token.startsWith("--") || /^-[A-Za-z]/.test(token);

const helpHint = (command: FlagCommand) =>
  `run \`inference-endpoint ${commandLabel(command)} --help\` to list the flags`;

function unknownFlag(
  name: string,
  command: FlagCommand,
  own: Map<string, Binding>,
  all: Map<string, Binding>,
): Problem {
  const help = helpHint(command);
  const elsewhere = all.get(name);
  if (elsewhere) {
    const where = elsewhere.spec.commands.map(commandLabel).join(", ");
    return { message: `${name} is not available for \`${commandLabel(command)}\``, hint: `it applies to: ${where}` };
  }
  const suggestion = closestMatch(
    name,
    [...own.keys()].filter((n) => n.startsWith("--")),
  );
  return { message: `unknown flag ${name}`, hint: suggestion ? `did you mean ${suggestion}?` : help };
}

/** Parses `argv` (the arguments after the command name) for `command`. */
export function parseFlags(
  argv: readonly string[],
  command: FlagCommand,
  specs: readonly FlagSpec[] = FLAG_SPECS,
): ParsedFlags {
  const own = bindingsFor(flagsFor(command, specs));
  const all = bindingsFor(specs);
  const result: ParsedFlags = { overrides: {}, datasets: [], positionals: [], help: false, verbosity: 0 };
  const problems: Problem[] = [];
  let accuracyOnly = false;

  const assign = (spec: FlagSpec, value: unknown) => {
    if (spec.path === "dataset") result.datasets.push(...(value as string[]));
    else if (spec.path === "mode") result.mode = value as TestMode;
    else if (spec.path === "accuracy_only") accuracyOnly = value === true;
    else if (spec.path === "dry_run") result.dryRun = value === true;
    else if (spec.path === "export_events") result.exportEvents = value === true;
    else if (spec.path === "strict") result.strict = value === true;
    else if (spec.path === "audit_restart_hook") result.auditRestartHook = value as string;
    else if (spec.path === "quiet") result.quiet = value === true;
    else if (spec.path === "slo") {
      try {
        Object.assign(result.overrides, parseSloSpec(value as string));
      } catch (error) {
        problems.push({
          message: (error as Error).message,
          ...((error as InputError).hint ? { hint: (error as InputError).hint } : {}),
        });
      }
    } else if (spec.path === "config") result.configPath = value as string;
    else if (spec.kind === "list" && Array.isArray(value) && Array.isArray(result.overrides[spec.path])) {
      // Repeated list flags accumulate: --endpoints a --endpoints b.
      result.overrides[spec.path] = [...(result.overrides[spec.path] as unknown[]), ...value];
    } else result.overrides[spec.path] = value;
  };

  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? "";
    if (token === "--") {
      result.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (token === "-h" || token === "--help") {
      result.help = true;
      continue;
    }
    if (token === "--verbose" || /^-v+$/.test(token)) {
      result.verbosity += token === "--verbose" ? 1 : token.length - 1;
      continue;
    }
    if (!isFlagToken(token)) {
      result.positionals.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    const name = eq > 0 ? token.slice(0, eq) : token;
    const inline = eq > 0 ? token.slice(eq + 1) : undefined;
    const binding = own.get(name);
    if (!binding) {
      problems.push(unknownFlag(name, command, own, all));
      // Skip the unknown flag's value too, so it is not reported as a stray positional.
      if (inline === undefined && i + 1 < argv.length && !isFlagToken(argv[i + 1] ?? "")) i++;
      continue;
    }
    const { spec, negated } = binding;
    if (negated) {
      if (inline === undefined) assign(spec, false);
      else problems.push({ message: `${name} takes no value (got '${inline}')` });
      continue;
    }
    let raw = inline;
    if (raw === undefined && spec.kind === "boolean") {
      const next = argv[i + 1];
      if (next !== undefined && readBooleanWord(next) !== undefined) {
        raw = next;
        i++;
      } else raw = "true";
    }
    if (raw === undefined) {
      const next = argv[i + 1];
      if (next === undefined || isFlagToken(next)) {
        problems.push({ message: `${name} needs a value`, hint: spec.description || undefined });
        continue;
      }
      raw = next;
      i++;
    }
    const converted = convertFlagValue(spec, name, raw);
    if (converted.ok) assign(spec, converted.value);
    else problems.push({ message: converted.message });
  }

  if (accuracyOnly) {
    if (result.mode !== undefined && result.mode !== "acc") {
      problems.push({ message: `--accuracy-only conflicts with --mode ${result.mode}` });
    }
    result.mode = "acc";
  }
  if (command === "from-config" && result.configPath === undefined && !result.help) {
    problems.push({
      message: "missing --config FILE",
      hint: "e.g. inference-endpoint benchmark from-config -c config.yaml",
    });
  }
  if (problems.length > 0 && !result.help) throw flagsError(problems, command);
  return result;
}

function flagsError(problems: Problem[], command: FlagCommand): InputError {
  const [first] = problems;
  if (problems.length === 1 && first) return new InputError(first.message, first.hint ? { hint: first.hint } : {});
  const lines = problems.map((p) => `  - ${p.message}${p.hint ? ` (${p.hint})` : ""}`);
  return new InputError(`invalid flags: ${problems.length} problems:\n${lines.join("\n")}`, {
    hint: helpHint(command),
  });
}
