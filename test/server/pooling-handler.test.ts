/**
 * @module test/server/pooling-handler.test — serve's /v1/embeddings and /v1/rerank over HTTP: their bodies, their
 * 400s, and their place in `--max-concurrent`'s queue and in `/metrics`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

const post = (server: MockServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("server/pooling-handler", () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ mode: "echo", embeddingDim: 3 });
  });
  afterAll(() => server.stop());

  test("embeddings: a vector per input (token ids too), usage in words and ids", async () => {
    const reply = (await (await post(server, "/v1/embeddings", { model: "e", input: [[1, 2, 3], [4]] })).json()) as {
      data: { index: number; embedding: number[] }[];
      usage: unknown;
      model: string;
    };
    expect(reply.model).toBe("e");
    expect(reply.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 3],
      [1, 3],
    ]);
    expect(reply.usage).toEqual({ prompt_tokens: 4, total_tokens: 4 });
  });

  test("rerank: vLLM's shape, best first, top_n", async () => {
    const reply = await (
      await post(server, "/v1/rerank", { query: "red fox", documents: ["blue", "red fox", "a fox"], top_n: 2 })
    ).json();
    expect(reply).toMatchObject({
      model: "mock-model",
      usage: { prompt_tokens: 2 * 3 + 1 + 2 + 2, total_tokens: 11 },
      results: [
        { index: 1, document: { text: "red fox" }, relevance_score: 1 },
        { index: 2, document: { text: "a fox" }, relevance_score: 0.5 },
      ],
    });
    expect((reply as { id: string }).id).toMatch(/^rerank-mock-/);
  });

  test.each([
    ["/v1/embeddings", { model: "m" }, /input/],
    ["/v1/embeddings", { input: [] }, /input/],
    ["/v1/rerank", { query: "q", documents: [] }, /documents/],
    ["/v1/rerank", { documents: ["d"] }, /query/],
  ])("%s %j is a one-line 400 naming the field", async (path, body, field) => {
    const response = await post(server, path, body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Invalid request: /);
    expect(error.message).not.toContain("\n");
    expect(error.message).toMatch(field);
  });
});

describe("server/pooling-handler under --max-concurrent 1", () => {
  test("requests wait their turn: each ends at least one pass after the one before it; /metrics counts them", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 25, maxConcurrent: 1, recordObservations: true });
    try {
      await Promise.all(
        Array.from({ length: 4 }, () => post(server, "/v1/embeddings", { input: "a b" }).then((r) => r.text())),
      );
      const done = server
        .observations()
        .map((o) => o.doneNs)
        .sort((a, b) => a - b);
      for (let i = 1; i < done.length; i++)
        expect(((done[i] as number) - (done[i - 1] as number)) / 1e6).toBeGreaterThanOrEqual(25);
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).toMatch(/^vllm:prompt_tokens_total\{[^}]*\} 8$/m);
      expect(metrics).toMatch(/^vllm:e2e_request_latency_seconds_count\{[^}]*\} 4$/m);
    } finally {
      await server.stop();
    }
  });
});
