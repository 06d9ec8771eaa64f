/** @module cli/flag-help — renders a list of flag specs as the help text's flag table. */
import type { FlagSpec } from "../config/flags.ts";

const VALUE_HINT: Record<FlagSpec["kind"], string> = {
  string: "TEXT",
  number: "N",
  integer: "N",
  boolean: "",
  list: "A[,B…]",
  duration: "DURATION",
  enum: "",
};

function label(spec: FlagSpec): string {
  const names = [spec.flag, ...spec.aliases].join(", ");
  // A list is split at commas only where the parser splits it (config/flag-values); otherwise it takes one item per
  // flag, repeated (`--header`, `--model-latency NAME=ttft:…,tpot:…`), and its value may hold commas.
  const hint = spec.kind === "list" && !spec.commaSeparated ? "TEXT" : VALUE_HINT[spec.kind];
  const value = spec.kind === "enum" && spec.choices ? spec.choices.join("|") : hint;
  return value ? `${names} ${value}` : names;
}

export function renderFlagHelp(specs: readonly FlagSpec[]): string {
  const labels = specs.map(label);
  const width = Math.min(48, Math.max(...labels.map((l) => l.length)));
  return specs
    .map((spec, i) => {
      const text = (labels[i] as string).padEnd(width);
      const tail = spec.defaultText !== undefined ? ` (default: ${spec.defaultText})` : "";
      const gap = (labels[i] as string).length > width ? `\n${" ".repeat(width + 4)}` : "  ";
      return `  ${text}${gap}${spec.description}${tail}`;
    })
    .join("\n")
    .concat("\n");
}
