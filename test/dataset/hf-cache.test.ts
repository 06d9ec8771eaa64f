/**
 * @module test/dataset/hf-cache — `hf://` addresses resolved from a hub cache laid out like
 * huggingface_hub's (refs, snapshots, blobs with symlinks), never touching the network.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_DIR } from "../../scripts/make-dataset-fixtures.ts";
import { findHfSnapshot, isHfOffline, parseHfUri } from "../../src/dataset/hf-cache.ts";
import { hfCacheDir } from "../../src/tokens/hf-cache-dir.ts";
import { loadDataset } from "../../src/dataset/load-dataset.ts";
import { loadDatasetAsync } from "../../src/dataset/load-dataset-async.ts";
import { InputError } from "../../src/errors.ts";

const home = mkdtempSync(join(tmpdir(), "hf-cache-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const MAIN = "a".repeat(40);
const V1 = "b".repeat(40);
const PARQUET = "c".repeat(40);
const repo = join(home, "hub", "datasets--acme--prompts");

/** Puts `source` into snapshot `commit` at `path`, as a symlink to a blob like huggingface_hub does. */
function cacheFile(commit: string, path: string, source: string): void {
  const blob = join(repo, "blobs", `${commit}-${path.replaceAll("/", "_")}`);
  mkdirSync(join(repo, "blobs"), { recursive: true });
  copyFileSync(source, blob);
  const target = join(repo, "snapshots", commit, path);
  mkdirSync(join(target, ".."), { recursive: true });
  symlinkSync(blob, target);
}

function ref(name: string, commit: string): void {
  mkdirSync(join(repo, "refs", name, ".."), { recursive: true });
  writeFileSync(join(repo, "refs", name), `${commit}\n`);
}

for (const shard of ["train-00000-of-00002", "train-00001-of-00002", "test-00000-of-00001"]) {
  cacheFile(MAIN, `data/${shard}.parquet`, join(FIXTURE_DIR, "hub", "data", `${shard}.parquet`));
}
writeFileSync(join(home, "v1.jsonl"), '{"prompt": "v1 a"}\n{"prompt": "v1 b"}\n');
cacheFile(V1, "prompts.jsonl", join(home, "v1.jsonl"));
cacheFile(PARQUET, "default/train/0000.parquet", join(FIXTURE_DIR, "hub", "data", "test-00000-of-00001.parquet"));
ref("main", MAIN);
ref("v1", V1);
ref("refs/convert/parquet", PARQUET);
const env = { HF_HOME: home };

