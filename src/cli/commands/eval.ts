/**
 * @module cli/commands/eval — `inference-endpoint eval`: accuracy of an endpoint on GPQA, AIME, LiveCodeBench.
 *
 * `--dataset gpqa,aime25[,livecodebench]` (predefined names, each with an optional `::preset`,
 * or `acc:` dataset specs) is run as accuracy phases only — one worker, one connection, one
 * request at a time, in order, as the seed tool's accuracy mode — then scored. Every other
 * benchmark flag applies (`--max-output-tokens`, `--temperature` via `--model-params.temperature`,
 * `--tokenizer`, `--allow-code-execution`, `--lcb-service`, `--report-dir`…).
 */
import { buildConfig } from "../../config/build-config.ts";
import { flagsFor } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../reject-positionals.ts";

/** Takes `--dataset`/`--repeats` (eval's own meaning) out of argv; the rest are benchmark flags. */
function splitEvalFlags(argv: readonly string[]): { datasets: string[]; repeats: number | null; rest: string[] } {
  const datasets: string[] = [];
  let repeats: number | null = null;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const [name, inline] = token.startsWith("--") && token.includes("=") ? [token.slice(0, token.indexOf("=")), token.slice(token.indexOf("=") + 1)] : [token, undefined];
    if (name !== "--dataset" && name !== "--repeats") {
      rest.push(token);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith("--")) throw new InputError(`${name} needs a value`, { hint: "e.g. --dataset gpqa,aime25 --repeats 3" });
    if (name === "--repeats") {
      repeats = Number(value);
      if (!Number.isInteger(repeats) || repeats < 1) throw new InputError(`--repeats must be a whole number ≥ 1, got '${value}'`);
    } else datasets.push(...(value.includes(":") && !value.includes("::") ? [value] : value.split(",")));
  }
  return { datasets: datasets.map((d) => d.trim()).filter(Boolean), repeats, rest };
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
    `Own flags:\n  --dataset NAMES   predefined datasets (gpqa[::gptoss], aime25[::gptoss], livecodebench[::gptoss]) or acc: specs\n` +
    `  --repeats N       passes over each dataset (default: the dataset's own, e.g. gpqa 5, aime25 8)\n\n` +
    `Data come from the local Hugging Face cache ($HF_HOME/hub) or generate_params.source=PATH.\n` +
    `LiveCodeBench runs model-written code: only with --allow-code-execution, or --lcb-service ws://HOST:13835/evaluate.\n\n` +
    `Benchmark flags (all apply):\n${renderFlagHelp(flagsFor("offline").filter((f) => f.path !== "dataset"))}`,
  async run(argv, io) {
    const { datasets, repeats, rest } = splitEvalFlags(argv);
    if (datasets.length === 0) throw new InputError("missing --dataset", { hint: "e.g. inference-endpoint eval --dataset gpqa,aime25 --endpoints http://localhost:8000 --model M" });
    const parsed = parseFlags(rest, "offline");
    rejectPositionals(parsed.positionals, "eval");
    const config = buildConfig({ command: "offline", overrides: parsed.overrides, datasets: datasets.map((d) => accuracySpec(d, repeats)), mode: "acc" });
    const [{ runBenchmark }, { accuracyLines, renderAccuracyTable }] = await Promise.all([import("../../run/run-benchmark.ts"), import("../../accuracy/index.ts")]);
    const outcome = await runBenchmark(config, { log: (line) => io.stderr(`${line}\n`), progress: io.stderr, progressEnabled: parsed.quiet !== true, isTty: parsed.quiet !== true && io.isTty }, "acc");
    io.stdout(renderAccuracyTable(outcome.accuracy));
    io.stdout(`${accuracyLines(outcome.accuracy).join("\n")}\n`);
    io.stderr(`report: ${outcome.reportDir}\n`);
    return 0;
  },
};
