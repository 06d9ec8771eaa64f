/**
 * @module test/layers.test — src/'s folders import downwards only: each folder may import the folders below it in LAYERS, never those above.
 *
 * The order is the data's: a command drives a run, a run prepares its workload and the
 * workers send it, the report reads the metrics computed from the records, and configuration,
 * datasets and the clock sit underneath (CONTRIBUTING, Layout). Type-only imports do not count:
 * they vanish at run time. The imports that still go upwards are listed, file by file, as the
 * debt they are; a new one fails here, and removing one means deleting its line.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = join(import.meta.dir, "..", "src");

/** Top to bottom; "." is src/'s own files (main.ts, errors.ts, version.ts). */
const LAYERS = [
  "cli",
  "import",
  "sweep",
  "compare",
  "doctor",
  "run",
  "dashboard",
  "live-metrics",
  "workload",
  "worker",
  "report",
  "server-metrics",
  "server",
  "profiling",
  "accuracy",
  "client",
  "ipc",
  "metrics",
  "record",
  "config",
  "mlperf",
  "plan",
  "load-pattern",
  "dataset",
  "tokens",
  "tuning",
  "clock",
  "rng",
  ".",
];

/**
 * Upward imports that exist today (importer → imported, under src/). Validation refuses a scorer
 * or extractor that cannot work before the first request, so the config rules ask accuracy's
 * registries; accuracy reads config values in turn.
 */
const KNOWN_UPWARD = new Set([
  "config/rules/datasets.ts → accuracy/scoring-setup.ts",
  "config/rules/config-warnings.ts → accuracy/scoring-setup.ts",
]);

const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join(SRC, f));
const layerOf = (file: string) =>
  relative(SRC, file).includes("/") ? (relative(SRC, file).split("/")[0] as string) : ".";

/** Every runtime import from one src/ file to another, as "importer → imported". */
function runtimeImports(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  for (const file of sources) {
    for (const m of readFileSync(file, "utf8").matchAll(
      /^(?:import|export)\s+(type\s+)?[^;]*?from\s+["'](\.[^"']+)["']/gm,
    )) {
      if (m[1]) continue;
      const target = resolve(dirname(file), m[2] as string);
      if (target.startsWith(SRC)) found.push({ from: file, to: target });
    }
  }
  return found;
}

describe("layers", () => {
  test("every folder of src/ has its place in the order", () => {
    expect([...new Set(sources.map(layerOf))].filter((layer) => !LAYERS.includes(layer))).toEqual([]);
  });

  test("imports go downwards, but for the known ones (which still exist)", () => {
    const imports = runtimeImports();
    expect(imports.length).toBeGreaterThan(500);
    const upward = imports
      .filter(({ from, to }) => LAYERS.indexOf(layerOf(from)) > LAYERS.indexOf(layerOf(to)))
      .map(({ from, to }) => `${relative(SRC, from)} → ${relative(SRC, to)}`);
    expect(upward.filter((edge) => !KNOWN_UPWARD.has(edge))).toEqual([]);
    expect([...KNOWN_UPWARD].filter((edge) => !upward.includes(edge))).toEqual([]);
  });
});
