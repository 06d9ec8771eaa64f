/**
 * @module cli/commands/eval — `inference-endpoint eval`: accuracy of an endpoint on GPQA, AIME, LiveCodeBench.
 *
 * `--dataset gpqa,aime25[,livecodebench]` (predefined names, each with an optional `::preset`,
 * or `acc:` dataset specs) is run as accuracy phases only — one worker, one connection, one
 * request at a time, in order, as upstream's accuracy mode — then scored. Every other
 * benchmark flag applies (`--max-output-tokens`, `--temperature` via `--model-params.temperature`,
 * `--tokenizer`, `--allow-code-execution`, `--lcb-service`, `--report-dir`…).
 */
import { buildConfig } from "../../config/build-config.ts";
import { flagsFor, type FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import { runIoOf } from "../../run/console-io.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../../config/reject-positionals.ts";

/** eval's own meaning of `--dataset` (names, not a dataset spec) and its `--repeats`; kept whole, split below. */
const EVAL_OWN_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--dataset",
    aliases: [],
    path: "eval_datasets",
    kind: "list",
    commands: ["eval"],
    description:
      "predefined datasets, comma-separated (gpqa[::gptoss], aime25[::gptoss], livecodebench[::gptoss]), or an acc: dataset spec; repeatable",
  },
  {
    flag: "--repeats",
    aliases: [],
    path: "eval_repeats",
    kind: "integer",
    commands: ["eval"],
    description: "passes over each dataset",
    defaultText: "the dataset's own, e.g. gpqa 5, aime25 8",
  },
];
/** Every benchmark flag but `--dataset` applies, plus eval's own. */
const BENCHMARK_FLAGS: readonly FlagSpec[] = flagsFor("offline")
  .filter((f) => f.path !== "dataset")
  .map((f) => ({ ...f, commands: ["eval"] }));
const EVAL_FLAGS: readonly FlagSpec[] = [...EVAL_OWN_FLAGS, ...BENCHMARK_FLAGS];

/** `gpqa,aime25` is two names; an `acc:` spec (`acc:x.jsonl,accuracy_config.num_repeats=3`) is one dataset. */
function datasetNames(values: readonly string[]): string[] {
  return values
    .flatMap((value) => (value.includes(":") && !value.includes("::") ? [value] : value.split(",")))
    .map((d) => d.trim())
    .filter(Boolean);
}

function accuracySpec(name: string, repeats: number | null): string {
  const spec = name.startsWith("acc:") ? name : `acc:${name}`;
  return repeats === null ? spec : `${spec},accuracy_config.num_repeats=${repeats}`;
}

export const evalCommand: Command = {
  words: ["eval"],
  summary: "score an endpoint's accuracy on gpqa, aime25, livecodebench (pass@1), airgapped",
  help: () =>
    `Usage: inference-endpoint eval --dataset gpqa,aime25[,livecodebench] --endpoints URL --model NAME [flags]\n\n` +
    `Own flags:\n${renderFlagHelp(EVAL_OWN_FLAGS)}\n` +
    `Data come from the local Hugging Face cache ($HF_HOME/hub) or generate_params.source=PATH.\n` +
    `LiveCodeBench runs model-written code: only with --allow-code-execution, or --lcb-service ws://HOST:13835/evaluate.\n\n` +
    `Benchmark flags (all apply):\n${renderFlagHelp(BENCHMARK_FLAGS)}`,
  async run(argv, io) {
    const parsed = parseFlags(argv, "eval", EVAL_FLAGS);
    rejectPositionals(parsed.positionals, "eval");
    const { eval_datasets: names, eval_repeats: repeats, ...overrides } = parsed.overrides;
    const datasets = datasetNames((names as string[] | undefined) ?? []);
    if (datasets.length === 0)
      throw new InputError("missing --dataset", {
        hint: "e.g. inference-endpoint eval --dataset gpqa,aime25 --endpoints http://localhost:8000 --model M",
      });
    if (repeats !== undefined && !((repeats as number) >= 1))
      throw new InputError(`--repeats must be a whole number ≥ 1, got '${repeats}'`);
    const config = buildConfig({
      command: "offline",
      overrides,
      datasets: datasets.map((d) => accuracySpec(d, (repeats as number | undefined) ?? null)),
      mode: "acc",
    });
    const [{ runBenchmark }, { accuracyLines, renderAccuracyTable }] = await Promise.all([
      import("../../run/run-benchmark.ts"),
      import("../../accuracy/index.ts"),
    ]);
    const outcome = await runBenchmark(config, runIoOf(io, parsed.quiet), "acc");
    io.stdout(renderAccuracyTable(outcome.accuracy));
    io.stdout(`${accuracyLines(outcome.accuracy).join("\n")}\n`);
    io.stderr(`report: ${outcome.reportDir}\n`);
    return 0;
  },
};
