/**
 * @module cli/commands/sweep — `inference-endpoint sweep`: words, summary and help; the sweep itself
 * is sweep/sweep-from-argv, loaded when the command runs: one full run per step, with the flags
 * (and YAML, `-c FILE`) of `benchmark online`, then sweep.json and sweep.html.
 *
 * `--rates A,B,C` or `--concurrencies A,B,C`; `--sweep auto` (concurrency 1, max throughput, then
 * `--sweep-steps` rates between); `--find max-goodput --slo ttft:200ms[,p=99]` (the highest rate
 * whose attainment reaches p %, to `--precision`, in at most `--max-steps` rates). Each step is a
 * directory of its own under `--report-dir` (default `sweep_<time>`).
 */
import { SWEEP_FLAGS } from "../../sweep/sweep-flags.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";

export const sweepCommand: Command = {
  words: ["sweep"],
  summary:
    "one run per rate or concurrency, or a search for the highest rate that meets an SLO; sweep.json and sweep.html",
  help: () =>
    `Usage: inference-endpoint sweep [flags]\n\nEvery flag of \`benchmark online\` applies to ` +
    `each step (see its --help); -c FILE reads a YAML config.\n\nSweep ` +
    `flags:\n${renderFlagHelp(SWEEP_FLAGS)}\nExamples:\n  inference-endpoint sweep --endpoints ` +
    `http://localhost:8000 --model m --dataset prompts.jsonl --duration 60s --rates 10,20,40\n ` +
    ` inference-endpoint sweep --endpoints http://localhost:8000 --model m --dataset ` +
    `prompts.jsonl --duration 60s --find max-goodput --slo ttft:500ms,p=99\n  inference-endpoint sweep ` +
    `--endpoints http://localhost:8000 --model m --duration 60s --concurrencies 1,4,16,64 --isl-osl ` +
    `1024/128,8192/1024 --gpus 8   (a grid, resumable; then: report pareto DIR…)\n`,
  async run(argv, io) {
    const { sweepFromArgv } = await import("../../sweep/sweep-from-argv.ts");
    return sweepFromArgv(argv, io);
  },
};
