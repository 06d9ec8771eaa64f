import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDataset } from "../../src/dataset/load-dataset.ts";
import { BenchmarkError } from "../../src/errors.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-reader-fuzz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURES = join(import.meta.dir, "..", "fixtures", "datasets");

/** Loads `bytes` as a file with extension `ext`: "ok" (rows with prompts) or "typed" (a BenchmarkError); anything else fails the test. */
function outcome(bytes: Uint8Array, ext: string, n: number): string {
  const path = join(dir, `f${n}${ext}`);
  writeFileSync(path, bytes);
  try {
    const dataset = loadDataset({ path });
    return dataset.rows.length > 0 ? "ok" : "empty-ok";
  } catch (error) {
    return error instanceof BenchmarkError
      ? "typed"
      : `crash: ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`;
  } finally {
    rmSync(path, { force: true });
  }
}

/** `source` with `flips` random bytes overwritten and maybe truncated: the nasty cases for a parser. */
function mutate(source: Uint8Array, rng: PythonRandom): Uint8Array {
  const out = source.slice(0, rng.random() < 0.3 ? rng.randbelow(source.length + 1) : source.length);
  const flips = 1 + rng.randbelow(8);
  for (let i = 0; i < flips && out.length > 0; i++) out[rng.randbelow(out.length)] = rng.randbelow(256);
  return out;
}

const SEED_FILES: [string, string][] = [
  [".jsonl", "prompts.jsonl"],
  [".json", "prompts.records.json"],
  [".csv", "prompts.csv"],
  [".parquet", "prompts.snappy.parquet"],
  [".parquet", "prompts.zstd.parquet"],
];
const SEEDS = SEED_FILES.map(([ext, file]) => [ext, new Uint8Array(readFileSync(join(FIXTURES, file)))] as const);

describe("dataset readers under random input", () => {
  test.each([".jsonl", ".json", ".csv", ".parquet"])(
    "%s: random bytes give a typed error, never a crash or a hang",
    (ext) => {
      const rng = new PythonRandom(ext.length);
      for (let i = 0; i < 150; i++) {
        const result = outcome(rng.randbytes(rng.randbelow(400)), ext, i);
        expect(result.startsWith("crash")).toBe(false);
      }
    },
  );

  test.each(SEEDS)("%s: a valid file with random corruption parses or fails typed", (ext, source) => {
    const rng = new PythonRandom(7 + ext.length);
    const seen = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const result = outcome(mutate(source, rng), ext, i);
      expect(result.startsWith("crash") ? result : "fine").toBe("fine");
      seen.add(result);
    }
    expect(seen.has("typed")).toBe(true);
  });
});
