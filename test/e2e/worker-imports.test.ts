/** @module test/e2e/worker-imports.test — the worker's import graph stays small: no CLI, config or report packages. */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WORKER_ENTRY = join(import.meta.dir, "..", "..", "workers", "http-worker.ts");
/** The only package a worker needs: its IPC frames. */
const ALLOWED_PACKAGES = ["msgpackr"];

async function workerInputs(): Promise<string[]> {
  const outdir = mkdtempSync(join(tmpdir(), "ie-worker-graph-"));
  try {
    const result = await Bun.build({ entrypoints: [WORKER_ENTRY], target: "bun", metafile: true, outdir });
    expect(result.success).toBe(true);
    return Object.keys(result.metafile?.inputs ?? {});
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe("workers/http-worker imports", () => {
  test("load no package but msgpackr (a worker loads its whole import graph at start-up)", async () => {
    const inputs = await workerInputs();
    const packages = new Set(
      inputs
        .filter((f) => f.includes("node_modules/"))
        .map((f) => (f.split("node_modules/")[1] as string).split("/")[0]),
    );
    expect([...packages].sort()).toEqual(ALLOWED_PACKAGES);
    // Nothing of the CLI, config parsing or reports either.
    expect(inputs.filter((f) => /\/src\/(cli|report|config\/(?!redact|object-path))/.test(f))).toEqual([]);
  });
});
