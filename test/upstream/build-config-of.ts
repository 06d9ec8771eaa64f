/** @module test/upstream/build-config-of — upstream's model constructors as ours: a YAML object through buildConfig, and the problems it refuses it with. */
import { buildConfig } from "../../src/config/build-config.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import type { TestMode } from "../../src/config/flags.ts";
import type { BenchmarkConfig } from "../../src/config/schema/schema.ts";

/** The config `from-config` builds from `yaml` (upstream: `BenchmarkConfig(**yaml)`). */
export function build(yaml: Record<string, unknown>, mode?: TestMode): BenchmarkConfig {
  return buildConfig({ command: "from-config", yaml, overrides: {}, ...(mode ? { mode } : {}) });
}

/** Each problem `yaml` is refused with, as `path: message`; [] when it builds. */
export function problems(yaml: Record<string, unknown>, mode?: TestMode): string[] {
  try {
    build(yaml, mode);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}
