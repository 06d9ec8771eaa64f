/**
 * @module test/e2e/rerank-bytes.test — rerank against a raw-socket server writing llama.cpp's and vLLM's exact
 * /v1/rerank response bytes (0 failures, every document counted, input tokens from usage; too few results is
 * `wrong_count`), and embeddings from a server that sends no usage, counted by `--tokenizer`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { head, jsonResponse } from "../support/quirk-bytes.ts";
import { startQuirkServer, type Scenario } from "../support/quirk-server.ts";
import { readSummary, requestRows, runPooling as run, writeRows } from "./pooling-run.ts";
import { tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-rerank-bytes-");
afterAll(() => dirs.cleanup());

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
