/**
 * @module config/flags — the command-line flags of `benchmark offline|online|from-config`, derived
 * from the schema (one kebab-case dotted flag per leaf) plus upstream's aliases and flattening.
 */
import { DEFAULT_TEXTS, FLAG_ALIASES, YAML_ONLY_PATHS } from "./upstream/flag-aliases.ts";
import type { FlagKind } from "./schema/primitives.ts";
import { listLeaves, type SchemaLeaf } from "./schema/walk.ts";

export type { FlagKind } from "./schema/primitives.ts";
export type BenchmarkCommand = "offline" | "online" | "from-config";
export const BENCHMARK_COMMANDS: readonly BenchmarkCommand[] = ["offline", "online", "from-config"];
/** Other commands (probe, serve) may reuse the flag parser with their own specs. */
export type FlagCommand = BenchmarkCommand | (string & {});

/** How a command is spelled in messages: `benchmark offline`, `probe`. */
export function commandLabel(command: FlagCommand): string {
  return (BENCHMARK_COMMANDS as readonly string[]).includes(command) ? `benchmark ${command}` : command;
}
const TEST_MODES = ["perf", "acc", "both"] as const;
export type TestMode = (typeof TEST_MODES)[number];

export interface FlagSpec {
  /** Long form, e.g. "--endpoint-config.endpoints". */
  flag: string;
  /** Other spellings, e.g. ["--endpoints"]. */
  aliases: string[];
  /** Dotted snake_case schema path, or a command-level key: "dataset", "mode", "accuracy_only", "config". */
  path: string;
  kind: FlagKind;
  choices?: string[];
  /** Enums: any letter case selects the choice (as the schema reads the YAML field). */
  caseInsensitive?: boolean;
  /** Booleans accept `--no-<flag>` and `--no-<alias>`. */
  negatable?: boolean;
  /** Accepts `none`/`null` to clear a field that defaults to a value (numbers, enums, lists). */
  nullable?: boolean;
  /** Lists: one value may hold several items separated by commas (`--endpoints a,b`). */
  commaSeparated?: boolean;
  description: string;
  defaultText?: string;
  commands: FlagCommand[];
}

/** Sections upstream's CLI flattens (its `name="*"` arguments): their fields drop the prefix. */
const FLATTENED: readonly { prefix: string; alias: string }[] = [
  { prefix: "settings.load_pattern.", alias: "load-pattern" },
  { prefix: "settings.warmup.", alias: "warmup" },
  { prefix: "settings.profiling.", alias: "profiling" },
];

const kebab = (path: string) => path.replaceAll("_", "-");

/** `settings.runtime.min_duration_ms` → `--runtime.min-duration-ms`; flattened sections lose their prefix. */
export function flagNameForPath(path: string): string {
  if (path === "settings.load_pattern.type") return "--load-pattern";
  for (const { prefix } of FLATTENED) {
    if (path.startsWith(prefix)) return `--${kebab(path.slice(prefix.length))}`;
  }
  return `--${kebab(path.startsWith("settings.") ? path.slice("settings.".length) : path)}`;
}

/**
 * Offline runs always use max_throughput, so upstream hides the load pattern there — but still
 * parses it, and `--target-qps` then sizes the sample count, as the YAML field does here. Ours:
 * from-config accepts every schema flag, each overriding the YAML (upstream takes only a few).
 */
function commandsFor(path: string): BenchmarkCommand[] {
  if (path.startsWith("settings.load_pattern.") && path !== "settings.load_pattern.target_qps")
    return ["online", "from-config"];
  return ["offline", "online", "from-config"];
}

