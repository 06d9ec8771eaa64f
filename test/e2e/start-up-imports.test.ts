/**
 * @module test/e2e/start-up-imports.test — what a benchmark's start-up does not evaluate: the yaml package (only a YAML
 * config or the rare config.yaml fallback needs it), the image encoders (only a random dataset with images=) and the
 * result summary's schemas (only once the report is written).
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";

const SRC = join(import.meta.dir, "..", "..", "src");

/** The modules loaded after importing `entries` in a fresh process. */
async function loadedModules(entries: string[]): Promise<string[]> {
  const script = `${entries.map((e) => `await import(${JSON.stringify(join(SRC, e))});`).join("\n")}\nconsole.log(JSON.stringify(Object.keys(require.cache)));`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  expect(err).toBe("");
  expect(code).toBe(0);
  return JSON.parse(out) as string[];
}

describe("benchmark start-up imports", () => {
  test("the CLI, the benchmark command and the run load no yaml package", async () => {
    const modules = await loadedModules(["cli/run-cli.ts", "cli/commands/benchmark.ts", "run/run-benchmark.ts"]);
    expect(modules.some((m) => m.includes("/src/run/run-benchmark.ts"))).toBe(true);
    expect(modules.filter((m) => m.includes("node_modules/yaml/"))).toEqual([]);
  });

  test("nor the image encoders or the result summary's schemas, which a run without images or before its report never uses", async () => {
    const modules = await loadedModules(["cli/run-cli.ts", "run/benchmark-from-argv.ts", "run/run-benchmark.ts"]);
    expect(modules.some((m) => m.includes("/src/config/rules/synthetic-images.ts"))).toBe(true);
    expect(
      modules.filter((m) => m.includes("/src/dataset/image/") || m.endsWith("/src/report/result-summary.ts")),
    ).toEqual([]);
  });
});
