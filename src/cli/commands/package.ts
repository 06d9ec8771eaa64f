/**
 * @module cli/commands/package — `inference-endpoint package --run DIR --submitter S --system X
 * --benchmark B [--scenario SC] [--division closed] [--output submission] [--force]`: copies a
 * run's result files into the MLPerf results tree (mlperf/results-tree) with the scaffold files.
 * Idempotent: files already there and equal are left alone; different ones are refused without
 * `--force`. Exits 1 when a run contributed no file, as upstream's publisher does.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseExactJson } from "../../config/exact-json.ts";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import {
  plannedCopies,
  plannedScaffold,
  scenarioDir,
  type PackageTarget,
  type PlannedFile,
} from "../../mlperf/results-tree.ts";
import type { Command } from "../command.ts";
import { rejectPositionals } from "../../config/reject-positionals.ts";

const DIVISIONS = ["closed", "open", "network"];

const option = (name: string, description: string): FlagSpec => ({
  flag: `--${name}`,
  aliases: [],
  path: name,
  kind: "string",
  description,
  commands: ["package"],
});
const PACKAGE_FLAGS: readonly FlagSpec[] = [
  option("run", "the run directory for both the performance and the accuracy results"),
  option("performance-run", "the run directory of the performance result"),
  option("accuracy-run", "the run directory of the accuracy result"),
  option("submitter", "submitting organisation"),
  option("system", "system name"),
  option("benchmark", "MLPerf benchmark, e.g. llama2-70b"),
  option("scenario", "MLPerf scenario (default SingleStream)"),
  option("division", "closed | open | network (default closed)"),
  option("output", "the submission tree's root (default submission)"),
  option("version", "MLPerf round, informational (default v6.1)"),
  {
    flag: "--force",
    aliases: [],
    path: "force",
    kind: "boolean",
    description: "overwrite files that differ, and the scaffold files",
    commands: ["package"],
  },
];

function sameFile(a: string, b: string): boolean {
  return statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
}

/** Places one file; returns what happened, or throws when it would overwrite a different file. */
function place(file: PlannedFile, force: boolean): string {
  mkdirSync(dirname(file.to), { recursive: true });
  if (file.scaffold !== null) {
    if (existsSync(file.to) && !force) return `${file.to}: left as-is (exists)`;
    writeFileSync(file.to, file.scaffold);
    return `${file.to}: written (fill TODOs)`;
  }
  const from = file.from as string;
  if (existsSync(file.to)) {
    if (sameFile(from, file.to)) return `${file.to}: unchanged`;
    if (!force)
      throw new InputError(`${file.to} exists and differs from ${from}`, {
        hint: "add --force to overwrite it, or choose another --output",
      });
  }
  copyFileSync(from, file.to);
  return `${file.to}: copied from ${from}`;
}

function selfCheck(performanceRun: string | null): string[] {
  if (!performanceRun || !existsSync(`${performanceRun}/performance/result_summary.json`)) return [];
  const s = parseExactJson(readFileSync(`${performanceRun}/performance/result_summary.json`, "utf8")) as Record<
    string,
    { percentiles?: Record<string, number | null> } | number | null
  >;
  const p99 = (key: string) =>
    (s[key] as { percentiles?: Record<string, number | null> } | null)?.percentiles?.["99.0"];
  const ms = (v: number | null | undefined) => (typeof v === "number" ? `${(v / 1e6).toFixed(2)} ms` : "N/A (empty)");
  return [
    `  QPS (primary metric): ${s.qps ?? "N/A"}`,
    `  latency p99: ${ms(p99("latency"))}`,
    ...(p99("ttft") ? [`  TTFT p99: ${ms(p99("ttft"))}`] : []),
    ...(p99("tpot") ? [`  TPOT p99: ${ms(p99("tpot"))}`] : []),
  ];
}

export const packageCommand: Command = {
  words: ["package"],
  summary: "lay a run's results out as the MLPerf results tree, with the scaffold files to fill in",
  help: () =>
    `Usage: inference-endpoint package --run DIR --submitter S --system X --benchmark B ` +
    `[--scenario SingleStream] [--division closed] [--output submission] [--force]\n\n--run ` +
    `sets both --performance-run and --accuracy-run. Files already in place and equal are left ` +
    `alone; a different one is refused without --force.\n`,
  async run(argv, io) {
    const parsed = parseFlags(argv, "package", PACKAGE_FLAGS);
    rejectPositionals(parsed.positionals, "package");
    const force = parsed.overrides.force === true;
    const values = new Map(
      Object.entries(parsed.overrides)
        .filter(([, v]) => typeof v === "string")
        .map(([k, v]) => [`--${k}`, v as string]),
    );
    const performanceRun = values.get("--performance-run") ?? values.get("--run") ?? null;
    const accuracyRun = values.get("--accuracy-run") ?? values.get("--run") ?? null;
    if (!performanceRun && !accuracyRun) throw new InputError("provide --run, or --performance-run / --accuracy-run");
    for (const [label, dir] of [
      ["--performance-run", performanceRun],
      ["--accuracy-run", accuracyRun],
    ] as const) {
      if (dir && !(existsSync(dir) && statSync(dir).isDirectory()))
        throw new InputError(`${label} path is not a directory: ${dir}`);
    }
    const required = (name: string) => {
      const value = values.get(name);
      if (!value)
        throw new InputError(`missing ${name}`, { hint: "package needs --submitter, --system and --benchmark" });
      return value;
    };
    const division = values.get("--division") ?? "closed";
    if (!DIVISIONS.includes(division))
      throw new InputError(`--division must be one of ${DIVISIONS.join(", ")}, got '${division}'`);
    const target: PackageTarget = {
      output: values.get("--output") ?? "submission",
      division,
      submitter: required("--submitter"),
      system: required("--system"),
      benchmark: required("--benchmark"),
      scenario: values.get("--scenario") ?? "SingleStream",
    };
    io.stdout(`Assembling endpoints submission (${values.get("--version") ?? "v6.1"}) under: ${target.output}\n`);
    const copies = plannedCopies(target, performanceRun, accuracyRun).filter((f) => existsSync(f.from as string));
    const lines = [...copies, ...plannedScaffold(target)].map((f) => place(f, force));
    io.stdout(`${[...lines, ...selfCheck(performanceRun)].map((l) => `${l}\n`).join("")}`);
    const empty = [performanceRun, accuracyRun].filter(
      (run, i, all) =>
        run !== null && all.indexOf(run) === i && !copies.some((c) => (c.from as string).startsWith(run)),
    );
    if (empty.length > 0) {
      io.stderr(
        `FAILED: no parseable artifacts were copied for: ${empty.join(", ")}. The submission tree ` +
          `is incomplete (result_summary.json, config.yaml, accuracy_results.json).\n`,
      );
      return 1;
    }
    io.stdout(
      `Done: ${scenarioDir(target)}. Check it with: inference-endpoint check ${performanceRun ?? accuracyRun}\n`,
    );
    return 0;
  },
};
