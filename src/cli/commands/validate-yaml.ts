/** @module cli/commands/validate-yaml — `inference-endpoint validate-yaml -c FILE`: check a config without running it. */
import { buildConfig } from "../../config/build-config.ts";
import { configWarnings, pinnedSeedsLine } from "../../config/rules/config-warnings.ts";
import { resolveTestMode } from "../../config/rules/rule-context.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { withoutVerbosity } from "../verbosity.ts";

export const validateYamlCommand: Command = {
  words: ["validate-yaml"],
  summary: "parse and validate a YAML config; lists every problem at once",
  help: () =>
    "Usage: inference-endpoint validate-yaml -c FILE   (or: validate-yaml FILE)\n\nExits 0 " +
    "when the config is valid, 2 with every problem listed when it is not.\n",
  async run(given, io) {
    const argv = withoutVerbosity(given);
    const flagIndex = argv.findIndex((a) => a === "-c" || a === "--config");
    const flagged =
      flagIndex >= 0 ? argv[flagIndex + 1] : argv.find((a) => a.startsWith("--config="))?.slice("--config=".length);
    const rest = argv.filter(
      (a, i) => (flagIndex < 0 || (i !== flagIndex && i !== flagIndex + 1)) && !a.startsWith("--config="),
    );
    // A lone file name without -c is what was meant (`validate-yaml FILE`); upstream needs the flag.
    const path = flagged ?? (rest.length === 1 && !rest[0]?.startsWith("-") ? rest.shift() : undefined);
    if (!path)
      throw new InputError(rest.length > 0 ? `unexpected argument '${rest[0]}'` : "missing -c FILE", {
        hint: "e.g. inference-endpoint validate-yaml -c online_template.yaml",
      });
    if (rest.length > 0)
      throw new InputError(`unexpected argument '${rest[0]}'`, {
        hint: "validate-yaml takes one file: -c FILE (or FILE alone)",
      });
    const { loadYamlConfig } = await import("../../config/load-yaml.ts");
    const config = buildConfig({ command: "from-config", yaml: loadYamlConfig(path), overrides: {}, source: path });
    const datasets = config.datasets.map((d) => `${d.name} (${d.type})`).join(", ");
    io.stdout(
      `Config valid: ${config.name}\ntype: ${config.type}\ndatasets: ${config.datasets.length}${datasets ? ` — ${datasets}` : ""}\n`,
    );
    if (config.submission_ref)
      io.stdout(`submission: ${config.submission_ref.model} / ${config.submission_ref.ruleset}\n`);
    const seeds = pinnedSeedsLine(config);
    if (seeds) io.stdout(`${seeds}\n`);
    for (const warning of configWarnings(config, resolveTestMode(config))) io.stderr(`warning: ${warning}\n`);
    return 0;
  },
};
