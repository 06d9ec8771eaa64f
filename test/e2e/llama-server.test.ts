/**
 * @module test/e2e/llama-server.test — the tool against a real inference engine no one here wrote:
 * llama.cpp's server (../shared/tools/llama-server), random-weight models with GPT-2's vocabulary.
 *
 * What is asserted is what the engine and our code decide: chunks equal the tokens the server
 * says it generated, its prefill fits inside our TTFT, its queue shows when requests outnumber
 * slots, its prefix cache serves a conversation's later turns, its own errors are classified.
 * How close our TPOT comes to the server's per-token time on this host is printed, not held.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findLlamaEngine, startLlamaServer, type LlamaEngine, type LlamaServer } from "../support/llama-server.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const found = findLlamaEngine();
const dirs = tempDirs("ie-llama-");
afterAll(() => dirs.cleanup());

interface Row {
  chunks: number;
  ttft: number | null;
  prefill: number | null;
  predicted: number | null;
  cached: number | null;
  responseId: string | null;
  error: string | null;
  message: string | null;
}

/** The phase's requests, each by its last attempt: a kept-alive connection the server closed is resent (stale_connection), not counted. */
function rows(reportDir: string): Row[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query(
        `SELECT chunk_count AS chunks, first_token_ns - sent_ns AS ttft, server_prefill_ns AS prefill,
          server_output_tokens AS predicted, cached_tokens AS cached, response_id AS responseId, error_kind AS error,
          error_message AS message FROM requests
          WHERE phase = 'performance' AND error_kind IS NOT 'stale_connection' ORDER BY requests.id`,
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

const flags = (server: LlamaServer, engine: LlamaEngine, dataset: string, report: string) => [
  "--endpoints",
  server.url,
  "--model",
  "tiny",
  "--dataset",
  dataset,
  "--tokenizer",
  engine.tokenizer,
  "--report-dir",
  report,
];

if ("missing" in found) {
  if (process.env.CI === "true") {
    test("the real engine is present in CI", () => {
      throw new Error(`llama-server tests cannot run: ${found.missing}`);
    });
  } else {
    console.warn(`skipping the llama-server tests: ${found.missing} (set LLAMA_SERVER and LLAMA_MODELS)`);
  }
} else {
  const engine = found;

  describe("llama-server, tiny model, 2 slots", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(engine, { model: "tiny-64x2.gguf", slots: 2 });
    });
    afterAll(() => server?.stop());

    test.each([1, 2])(
      "chat, streamed, concurrency %i, 64 tokens: chunks are the server's predicted_n, its prefill fits in our TTFT",
      async (concurrency) => {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "online",
          ...flags(server, engine, questionDataset(dir, 12), report),
          "--load-pattern",
          "concurrency",
          "--concurrency",
          String(concurrency),
          "--max-output-tokens",
          "64",
          "--num-samples",
          "12",
          "--server-metrics-interval",
          "0.5",
          "--record-ids",
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const all = rows(report);
        expect(all).toHaveLength(12);
        // The random model ends early now and then (its end token: 1 in 50,257 a step): 64 is the limit, not a promise.
        expect(all.some((r) => r.predicted === 64)).toBe(true);
        for (const r of all) {
          expect(r.error).toBeNull();
          expect(r.predicted as number).toBeLessThanOrEqual(64);
          expect(r.chunks).toBe(r.predicted as number);
          expect(r.prefill as number).toBeLessThanOrEqual(r.ttft as number);
          expect(r.responseId).toMatch(/^chatcmpl-/);
        }
        const summary = readSummary(report) as ReturnType<typeof readSummary> & {
          server_timing?: { server_tpot_ms: { p50: number } | null; client_tpot_ms: { p50: number } | null };
          server_metrics?: { token_rates: { source: string } | null };
        };
        // From the scrapes that bound the run (a run this short may see none in between on a busy host).
        expect(summary.server_metrics?.token_rates?.source).toBe("llamacpp:tokens_predicted_total");
        const timing = summary.server_timing;
        expect(timing?.server_tpot_ms).not.toBeNull();
        console.info(
          `llama-server c=${concurrency}: TPOT p50 ours ${timing?.client_tpot_ms?.p50} ms, server's ${timing?.server_tpot_ms?.p50} ms`,
        );
      },
      60_000,
    );

    test("completions, not streamed: the server's figures are kept, and there is no TTFT", async () => {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        ...flags(server, engine, questionDataset(dir, 8), report),
        "--api-type",
        "openai_completions",
        "--max-output-tokens",
        "16",
        "--duration",
        "0",
      ]);
      expect(result.exitCode).toBe(0);
      const all = rows(report);
      expect(all.map((r) => [r.error, r.ttft])).toEqual(all.map(() => [null, null]));
      for (const r of all) expect(r.predicted as number).toBeLessThanOrEqual(16);
      expect(all.some((r) => r.predicted === 16)).toBe(true);
    }, 60_000);

    test("probe, a Poisson run and a two-rate sweep all reach the engine", async () => {
      const dir = dirs.make();
      const probe = await runCli(["probe", "--endpoints", server.url, "--model", "tiny", "--requests", "3"]);
      expect(probe.exitCode).toBe(0);
      const report = join(dir, "poisson");
      const poisson = await runCli([
        "benchmark",
        "online",
        ...flags(server, engine, questionDataset(dir, 20), report),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "50",
        "--num-samples",
        "20",
        "--max-output-tokens",
        "8",
      ]);
      expect(poisson.exitCode).toBe(0);
      expect(rows(report).filter((r) => r.error === null)).toHaveLength(20);
      const out = join(dir, "sweep");
      const sweep = await runCli([
        "sweep",
        ...flags(server, engine, questionDataset(dir, 10, "s.jsonl"), out),
        "--rates",
        "20,40",
        "--num-samples",
        "10",
        "--max-output-tokens",
        "8",
      ]);
      expect(sweep.stderr).not.toContain("error:");
      expect(sweep.exitCode).toBe(0);
      const steps = (JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as { steps: unknown[] }).steps;
      expect(steps).toHaveLength(2);
    }, 90_000);

    test("a conversation with history: each later turn finds more of its prompt in the server's prefix cache", async () => {
      // One request at a time: the server gives each turn the slot whose cached tokens share the most with its prompt,
      // the one that kept the previous turn's prompt and answer.
      const dir = dirs.make();
      const lines = ["a", "b"].flatMap((id) =>
        [1, 2, 3, 4, 5].map((turn) =>
          JSON.stringify({
            conversation_id: id,
            turn,
            role: turn % 2 === 1 ? "user" : "assistant",
            content: turn % 2 === 1 ? `turn ${turn} of ${id}: go on` : `recorded answer ${turn}`,
          }),
        ),
      );
      const dataset = join(dir, "chats.jsonl");
      writeFileSync(dataset, `${lines.join("\n")}\n`);
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        ...flags(server, engine, `${dataset},agentic_inference.history=live`, report),
        "--load-pattern",
        "agentic_inference",
        "--concurrency",
        "1",
        "--max-output-tokens",
        "8",
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const all = rows(report);
      expect(all).toHaveLength(6);
      // In order: a's turns 1, 3, 5, then b's.
      const cached = all.map((r) => r.cached as number);
      expect(all.every((r) => r.error === null)).toBe(true);
      for (const first of [0, 3]) {
        expect(cached[first + 1] as number).toBeGreaterThan(cached[first] as number);
        expect(cached[first + 2] as number).toBeGreaterThan(cached[first + 1] as number);
      }
    }, 60_000);

    test("6 requests at once on 2 slots queue: the server runs 2 and defers the rest, in result_summary.json", async () => {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        ...flags(server, engine, questionDataset(dir, 24), report),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "6",
        "--num-samples",
        "24",
        "--max-output-tokens",
        "64",
        "--server-metrics-interval",
        "0.1",
      ]);
      expect(result.exitCode).toBe(0);
      const gauges = (
        readSummary(report) as { server_metrics?: { gauges: Record<string, { avg: number; max: number }> } }
      ).server_metrics?.gauges;
      expect(gauges?.running?.max).toBe(2);
      expect(gauges?.waiting?.max as number).toBeGreaterThan(0);
      console.info(
        `llama-server tiny, c=6 on 2 slots: running avg ${gauges?.running?.avg}, waiting avg ${gauges?.waiting?.avg}`,
      );
    }, 90_000);
  });

  describe("llama-server, a model without the UTF-8 guard", () => {
    test("the engine's own HTTP 500 inside the stream, after the first token, is http_5xx with the engine's message", async () => {
      // Sampled with a fixed seed, one request at a time on one slot: the same texts, so the same failures, every run.
      const server = await startLlamaServer(engine, { model: "tiny-64x2-unguarded.gguf", slots: 1 });
      try {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "offline",
          ...flags(server, engine, questionDataset(dir, 40), report),
          "--streaming",
          "on",
          "--max-output-tokens",
          "40",
          "--model-params.temperature",
          "1",
          "--model-params.seed",
          "7",
          "--max-connections",
          "1",
          "--duration",
          "0",
        ]);
        expect([0, 4]).toContain(result.exitCode);
        const failed = rows(report).filter((r) => r.error !== null);
        expect(failed.length).toBeGreaterThan(0);
        for (const r of failed) {
          expect(r.error).toBe("http_5xx");
          expect(r.message).toContain(
            "(status 500) after the first token: The model produced output that does not match",
          );
        }
      } finally {
        await server.stop();
      }
    }, 90_000);
  });
}
