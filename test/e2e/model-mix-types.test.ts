/**
 * @module test/e2e/model-mix-types.test — a two-model mix over the API types beside chat: each model answers with
 * the latency `--model-latency` set for it, on every route of `serve`, and the breakdown shows it.
 *
 * As test/e2e/model-mix (which explains the bounds): a streaming `anthropic_messages` mix, each model's TTFT p50
 * at least its set latency and above the server's own TTFT for that model by no more than a raw-socket probe
 * beside the run says the host adds; an `openai_embeddings` mix, each model's latency p50 held the same way
 * (an embeddings answer is one write, as a first token is), and its inputs/s in the breakdown. Then `serve`'s own
 * flag over `openai_responses` and `rerank`: neither model answers sooner than its latency, and the fast model's
 * fastest answer, less the least the host added (a raw probe beside the run), is nearer its latency than the slow one's.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import {
  CLIENT_OVERHEAD_MS,
  CLIENT_WAKEUPS_PER_RAW,
  hostGapMs,
  hostLeastGapMs,
  NS_PER_MS,
  rawClientTtfts,
  serverLatencyMsOf,
  serverTtftMsOf,
} from "./mix-floor.ts";
import { spawnObservedServer } from "./observed-server.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-model-mix-types-");
afterAll(() => dirs.cleanup());

const SLOW = "org/slow-model,v2";
const FAST = "base=fast-lora";
const SET_MS: Readonly<Record<string, number>> = { [SLOW]: 40, [FAST]: 10 };
/** 2.5 s at 40 QPS (at 100 the client's own work per second moved its TTFT past the probe's floor on a loaded host). */
const REQUESTS = 100;
const PROBES = 100;

const mixArgs = (url: string, dataset: string, reportDir: string, apiType: string, requests = REQUESTS) => [
  "benchmark",
  "online",
  ...["--endpoints", url, "--dataset", dataset, "--report-dir", reportDir, "--workers", "1"],
  ...["--model-mix", `${SLOW}=1`, "--model-mix", `${FAST}=1`, "--api-type", apiType],
  ...["--load-pattern", "poisson", "--target-qps", "40", "--num-samples", String(requests)],
  ...["--server-metrics", "off", "-q"],
];

/** A mix run against a server where each model has its own TTFT, with the raw-socket probe beside it. */
async function observedMix(apiType: string, extra: string[] = []) {
  const dir = dirs.make();
  const server = await spawnObservedServer(
    {
      mode: "model",
      ttftMs: 0,
      tpotMs: 2,
      outputTokens: 4,
      modelLatency: { [SLOW]: { ttftMs: SET_MS[SLOW] }, [FAST]: { ttftMs: SET_MS[FAST] } },
    },
    join(dir, "observations.json"),
  );
  try {
    const reportDir = join(dir, "report");
    const probe = rawClientTtfts(server.url, PROBES);
    const result = await runCli([...mixArgs(server.url, questionDataset(dir, 40), reportDir, apiType), ...extra]);
    const floorTtftNs = await probe;
    expect(result.exitCode).toBe(0);
    const observations = await server.stopAndRead();
    return { reportDir, summary: readSummary(reportDir), observations, gapMs: hostGapMs(floorTtftNs, observations) };
  } finally {
    await server.stop().catch(() => undefined);
  }
}

