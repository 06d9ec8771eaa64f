/**
 * @module config/upstream/config-dump — a resolved config as upstream serialises it: the report's
 * config.yaml and the run config kept for the reports. Pure.
 *
 * Upstream's load pattern drops `use_legacy_loadgen_qps_metrics` from its serialised form unless
 * the pattern is Poisson (the only one it applies to), so its config.yaml and templates carry the
 * switch for Poisson alone; ours follow, on top of leaving out nulls (upstream's `exclude_none`),
 * secrets and our own fields at their defaults.
 */
import type { BenchmarkConfig } from "../schema/schema.ts";
import { isPlainObject } from "../object-path.ts";
import { redactSecrets } from "../redact.ts";
import { toYamlText } from "../yaml-text.ts";
import { withoutOwnDefaults } from "./own-fields.ts";

interface LoadPatternFields {
  type: string;
  use_legacy_loadgen_qps_metrics?: boolean;
}

/** `pattern` as upstream serialises it: the legacy-QPS switch for Poisson only. */
export function loadPatternDump<P extends LoadPatternFields>(pattern: P): Omit<P, "use_legacy_loadgen_qps_metrics"> {
  if (pattern.type === "poisson") return { ...pattern };
  const { use_legacy_loadgen_qps_metrics: _poissonOnly, ...rest } = pattern;
  return rest;
}

/** The text of the report's config.yaml: redacted, without our own defaults, serialised as upstream's. */
export function configYamlText(config: BenchmarkConfig): string {
  const plain = withoutOwnDefaults(redactSecrets(config));
  if (isPlainObject(plain) && isPlainObject(plain.settings) && isPlainObject(plain.settings.load_pattern))
    plain.settings.load_pattern = loadPatternDump(plain.settings.load_pattern as unknown as LoadPatternFields);
  return toYamlText(plain);
}
