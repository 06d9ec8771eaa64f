/**
 * @module test/dataset/hf-download — downloading a dataset's Parquet conversion into the hub
 * cache, against a local server that mimics the hub's two endpoints (no internet).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_DIR } from "../../scripts/make-dataset-fixtures.ts";
import { parseHfUri } from "../../src/dataset/hf-cache.ts";
import { downloadHfParquet, type FetchLike } from "../../src/dataset/hf-download.ts";
import { loadDataset } from "../../src/dataset/load-dataset.ts";
import { loadDatasetAsync } from "../../src/dataset/load-dataset-async.ts";
import { InputError, SetupError } from "../../src/errors.ts";

const COMMIT = "d".repeat(40);
const TOKEN = "hf_test_token";
const shard = (name: string) => readFileSync(join(FIXTURE_DIR, "hub", "data", `${name}.parquet`));
const FILES: Record<string, Uint8Array> = {
  "default/train/0000.parquet": shard("train-00000-of-00002"),
  "default/train/0001.parquet": shard("train-00001-of-00002"),
  "default/test/0000.parquet": shard("test-00000-of-00001"),
};

const requests: Array<{ path: string; auth: string | null }> = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const url = new URL(request.url);
    requests.push({ path: url.pathname, auth: request.headers.get("authorization") });
    const match = /^\/api\/datasets\/acme\/(\w+)\/parquet(?:\/(\w+)\/(\w+)(?:\/(\d+)\.parquet)?)?$/.exec(url.pathname);
    const resolved = /^\/datasets\/acme\/(\w+)\/resolve\/refs%2Fconvert%2Fparquet\/(.+)$/.exec(url.pathname);
    const [, name, config, split, index] = match ?? [];
    const dataset = name ?? resolved?.[1];
    if (dataset === "gated" && request.headers.get("authorization") !== `Bearer ${TOKEN}`)
      return new Response("no", { status: 401 });
    if (!["remote", "gated", "nocommit", "flaky"].includes(dataset ?? ""))
      return new Response("not found", { status: 404 });
    const fileUrl = (c: string, s: string, i: number) =>
      `${url.origin}/api/datasets/acme/${dataset}/parquet/${c}/${s}/${i}.parquet`;
    if (match && index !== undefined) {
      if (dataset === "flaky" && index === "1") return new Response("boom", { status: 500 });
      const location = `/datasets/acme/${dataset}/resolve/refs%2Fconvert%2Fparquet/${config}/${split}/${index.padStart(4, "0")}.parquet`;
      return new Response(null, { status: 302, headers: { location } });
    }
    if (resolved) {
      const body = FILES[resolved[2] ?? ""];
      if (!body) return new Response("missing", { status: 404 });
      return new Response(body, { headers: dataset === "nocommit" ? {} : { "x-repo-commit": COMMIT } });
    }
    const splits = {
      train: [fileUrl("default", "train", 0), fileUrl("default", "train", 1)],
      test: [fileUrl("default", "test", 0)],
    };
    if (config === undefined) return Response.json({ default: splits, other: { train: [] } });
    return Response.json(config === "default" ? (splits[split as "train" | "test"] ?? []) : []);
  },
});
afterAll(() => server.stop(true));

const home = mkdtempSync(join(tmpdir(), "hf-download-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
let counter = 0;
function freshEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { HF_HOME: join(home, `home-${counter++}`), HF_ENDPOINT: `http://127.0.0.1:${server.port}/`, ...extra };
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("dataset/hf-download", () => {
  test("downloads the default config's train split into the cache layout, then loads offline", async () => {
    const env = freshEnv();
    requests.length = 0;
    const dataset = await loadDatasetAsync({ path: "hf://datasets/acme/remote" }, { env });
    expect(dataset.rows.map((row) => row.prompt)).toEqual(
      loadDataset({ path: join(FIXTURE_DIR, "prompts.jsonl") }).rows.map((row) => row.prompt),
    );
    expect(requests.map((r) => r.path)).toEqual([
      "/api/datasets/acme/remote/parquet",
      "/api/datasets/acme/remote/parquet/default/train/0.parquet",
      "/datasets/acme/remote/resolve/refs%2Fconvert%2Fparquet/default/train/0000.parquet",
      "/api/datasets/acme/remote/parquet/default/train/1.parquet",
      "/datasets/acme/remote/resolve/refs%2Fconvert%2Fparquet/default/train/0001.parquet",
    ]);
    const repo = join(env.HF_HOME as string, "hub", "datasets--acme--remote");
    expect(readFileSync(join(repo, "refs", "refs", "convert", "parquet"), "utf8")).toBe(COMMIT);
    expect(readFileSync(join(repo, "snapshots", COMMIT, "default", "train", "0001.parquet"))).toEqual(
      Buffer.from(FILES["default/train/0001.parquet"] as Uint8Array),
    );
    requests.length = 0;
    const again = await loadDatasetAsync(
      { path: "hf://datasets/acme/remote" },
      { env: { ...env, HF_HUB_OFFLINE: "1" } },
    );
    expect(again.rows).toHaveLength(20);
    expect(requests).toEqual([]);
  });

  test("asks for one config and split directly when both are given", async () => {
    const env = freshEnv();
    requests.length = 0;
    const dataset = await loadDatasetAsync(
      { path: "hf://datasets/acme/remote", config: "default", split: "test" },
      { env },
    );
    expect(dataset.rows).toHaveLength(3);
    expect(requests[0]?.path).toBe("/api/datasets/acme/remote/parquet/default/test");
  });

  test("sends HF_TOKEN as a Bearer token through an injected fetch", async () => {
    const seen: string[] = [];
    const counting: FetchLike = (url, init) => {
      seen.push(url);
      return fetch(url, init);
    };
    const dataset = await loadDatasetAsync(
      { path: "hf://datasets/acme/gated" },
      { env: freshEnv({ HF_TOKEN: TOKEN }), fetch: counting },
    );
    expect(dataset.rows).toHaveLength(20);
    expect(seen).toHaveLength(3);
    expect(requests.filter((r) => r.path.includes("/gated/")).every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  test("names the listing's hash as the commit when the hub sends none", async () => {
    const env = freshEnv();
    const snapshot = await downloadHfParquet(parseHfUri("hf://datasets/acme/nocommit"), { env });
    expect(snapshot).toMatch(/snapshots\/[0-9a-f]{40}$/);
    expect(snapshot).not.toContain(COMMIT);
  });

  test.each([
    {
      title: "a gated dataset without a token",
      uri: "hf://datasets/acme/gated",
      type: SetupError,
      message: /HTTP 401/,
      hint: /HF_TOKEN/,
    },
    {
      title: "an unknown dataset",
      uri: "hf://datasets/acme/nothing",
      type: InputError,
      message: /not found on the hub/,
      hint: /org\/name/,
    },
    {
      title: "an unknown split",
      uri: "hf://datasets/acme/remote",
      split: "dev",
      type: InputError,
      message: /no split 'dev' on the hub \(splits: train, test\)/,
      hint: /split=train/,
    },
    {
      title: "a revision the hub cannot serve as Parquet",
      uri: "hf://datasets/acme/remote@v2",
      type: InputError,
      message: /revision 'v2' is not cached/,
      hint: /drop @v2/,
    },
  ])("refuses $title", async ({ uri, split, type, message, hint }) => {
    const error = await failure(() => loadDatasetAsync({ path: uri, split }, { env: freshEnv() }));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toMatch(message);
    expect((error as InputError).hint ?? "").toMatch(hint);
  });

  test("reports an unreachable hub as a setup failure", async () => {
    const offline: FetchLike = () => Promise.reject(new TypeError("connect ECONNREFUSED"));
    const error = await failure(() =>
      loadDatasetAsync({ path: "hf://datasets/acme/remote" }, { env: freshEnv(), fetch: offline }),
    );
    expect(error).toBeInstanceOf(SetupError);
    expect(error.message).toMatch(/cannot download hf:\/\/datasets\/acme\/remote: .*ECONNREFUSED/);
  });

  test("leaves no ref or snapshot behind when a file fails to download", async () => {
    const env = freshEnv();
    const error = await failure(() => loadDatasetAsync({ path: "hf://datasets/acme/flaky" }, { env }));
    expect(error).toBeInstanceOf(SetupError);
    const repo = join(env.HF_HOME as string, "hub", "datasets--acme--flaky");
    expect(existsSync(join(repo, "refs"))).toBe(false);
    expect(existsSync(join(repo, "snapshots"))).toBe(false);
  });
});