describe("dataset/hf-cache", () => {
  test.each([
    ["hf://datasets/acme/prompts", { org: "acme", name: "prompts", revision: null, subpath: "" }],
    ["hf://datasets/acme/prompts@v1", { org: "acme", name: "prompts", revision: "v1", subpath: "" }],
    [
      "hf://datasets/acme/my.data-set@refs%2Fconvert%2Fparquet/default/train",
      { name: "my.data-set", revision: "refs/convert/parquet", subpath: "default/train" },
    ],
    ["hf://datasets/acme/prompts/data/", { revision: null, subpath: "data" }],
  ])("parses %p", (uri, expected) => {
    expect(parseHfUri(uri)).toMatchObject(expected);
  });

  test.each([
    "hf://models/acme/m",
    "hf://datasets/acme",
    "hf://datasets/acme/",
    "hf://datasets/acme/x@../../etc",
    "hf://datasets/acme/x/../y",
  ])("rejects %p", (uri) => {
    expect(() => parseHfUri(uri)).toThrow(InputError);
  });

  test.each([
    [{ HF_HUB_CACHE: "/c", HF_HOME: "/h" }, "/c"],
    [{ HF_HOME: "/h" }, "/h/hub"],
    [{ XDG_CACHE_HOME: "/x", HOME: "/home/u" }, "/x/huggingface/hub"],
    [{ HOME: "/home/u" }, "/home/u/.cache/huggingface/hub"],
  ])("finds the cache directory for %p", (vars, expected) => {
    expect(hfCacheDir(vars)).toBe(expected);
  });

  test.each([
    ["1", true],
    ["TRUE", true],
    ["on", true],
    ["0", false],
    ["", false],
  ])("HF_HUB_OFFLINE=%p is offline: %p", (value, expected) => {
    expect(isHfOffline({ HF_HUB_OFFLINE: value })).toBe(expected);
  });

  test.each([
    ["hf://datasets/acme/prompts", MAIN],
    ["hf://datasets/acme/prompts@main", MAIN],
    ["hf://datasets/acme/prompts@v1", V1],
    [`hf://datasets/acme/prompts@${V1}`, V1],
    ["hf://datasets/acme/prompts@refs%2Fconvert%2Fparquet", PARQUET],
  ])("resolves %p to its snapshot", (uri, commit) => {
    expect(findHfSnapshot(parseHfUri(uri), env)).toBe(join(repo, "snapshots", commit));
  });

  test("falls back to the Parquet conversion ref when there is no main", () => {
    const other = mkdtempSync(join(home, "other-"));
    const dir = join(other, "hub", "datasets--acme--converted");
    mkdirSync(join(dir, "snapshots", PARQUET), { recursive: true });
    mkdirSync(join(dir, "refs", "refs", "convert"), { recursive: true });
    writeFileSync(join(dir, "refs", "refs", "convert", "parquet"), PARQUET);
    expect(findHfSnapshot(parseHfUri("hf://datasets/acme/converted"), { HF_HOME: other })).toBe(
      join(dir, "snapshots", PARQUET),
    );
  });

  test.each([
    { uri: "hf://datasets/acme/prompts", rows: 20, first: "Explain tides (case 0)." },
    { uri: "hf://datasets/acme/prompts@v1", rows: 2, first: "v1 a" },
    { uri: "hf://datasets/acme/prompts@v1/prompts.jsonl", rows: 2, first: "v1 a" },
    { uri: `hf://datasets/acme/prompts@${V1}`, rows: 2, first: "v1 a" },
    {
      uri: "hf://datasets/acme/prompts@refs%2Fconvert%2Fparquet",
      rows: 3,
      first: "TEST SPLIT Explain tides (case 0).",
    },
  ])("loads $uri offline from the cache", ({ uri, rows, first }) => {
    const dataset = loadDataset({ path: uri }, { env: { ...env, HF_HUB_OFFLINE: "1" } });
    expect(dataset.name).toBe("prompts");
    expect(dataset.rows).toHaveLength(rows);
    expect(dataset.rows[0]?.prompt).toBe(first);
  });

  test("passes split= to the cached repository", () => {
    const dataset = loadDataset({ path: "hf://datasets/acme/prompts", split: "test" }, { env });
    expect(dataset.rows.map((row) => row.prompt)).toHaveLength(3);
    expect(dataset.rows[0]?.prompt).toStartWith("TEST SPLIT ");
  });

  test.each([
    {
      uri: "hf://datasets/acme/missing",
      env: { ...env, HF_HUB_OFFLINE: "1" },
      message: /missing is not in the local Hugging Face cache .*\(HF_HUB_OFFLINE is set, so nothing is downloaded\)$/,
    },
    {
      uri: "hf://datasets/acme/prompts@v9",
      env,
      message:
        /prompts@v9 is not in the local Hugging Face cache .*cached snapshots: aaaaaaaaaaaa, bbbbbbbbbbbb, cccccccccccc/,
    },
  ])("refuses $uri when it is not cached", ({ uri, env: vars, message }) => {
    let caught: unknown;
    try {
      loadDataset({ path: uri }, { env: vars });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).message).toMatch(message);
    expect((caught as InputError).hint).toContain("huggingface-cli download --repo-type dataset acme/");
  });

  test("never fetches with HF_HUB_OFFLINE set, even when the dataset is missing", async () => {
    const calls: string[] = [];
    const fetchSpy = async (url: string): Promise<Response> => {
      calls.push(url);
      throw new Error("network used");
    };
    const load = loadDatasetAsync(
      { path: "hf://datasets/acme/missing" },
      { env: { ...env, HF_HUB_OFFLINE: "1" }, fetch: fetchSpy },
    );
    expect(load).rejects.toThrow(/HF_HUB_OFFLINE is set/);
    await load.catch(() => undefined);
    const cached = await loadDatasetAsync({ path: "hf://datasets/acme/prompts" }, { env, fetch: fetchSpy });
    expect(cached.rows).toHaveLength(20);
    expect(calls).toEqual([]);
  });
});
