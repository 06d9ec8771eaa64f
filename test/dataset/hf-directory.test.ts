/** @module test/dataset/hf-directory — picking the config, split and shards of a hub-style directory. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { findHfDataFiles, splitOfName, type HfSelection } from "../../src/dataset/hf-directory.ts";
import { InputError } from "../../src/errors.ts";

const base = mkdtempSync(join(tmpdir(), "hf-directory-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let counter = 0;
/** A fresh directory holding empty files at `paths` (only names matter here). */
function layout(paths: string[]): string {
  const root = join(base, `case-${counter++}`);
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), "");
  }
  return root;
}

interface LayoutCase {
  title: string;
  paths: string[];
  selection?: HfSelection;
  config: string;
  split: string;
  files: string[];
}

describe("dataset/hf-directory", () => {
  test.each([
    ["train-00000-of-00002", "train"],
    ["validation-00003-of-00010", "validation"],
    ["0000", ""],
    ["part-0", "part"],
    ["train", "train"],
    ["train_2", "train"],
    ["squad_v2", "squad_v2"],
  ])("splitOfName(%p) is %p", (stem, split) => {
    expect(splitOfName(stem)).toBe(split);
  });

  test.each<LayoutCase>([
    {
      title: "data/ shards, train by default, in name order",
      paths: [
        "data/train-00001-of-00002.parquet",
        "data/test-00000-of-00001.parquet",
        "data/train-00000-of-00002.parquet",
        "README.md",
      ],
      config: "default",
      split: "train",
      files: ["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"],
    },
    {
      title: "an explicit split",
      paths: ["data/train-00000-of-00001.parquet", "data/test-00000-of-00001.parquet"],
      selection: { split: "test" },
      config: "default",
      split: "test",
      files: ["data/test-00000-of-00001.parquet"],
    },
    {
      title: "test when there is no train split",
      paths: ["data/validation-00000-of-00001.parquet", "data/test-00000-of-00001.parquet"],
      config: "default",
      split: "test",
      files: ["data/test-00000-of-00001.parquet"],
    },
    {
      title: "the first split by name when there is neither train nor test",
      paths: ["data/validation-00000-of-00001.parquet", "data/dev-00000-of-00001.parquet"],
      config: "default",
      split: "dev",
      files: ["data/dev-00000-of-00001.parquet"],
    },
    {
      title: "the Parquet conversion layout <config>/<split>/NNNN.parquet",
      paths: [
        "main/train/0001.parquet",
        "main/train/0000.parquet",
        "main/test/0000.parquet",
        "socratic/train/0000.parquet",
      ],
      selection: { config: "main" },
      config: "main",
      split: "train",
      files: ["main/train/0000.parquet", "main/train/0001.parquet"],
    },
    {
      title: "partial-<split> directories",
      paths: ["default/partial-train/0000.parquet"],
      config: "default",
      split: "train",
      files: ["default/partial-train/0000.parquet"],
    },
    {
      title: "one directory per config with named shards",
      paths: ["cola/train-00000-of-00001.parquet", "sst2/train-00000-of-00001.parquet"],
      selection: { config: "sst2" },
      config: "sst2",
      split: "train",
      files: ["sst2/train-00000-of-00001.parquet"],
    },
    {
      title: "the only config without config=",
      paths: ["diamond/train-00000-of-00001.parquet"],
      config: "diamond",
      split: "train",
      files: ["diamond/train-00000-of-00001.parquet"],
    },
    {
      title: "parquet files directly, numbered",
      paths: ["part-0.parquet", "part-1.parquet"],
      config: "default",
      split: "part",
      files: ["part-0.parquet", "part-1.parquet"],
    },
    {
      title: "a split directory itself",
      paths: ["0000.parquet", "0001.parquet"],
      config: "default",
      split: "",
      files: ["0000.parquet", "0001.parquet"],
    },
    {
      title: "JSONL data files when there is no Parquet, skipping metadata JSON",
      paths: ["data/train.jsonl", "data/test.jsonl", "dataset_infos.json"],
      config: "default",
      split: "train",
      files: ["data/train.jsonl"],
    },
    {
      title: "Parquet over JSONL in the same split",
      paths: ["data/train.jsonl", "data/train-00000-of-00001.parquet"],
      config: "default",
      split: "train",
      files: ["data/train-00000-of-00001.parquet"],
    },
  ])("finds $title", ({ paths, selection, config, split, files }) => {
    const root = layout(paths);
    const found = findHfDataFiles(root, selection);
    expect({ config: found.config, split: found.split }).toEqual({ config, split });
    expect(found.files.map((file) => relative(root, file))).toEqual(files);
  });

  test.each<{ title: string; paths: string[]; selection: HfSelection; message: RegExp; hint: RegExp }>([
    {
      title: "an unknown split",
      paths: ["data/train-00000-of-00001.parquet"],
      selection: { split: "dev" },
      message: /no split 'dev' \(splits: train\)/,
      hint: /split=train/,
    },
    {
      title: "an unknown config",
      paths: ["a/train/0000.parquet", "b/train/0000.parquet"],
      selection: { config: "c" },
      message: /no config 'c' \(configs: a, b\)/,
      hint: /config=a/,
    },
    {
      title: "several configs and none chosen",
      paths: ["a/train/0000.parquet", "b/train/0000.parquet"],
      selection: {},
      message: /holds several configs: a, b$/,
      hint: /config=a/,
    },
  ])("rejects $title", ({ paths, selection, message, hint }) => {
    const root = layout(paths);
    let caught: unknown;
    try {
      findHfDataFiles(root, selection);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).message).toMatch(message);
    expect((caught as InputError).message.startsWith(root)).toBe(true);
    expect((caught as InputError).hint ?? "").toMatch(hint);
  });
});
