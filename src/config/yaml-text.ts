/**
 * @module config/yaml-text — a resolved config as YAML text for the report's `config.yaml`.
 *
 * Split from config/redact so that workers, which redact error bodies, never load the `yaml`
 * package (~290 KB of JavaScript). Bun's own writer does the common case; the package, needed
 * only for the rare fallback, is loaded when that fallback runs, so evaluating it is not part of
 * a compiled benchmark's start-up, before the worker is spawned.
 */
import { isPlainObject } from "./object-path.ts";

/** A copy without null or undefined mapping values (upstream's `exclude_none`). */
export function withoutNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNulls);
  if (isPlainObject(node)) {
    const entries = Object.entries(node).filter(([, child]) => child !== null && child !== undefined);
    return Object.fromEntries(entries.map(([key, child]) => [key, withoutNulls(child)]));
  }
  return node;
}

/**
 * Strings a YAML 1.1 reader (PyYAML) resolves to something else — sexagesimal or underscored
 * numbers, binary ints, dates, merge and value keys — that Bun.YAML.stringify, a YAML 1.2
 * writer, may leave unquoted. (It does quote 1.1 booleans such as `on`, `no` and `y`.)
 */
const YAML11_LOOKALIKE =
  /^(?:[-+]?(?:0b[01_]*|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9][0-9_]*_[0-9_]*(?:\.[0-9_]*)?)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt \t].*)?|=|<<)$/;

/** Whether Bun's writer could get `node` wrong: a YAML 1.1 lookalike, or a bigint (it cannot write one). */
function needsPackageWriter(node: unknown): boolean {
  if (typeof node === "bigint") return true;
  if (typeof node === "string") return YAML11_LOOKALIKE.test(node);
  if (Array.isArray(node)) return node.some(needsPackageWriter);
  if (isPlainObject(node))
    return Object.entries(node).some(([key, child]) => YAML11_LOOKALIKE.test(key) || needsPackageWriter(child));
  return false;
}

/**
 * YAML text of a resolved config, leaving out null fields (upstream's `exclude_none`), quoted
 * so that YAML 1.1 readers (PyYAML) read back the same values: `streaming: "on"` stays a string.
 * For the report's config.yaml call `toYamlText(redactSecrets(config))`. Bun's native writer is
 * far quicker than the `yaml` package's first call on a cold start, so the package is only the
 * fallback for configs holding a string Bun's writer might leave ambiguous.
 * (Bun.YAML is Bun's own; a Bun without it fails every CLI test at once, not silently.)
 */
export function toYamlText(config: unknown): string {
  const plain = withoutNulls(config);
  // The rare fallback (64-bit ruleset seeds, 1.1 lookalikes) double-quotes every string and key: even the `yaml` package writes a `<<` key bare.
  if (needsPackageWriter(plain)) {
    const { stringify } = require("yaml") as typeof import("yaml");
    return stringify(plain, { lineWidth: 0, version: "1.1", defaultStringType: "QUOTE_DOUBLE" });
  }
  return `${Bun.YAML.stringify(plain, null, 2)}\n`;
}