describe("cli/model-mix over the other API types", () => {
  test("anthropic_messages, streaming: each model's TTFT p50 is its set latency within the host's floor", async () => {
    const { summary, observations, gapMs } = await observedMix("anthropic_messages", ["--streaming", "on"]);
    expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0 });
    expect(Object.keys(summary.per_model ?? {})).toEqual([SLOW, FAST]);
    for (const name of [SLOW, FAST]) {
      const own = observations.filter((o) => o.path === "/v1/messages" && o.model === name);
      expect(own).toHaveLength(summary.per_model?.[name]?.n_samples_issued as number);
      const serverMs = serverTtftMsOf(own);
      const clientMs = (summary.per_model?.[name]?.ttft.median ?? Number.NaN) / NS_PER_MS;
      expect(serverMs).toBeGreaterThanOrEqual(SET_MS[name] as number);
      expect(clientMs).toBeGreaterThanOrEqual(SET_MS[name] as number);
      expect(clientMs - serverMs).toBeLessThan(CLIENT_WAKEUPS_PER_RAW * gapMs + CLIENT_OVERHEAD_MS);
    }
  }, 60_000);

  test("openai_embeddings: each model's latency p50 is its set latency within the host's floor; inputs/s per model", async () => {
    const { reportDir, summary, observations, gapMs } = await observedMix("openai_embeddings");
    expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0 });
    for (const name of [SLOW, FAST]) {
      const block = summary.per_model?.[name];
      const own = observations.filter((o) => o.path === "/v1/embeddings" && o.model === name);
      expect(own).toHaveLength(block?.n_samples_issued as number);
      const serverMs = serverLatencyMsOf(own);
      const clientMs = (block?.latency.median ?? Number.NaN) / NS_PER_MS;
      expect(serverMs).toBeGreaterThanOrEqual(SET_MS[name] as number);
      expect(clientMs).toBeGreaterThanOrEqual(SET_MS[name] as number);
      expect(clientMs - serverMs).toBeLessThan(CLIENT_WAKEUPS_PER_RAW * gapMs + CLIENT_OVERHEAD_MS);
      // One text per request: the model's inputs are its requests, over its own window.
      expect(block?.inputs?.inputs).toBe(block?.n_samples_completed);
      expect(block?.inputs?.inputs_per_second as number).toBeCloseTo(
        (block?.n_samples_completed as number) / ((block?.duration_ns as number) / 1e9),
        9,
      );
    }
    const text = readFileSync(join(reportDir, "report.txt"), "utf8");
    expect(text).toMatch(
      /^ {2}model +requests +failed +latency p50 ms +latency p99 ms +QPS +inputs\/s +input tok\/s$/m,
    );
    expect(text).not.toMatch(/TTFT p50 ms/);
  }, 60_000);

  test("serve --model-latency holds on /v1/responses and /v1/rerank: each model no sooner than its latency, the fast one nearer its own than the slow one's", async () => {
    const serve = [BUN_PATH, MAIN_PATH, "serve", "--mode", "model", "--output-tokens", "4"];
    // Any other model (the probe's "m") answers at once, streamed a token a millisecond (the raw probe reads a
    // chunked stream).
    const others = ["--tpot-ms", "1", "--port", "0"];
    // The slow model's 200 ms against the fast one's 10: far apart beside what a loaded host adds to a fastest answer.
    const latency = ["--model-latency", `${SLOW}=ttft:200ms,tpot:1ms`, "--model-latency", `${FAST}=ttft:10ms`];
    const server = await spawnServe(onServerCpu([...serve, ...others, ...latency]));
    try {
      const dir = dirs.make();
      const rerankRows = join(dir, "rerank.jsonl");
      await Bun.write(
        rerankRows,
        Array.from({ length: 10 }, (_, i) => JSON.stringify({ query: `q${i}`, documents: ["a b", "c", "d e f"] })).join(
          "\n",
        ),
      );
      const runs: [string, string, string[]][] = [
        ["openai_responses", questionDataset(dir, 10), ["--streaming", "on"]],
        ["rerank", rerankRows, []],
      ];
      for (const [apiType, dataset, extra] of runs) {
        const reportDir = join(dir, apiType);
        // The probe beside the run: the least the host adds to an answer of a model with no latency.
        const [result, leastGapMs] = await Promise.all([
          runCli([...mixArgs(server.url, dataset, reportDir, apiType, 40), ...extra]),
          hostLeastGapMs(server.url, 60),
        ]);
        expect(result.exitCode).toBe(0);
        const perModel = readSummary(reportDir).per_model ?? {};
        const series = apiType === "rerank" ? "latency" : "ttft";
        expect(perModel[SLOW]?.[series].min as number).toBeGreaterThanOrEqual(200 * NS_PER_MS);
        expect(perModel[FAST]?.[series].min as number).toBeGreaterThanOrEqual(10 * NS_PER_MS);
        // The fast model's fastest, less what the host added at best, is nearer its 10 ms than the slow one's 200
        // (not its median against the slow one's fastest: a loaded host makes the serve process late).
        expect((perModel[FAST]?.[series].min as number) / NS_PER_MS - leastGapMs).toBeLessThan(100);
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});
