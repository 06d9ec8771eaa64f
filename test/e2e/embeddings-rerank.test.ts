/**
 * @module test/e2e/embeddings-rerank.test — `--api-type openai_embeddings` and `rerank` end to end: against `serve`
 * (its /v1/embeddings and /v1/rerank), and rerank against a raw-socket server writing llama.cpp's and vLLM's exact
 * response bytes. What is checked is what our code decides: the bodies sent, inputs counted, input tokens from
 * usage, no generation metrics in the report, and a response with the wrong number of results failing as such.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { head, jsonResponse } from "../support/quirk-bytes.ts";
import { startQuirkServer, type Scenario } from "../support/quirk-server.ts";
import type { ResultSummary } from "../../src/report/result-summary.ts";
import { readSummary as readCliSummary, runCli, tempDirs } from "./run-cli.ts";

/** The whole summary, typed as the report writes it (run-cli's type holds the fields most tests read). */
const readSummary = (report: string) => readCliSummary(report) as unknown as ResultSummary;

const dirs = tempDirs("ie-pooling-");
afterAll(() => dirs.cleanup());

function writeRows(dir: string, rows: unknown[]): string {
  const path = join(dir, "rows.jsonl");
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

const run = (url: string, apiType: string, dataset: string, report: string, ...extra: string[]) =>
  runCli([
    "benchmark",
    "offline",
    "--endpoints",
    url,
    "--model",
    "m",
    "--api-type",
    apiType,
    "--dataset",
    dataset,
    "--report-dir",
    report,
    "--duration",
    "0",
    ...extra,
  ]);

function requestRows(
  report: string,
): { input_count: number | null; input_tokens: number | null; error_kind: string | null }[] {
  const db = new Database(join(report, "events.db"), { readonly: true });
  try {
    return db
      .query("SELECT input_count, input_tokens, error_kind FROM requests WHERE phase = 'performance' ORDER BY id")
      .all() as never;
  } finally {
    db.close();
  }
}

/** The generation series are absent from report.txt, and empty or null in the summary. */
function expectNoGenerationMetrics(report: string): void {
  const text = readFileSync(join(report, "report.txt"), "utf8");
  for (const block of ["TTFT:", "TPOT:", "ITL:", "Output sequence lengths:", "TPS:"]) expect(text).not.toContain(block);
  expect(text).toContain("Inputs/s: ");
  expect(text).toContain("Latency:");
  const html = readFileSync(join(report, "report.html"), "utf8");
  expect(html).toContain("Inputs/s");
  for (const row of ["Output tok/s", '"row">TTFT<', '"row">TPOT<', '"row">ITL<']) expect(html).not.toContain(row);
  expect(html).toContain('scope="row">Latency (ms)</th>');
  const s = readSummary(report);
  expect([s.ttft, s.tpot, s.itl, s.output_sequence_lengths]).toEqual([{}, {}, {}, {}]);
  expect([s.tps, s.interactivity]).toEqual([null, null]);
}

describe("cli/openai_embeddings and rerank against serve", () => {
  test("embeddings, --batch-size 4: 5 requests of 4 texts, their vectors counted, input tokens from usage", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 15, recordObservations: true });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const rows = Array.from({ length: 20 }, (_, i) => ({ prompt: `text ${"w ".repeat(i % 3)}${i}` }));
      const result = await run(
        server.url,
        "openai_embeddings",
        writeRows(dir, rows),
        report,
        "--batch-size",
        "4",
        "--num-samples",
        "5",
      );
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      expect([s.n_samples_issued, s.n_samples_failed]).toEqual([5, 0]);
      const seen = server.observations();
      expect(seen.map((o) => o.path)).toEqual(Array(5).fill("/v1/embeddings"));
      // Input tokens are the server's usage, request by request (words: 2 + the repeats).
      const wordsSent = rows.reduce((sum, r) => sum + r.prompt.split(" ").filter(Boolean).length, 0);
      expect(requestRows(report).every((r) => r.input_count === 4 && r.error_kind === null)).toBe(true);
      expect(requestRows(report).reduce((sum, r) => sum + (r.input_tokens ?? 0), 0)).toBe(wordsSent);
      expect(s.inputs?.inputs).toBe(20);
      expect(s.inputs?.inputs_per_second).toBeCloseTo((20 / (s.duration_ns as number)) * 1e9, 6);
      expect(s.inputs?.input_tokens_per_second).toBeCloseTo((wordsSent / (s.duration_ns as number)) * 1e9, 6);
      expect(s.token_count_source).toBe("server_usage");
      // Each request took at least the time the server held it.
      const heldMs = Math.min(...seen.map((o) => (o.doneNs - o.receivedNs) / 1e6));
      expect(heldMs).toBeGreaterThanOrEqual(15);
      expect((s.latency.min as number) / 1e6).toBeGreaterThanOrEqual(heldMs);
      expectNoGenerationMetrics(report);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("rerank: query and documents columns (a remapped one too), top_n from --extra-body, every document counted", async () => {
    const server = await startMockServer({ mode: "echo", recordObservations: true });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const rows = Array.from({ length: 6 }, (_, i) => ({
        query: `cat ${i}`,
        passages: ["a cat", `dog ${i}`, "cat 1"],
      }));
      const result = await run(
        server.url,
        "rerank",
        `${writeRows(dir, rows)},parser.documents=passages`,
        report,
        "--num-samples",
        "6",
        "--extra-body",
        '{"top_n": 2}',
      );
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      expect([s.n_samples_issued, s.n_samples_failed]).toEqual([6, 0]);
      expect(server.observations().map((o) => o.path)).toEqual(Array(6).fill("/v1/rerank"));
      expect(s.inputs?.inputs).toBe(18);
      // serve counts the query once per document it is paired with: 3 × 2 + 2 + 2 + 2 words a row.
      expect(requestRows(report).map((r) => r.input_tokens)).toEqual(Array(6).fill(12));
      expectNoGenerationMetrics(report);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("probe --api-type openai_embeddings and rerank: each request's inputs and input tokens", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      for (const [apiType, tokens] of [
        ["openai_embeddings", 3],
        ["rerank", 6],
      ] as const) {
        const args = ["probe", "--endpoints", server.url, "--model", "m", "--api-type", apiType, "--requests", "2"];
        const result = await runCli([...args, "--prompt", "one two three"]);
        expect(result.exitCode).toBe(0);
        expect(result.stdout).toContain(`probe-1: `);
        expect(result.stdout).toContain(`ms, 1 inputs, ${tokens} input tokens`);
        expect(result.stdout).toContain("2/2 requests succeeded");
      }
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("--streaming on is refused with one line naming the flag (exit 2)", async () => {
    const dir = dirs.make();
    const result = await run(
      "http://127.0.0.1:9",
      "rerank",
      writeRows(dir, [{ query: "q", documents: ["d"] }]),
      join(dir, "r"),
      "--streaming",
      "on",
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^error: .*model_params\.streaming \(--streaming\): api_type rerank answers in one JSON body and never streams/m,
    );
  }, 60_000);
});

/** llama.cpp's /v1/rerank shape (tools/server format_response_rerank): model, object, usage, results — no document text unless asked. */
function llamaCppRerank(documents: string[]): string {
  const results = documents
    .map((_, index) => ({ index, relevance_score: 1 / (index + 2) }))
    .sort((a, b) => b.relevance_score - a.relevance_score);
  const body = JSON.stringify({
    model: "m",
    object: "list",
    usage: { prompt_tokens: 7 * documents.length, total_tokens: 7 * documents.length },
    results,
  });
  // cpp-httplib's headers, as llama-server 3f545bec sent them for /v1/embeddings (same response path).
  return (
    "HTTP/1.1 200 OK\r\nServer: llama.cpp\r\nAccess-Control-Allow-Origin: \r\n" +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Keep-Alive: timeout=5, max=100\r\n\r\n${body}`
  );
}

/** vLLM's /v1/rerank shape (entrypoints/openai RerankResponse): id, model, usage, results with document {text, multi_modal}. */
function vllmRerank(documents: string[], count = documents.length): string {
  const results = documents
    .map((text, index) => ({ index, document: { text, multi_modal: null }, relevance_score: 0.9 - index * 0.1 }))
    .slice(0, count);
  const body = JSON.stringify({
    id: "rerank-8f3a",
    model: "m",
    usage: { prompt_tokens: 5 * documents.length, total_tokens: 5 * documents.length },
    results,
  });
  return (
    head(200, {
      date: "Fri, 04 Dec 2026 04:00:00 GMT",
      server: "uvicorn",
      "content-length": String(Buffer.byteLength(body)),
      "content-type": "application/json",
    }) + body
  );
}

/** Answers /v1/rerank with `answer`'s bytes; the run's start-up probes (identity, /metrics) get a 404. */
const rerankScenario =
  (answer: (documents: string[]) => string): Scenario =>
  (request) =>
    request.path === "/v1/rerank"
      ? [answer((request.json as { documents: string[] }).documents)]
      : [jsonResponse(404, { error: { message: "not found", code: 404 } })];

const reranks = (requests: { path: string; json: unknown }[]) => requests.filter((r) => r.path === "/v1/rerank");

describe("cli/rerank against llama.cpp's and vLLM's response bytes", () => {
  const rows = Array.from({ length: 4 }, (_, i) => ({ query: `q ${i}`, documents: ["a", "b", `c ${i}`] }));

  test.each([
    ["llama.cpp's /v1/rerank shape", llamaCppRerank, 7],
    ["vLLM's /v1/rerank shape", vllmRerank, 5],
  ])(
    "%s: 0 failures, 3 documents scored a request, input tokens from usage",
    async (_, answer, tokensPerDoc) => {
      const server = startQuirkServer(rerankScenario(answer));
      try {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await run(server.url, "rerank", writeRows(dir, rows), report, "--num-samples", "4");
        expect(result.exitCode).toBe(0);
        expect(reranks(server.requests)).toHaveLength(4);
        expect(reranks(server.requests).map((r) => r.json)).toContainEqual({
          model: "m",
          query: "q 0",
          documents: ["a", "b", "c 0"],
        });
        const s = readSummary(report);
        expect(s.n_samples_failed).toBe(0);
        expect(s.inputs?.inputs).toBe(12);
        expect(requestRows(report).map((r) => r.input_tokens)).toEqual(Array(4).fill(3 * tokensPerDoc));
      } finally {
        server.stop();
      }
    },
    60_000,
  );

  test("a response with fewer results than documents sent fails as wrong_count", async () => {
    const server = startQuirkServer(rerankScenario((documents) => vllmRerank(documents, 2)));
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await run(server.url, "rerank", writeRows(dir, rows), report, "--num-samples", "4");
      expect(result.exitCode).toBe(4);
      const s = readSummary(report);
      expect(s.error_counts).toEqual({ wrong_count: 4 });
      expect(s.error_samples[0]?.message).toMatch(/^2 rerank results for 3 inputs sent: /);
    } finally {
      server.stop();
    }
  }, 60_000);
});

describe("cli/openai_embeddings against a server that sends no usage", () => {
  test("--tokenizer counts the texts sent: input tokens and input tokens/s from it", async () => {
    const server = startQuirkServer((request) => {
      if (request.path !== "/v1/embeddings") return [jsonResponse(404, { error: { message: "not found", code: 404 } })];
      const input = (request.json as { input: string[] }).input;
      return [
        jsonResponse(200, {
          object: "list",
          data: input.map((_, index) => ({ object: "embedding", index, embedding: [0.5, 0.5] })),
        }),
      ];
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const texts = ["The quick brown fox", "jumps over the lazy dog", "hello, world", "tokenizers count this"];
      const tokenizer = writeGpt2Tokenizer(dir);
      const dataset = writeRows(
        dir,
        texts.map((prompt) => ({ prompt })),
      );
      const result = await run(
        server.url,
        "openai_embeddings",
        dataset,
        report,
        "--batch-size",
        "2",
        "--num-samples",
        "2",
        "--tokenizer",
        tokenizer,
      );
      expect(result.exitCode).toBe(0);
      const gpt2 = loadTokenizer(tokenizer);
      const count = (i: number) => gpt2.count(texts[i] as string);
      const perRequest = [count(0) + count(1), count(2) + count(3)];
      // Sent two at once: their rows are in completion order.
      const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
      expect(ascending(requestRows(report).map((r) => r.input_tokens ?? -1))).toEqual(ascending(perRequest));
      const s = readSummary(report);
      const total = count(0) + count(1) + count(2) + count(3);
      expect(s.inputs?.input_tokens_per_second).toBeCloseTo((total / (s.duration_ns as number)) * 1e9, 6);
      expect(s.token_count_source).toBe("tokenizer");
    } finally {
      server.stop();
    }
  }, 60_000);
});
