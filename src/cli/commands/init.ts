/** @module cli/commands/init — `inference-endpoint init offline|online|concurrency`: write a YAML template. */
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { InputError, SetupError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { withoutVerbosity } from "../verbosity.ts";

// The names of config/templates (not imported: it loads the yaml package, which only writing needs).
const TEMPLATES = ["offline", "online", "concurrency", "eval", "submission"] as const;
type TemplateName = (typeof TEMPLATES)[number];

/** The template name may also be given as upstream's `--template NAME` (or `--template=NAME`). */
function templateWords(argv: readonly string[]): string[] {
  const at = argv.findIndex((a) => a === "--template" || a.startsWith("--template="));
  if (at < 0) return [...argv];
  const flag = argv[at] as string;
  if (flag !== "--template") return [flag.slice("--template=".length), ...argv.filter((_, i) => i !== at)];
  const value = argv[at + 1];
  if (value === undefined || value.startsWith("-"))
    throw new InputError("--template needs a value", { hint: `choose one of: ${TEMPLATES.join(", ")}` });
  return [value, ...argv.filter((_, i) => i !== at && i !== at + 1)];
}

export const initCommand: Command = {
  words: ["init"],
  summary: "write a config template (offline | online | concurrency | eval | submission) into the current directory",
  help: () =>
    `Usage: inference-endpoint init [--template] ` +
    `offline|online|concurrency|eval|submission\n\nWrites ./<name>_template.yaml. Edit the ` +
    `model, endpoint and dataset, then run\n  inference-endpoint benchmark from-config -c ` +
    `<name>_template.yaml\n`,
  async run(given, io) {
    const argv = templateWords(withoutVerbosity(given));
    const name = argv[0];
    if (!name || !TEMPLATES.includes(name as TemplateName)) {
      throw new InputError(name ? `unknown template '${name}'` : "missing template name", {
        hint: `choose one of: ${TEMPLATES.join(", ")}`,
      });
    }
    if (argv.length > 1) throw new InputError(`init takes one template name (got extra '${argv[1]}')`);
    const path = resolve(`${name}_template.yaml`);
    if (existsSync(path)) io.stderr(`warning: overwriting ${path}\n`);
    const { renderTemplate } = await import("../../config/templates.ts");
    try {
      writeFileSync(path, renderTemplate(name as TemplateName));
    } catch (error) {
      throw new SetupError(`cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    io.stdout(`${path}\n`);
    return 0;
  },
};
