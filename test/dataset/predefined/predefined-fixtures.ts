/**
 * @module test/dataset/predefined/predefined-fixtures — a private copy of the fake hub cache in
 * test/fixtures/predefined/hub (GPQA CSVs, AIME JSONL parts, LiveCodeBench release files) and
 * helpers to write Parquet files of string columns. Tests point HF_HOME at the copy with
 * HF_HUB_OFFLINE=1, so nothing can reach the network.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { encodeParquet } from "../../../scripts/parquet-file.ts";

const PREDEFINED_FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "predefined");
export const GPQA_SNAPSHOT = "5e1c8d2f9a3b4c6d7e8f90a1b2c3d4e5f6a7b8c9";

interface FixtureHome {
  /** The temporary HF_HOME (its `hub/` holds the copied cache). */
  home: string;
  /** Environment for the loaders: HF_HOME at the copy, offline. */
  env: Record<string, string>;
  /** An empty directory to use as upstream's dataset_cache. */
  emptyCacheDir: string;
  /** `join(home, …parts)`. */
  path(...parts: string[]): string;
  remove(): void;
}

/** Copies the fixture hub cache into a new temporary HF_HOME. */
export function makeFixtureHome(): FixtureHome {
  const home = mkdtempSync(join(tmpdir(), "predefined-"));
  cpSync(join(PREDEFINED_FIXTURES, "hub"), join(home, "hub"), { recursive: true });
  mkdirSync(join(home, "dataset_cache"));
  return {
    home,
    env: { HF_HOME: home, HF_HUB_OFFLINE: "1" },
    emptyCacheDir: join(home, "dataset_cache"),
    path: (...parts) => join(home, ...parts),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Writes a Parquet file whose columns are all strings (columns in key order of the first row). */
export function writeStringParquet(path: string, rows: ReadonlyArray<Record<string, string>>): string {
  const names = Object.keys(rows[0] ?? {});
  const columns = names.map((name) => ({ name, kind: "string" as const, values: rows.map((row) => row[name]) }));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, encodeParquet(columns));
  return path;
}