function specForLeaf(leaf: SchemaLeaf): FlagSpec {
  const aliases = [...(FLAG_ALIASES[leaf.path] ?? [])];
  const flattened = FLATTENED.find(({ prefix }) => leaf.path.startsWith(prefix));
  if (flattened && leaf.path !== "settings.load_pattern.type") {
    // Upstream's quick-reference docs spell flattened fields dotted; accept both.
    aliases.push(`--${flattened.alias}.${kebab(leaf.path.slice(flattened.prefix.length))}`);
  }
  const spec: FlagSpec = {
    flag: flagNameForPath(leaf.path),
    aliases,
    path: leaf.path,
    kind: leaf.kind,
    description: leaf.description ?? "",
    commands: commandsFor(leaf.path),
  };
  if (leaf.choices) spec.choices = [...leaf.choices];
  if (leaf.caseInsensitive) spec.caseInsensitive = true;
  if (leaf.kind === "boolean" || leaf.negatable) spec.negatable = true;
  if (leaf.kind === "list") spec.commaSeparated = !leaf.itemPerFlag;
  if (leaf.nullable && leaf.kind !== "string") spec.nullable = true;
  const defaultText = DEFAULT_TEXTS[leaf.path] ?? formatDefault(leaf.defaultValue);
  if (defaultText !== undefined) spec.defaultText = defaultText;
  return spec;
}

function formatDefault(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.join(",");
  return String(value);
}

const isYamlOnly = (path: string) => YAML_ONLY_PATHS.some((p) => path === p || path.startsWith(`${p}.`));

const COMMAND_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--dataset",
    aliases: [],
    path: "dataset",
    kind: "list",
    description: "dataset [perf:|acc:]PATH[,key=value…], e.g. data.jsonl,parser.prompt=text (repeatable)",
    commands: ["offline", "online"],
  },
  {
    flag: "--mode",
    aliases: [],
    path: "mode",
    kind: "enum",
    choices: [...TEST_MODES],
    description: "perf: measure performance; acc: accuracy only; both: perf and every scorer",
    defaultText: "perf (both for type: submission)",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--accuracy-only",
    aliases: [],
    path: "accuracy_only",
    kind: "boolean",
    description: "same as --mode acc",
    negatable: true,
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--slo",
    aliases: [],
    path: "slo",
    kind: "string",
    description: "goodput objectives, e.g. ttft:500ms,tpot:50ms,latency:10s (also --slo.ttft-ms …)",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--quiet",
    aliases: ["-q"],
    path: "quiet",
    kind: "boolean",
    description: "no dashboard or progress line on stderr, as --ui none (warnings and errors still show)",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--dry-run",
    aliases: [],
    path: "dry_run",
    kind: "boolean",
    description: "print the plan (requests, duration, first arrivals, workers) and exit without sending",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--audit-restart-hook",
    aliases: [],
    path: "audit_restart_hook",
    kind: "string",
    description:
      "shell command that resets the server's cache before the audit's reference phase (e.g. curl -X POST HOST/flush_cache)",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--strict",
    aliases: [],
    path: "strict",
    kind: "boolean",
    description: "refuse a run that its ruleset (submission_ref) could only judge INVALID, instead of warning",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--export-events",
    aliases: [],
    path: "export_events",
    kind: "boolean",
    description:
      "also write upstream's events.jsonl and sample_idx_map.json into the report directory (as `report DIR --export`)",
    commands: ["offline", "online", "from-config"],
  },
  {
    flag: "--config",
    aliases: ["-c"],
    path: "config",
    kind: "string",
    description: "YAML config file",
    defaultText: "required",
    commands: ["from-config"],
  },
];

export const FLAG_SPECS: readonly FlagSpec[] = [
  ...COMMAND_FLAGS,
  ...listLeaves()
    .filter((leaf) => !isYamlOnly(leaf.path))
    .map(specForLeaf),
];

/** The flags one command accepts. */
export function flagsFor(command: FlagCommand, specs: readonly FlagSpec[] = FLAG_SPECS): FlagSpec[] {
  return specs.filter((spec) => (spec.commands as readonly string[]).includes(command));
}

/** Shortest long spelling for messages (`--model`), or undefined for YAML-only paths. */
export function flagLabel(path: string, specs: readonly FlagSpec[] = FLAG_SPECS): string | undefined {
  const spec = specs.find((s) => s.path === path);
  if (!spec) return undefined;
  const longForms = [spec.flag, ...spec.aliases].filter((name) => name.startsWith("--"));
  return longForms.reduce((best, name) => (name.length < best.length ? name : best), spec.flag);
}
