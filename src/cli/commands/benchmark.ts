/**
 * @module cli/commands/benchmark — `benchmark offline|online|from-config`: words, summary and help;
 * the run itself is run/benchmark-from-argv, loaded when the command runs.
 */
import { flagsFor, type BenchmarkCommand } from "../../config/flags.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";

const EXAMPLES: Record<BenchmarkCommand, string> = {
  offline:
    "inference-endpoint benchmark offline --endpoints http://localhost:8000 --model Qwen/Qwen3-8B --dataset datasets/dummy_1k.jsonl --duration 0",
  online:
    "inference-endpoint benchmark online --endpoints http://localhost:8000 --model " +
    "Qwen/Qwen3-8B --dataset datasets/dummy_1k.jsonl --load-pattern poisson --target-qps 100",
  "from-config": "inference-endpoint benchmark from-config -c online_template.yaml --report-dir results/run1",
};

const SUMMARIES: Record<BenchmarkCommand, string> = {
  offline: "max-throughput run: every request due at once, as many in flight as connections allow",
  online: "sustained load: Poisson arrivals at --target-qps, or a fixed --concurrency",
  "from-config": "run a benchmark described by a YAML file (flags given here override it)",
};

function benchmarkCommand(mode: BenchmarkCommand): Command {
  return {
    words: ["benchmark", mode],
    summary: SUMMARIES[mode],
    help: () =>
      `Usage: inference-endpoint benchmark ${mode} ` +
      `[flags]\n\n${SUMMARIES[mode]}.\n\nFlags:\n${renderFlagHelp(flagsFor(mode))}\nExample:\n  ` +
      `${EXAMPLES[mode]}\n`,
    async run(argv, io) {
      const { benchmarkFromArgv } = await import("../../run/benchmark-from-argv.ts");
      return benchmarkFromArgv(mode, argv, io);
    },
  };
}

export const benchmarkOfflineCommand = benchmarkCommand("offline");
export const benchmarkOnlineCommand = benchmarkCommand("online");
export const benchmarkFromConfigCommand = benchmarkCommand("from-config");
