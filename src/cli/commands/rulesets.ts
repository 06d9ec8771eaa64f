/** @module cli/commands/rulesets — `inference-endpoint rulesets`: the MLPerf rulesets `submission_ref` may name, with what each asks. */
import type { ModelRule } from "../../mlperf/ruleset-models.ts";
import { RULESETS } from "../../mlperf/rulesets.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { withoutVerbosity } from "../verbosity.ts";

function capsText(rule: ModelRule): string {
  return Object.entries(rule.caps)
    .map(([priority, caps]) =>
      caps && caps.ttftMs !== null
        ? `${priority} TTFT ≤ ${caps.ttftMs} ms, TPOT ≤ ${caps.tpotMs} ms`
        : `${priority} (no latency caps)`,
    )
    .join("; ");
}

function modelLine(name: string, rule: ModelRule): string {
  const duration = rule.minDurationMs > 0 ? `≥ ${rule.minDurationMs / 1000} s` : "no minimum duration";
  return `    ${name}: ${duration}, ≥ ${rule.minSampleCount} queries, dataset ${rule.datasetSize}; ${capsText(rule)}`;
}

export const rulesetsCommand: Command = {
  words: ["rulesets"],
  summary: "list the MLPerf rulesets submission_ref (or --ruleset) may name, their seeds and models",
  help: () =>
    "Usage: inference-endpoint rulesets\n\nLists each ruleset with its round, RNG seeds and, " +
    "per model, the minimum duration and query count and the latency caps a run's verdict " +
    "checks.\n",
  async run(given, io) {
    const argv = withoutVerbosity(given);
    if (argv.length > 0) throw new InputError(`rulesets takes no arguments (got ${argv[0]})`);
    const lines: string[] = [];
    for (const [name, ruleset] of RULESETS) {
      lines.push(
        `${name} (round ${ruleset.version}): scheduler seed ${ruleset.schedulerSeed}, sample-index seed ${ruleset.sampleIndexSeed}`,
      );
      for (const [model, rule] of ruleset.models) lines.push(modelLine(model, rule));
    }
    io.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
