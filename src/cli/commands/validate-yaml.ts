/** @module cli/commands/validate-yaml — `inference-endpoint validate-yaml -c FILE`: check a config without running it. */
import { buildConfig } from "../../config/build-config.ts";
import { configWarnings, pinnedSeedsLine } from "../../config/config-warnings.ts";
import { resolveTestMode } from "../../config/rule-context.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { withoutVerbosity } from "../verbosity.ts";

export const validateYamlCommand: Command = {
  words: ["validate-yaml"],
  summary: "parse and validate a YAML config; lists every problem at once",
  help: () => "Usage: inference-endpoint validate-yaml -c FILE\n\nExits 0 when the config is valid, 2 with every problem listed when it is not.\n",
  async run(given, io) {
    const argv = withoutVerbosity(given);
    const flagIndex = argv.findIndex((a) => a === "-c" || a === "--config");
    const path = flagIndex >= 0 ? argv[flagIndex + 1] : argv.find((a) => a.startsWith("--config="))?.slice("--config=".length);
    if (!path) throw new InputError("missing -c FILE", { hint: "e.g. inference-endpoint validate-yaml -c online_template.yaml" });
    const extra = argv.filter((a, i) => i !== flagIndex && i !== flagIndex + 1 && !a.startsWith("--config="));
    if (extra.length > 0) throw new InputError(`unexpected argument '${extra[0]}'`, { hint: "validate-yaml takes only -c FILE" });
    const { loadYamlConfig } = await import("../../config/load-yaml.ts");
    const config = buildConfig({ command: "from-config", yaml: loadYamlConfig(path), overrides: {}, source: path });
    const datasets = config.datasets.map((d) => `${d.name} (${d.type})`).join(", ");
    io.stdout(`Config valid: ${config.name}\ntype: ${config.type}\ndatasets: ${config.datasets.length}${datasets ? ` — ${datasets}` : ""}\n`);
    if (config.submission_ref) io.stdout(`submission: ${config.submission_ref.model} / ${config.submission_ref.ruleset}\n`);
    const seeds = pinnedSeedsLine(config);
    if (seeds) io.stdout(`${seeds}\n`);
    for (const warning of configWarnings(config, resolveTestMode(config.type))) io.stderr(`warning: ${warning}\n`);
    return 0;
  },
};
