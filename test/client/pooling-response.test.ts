/**
 * @module test/client/pooling-response.test — embeddings and rerank bodies read and checked against the request:
 * each server's shape, the count check (`wrong_count`), and malformed bodies (`invalid_json`).
 */
import { describe, expect, test } from "bun:test";
import { readPoolingBody } from "../../src/client/pooling-response.ts";
import type { PoolingApiType } from "../../src/dataset/pooling-api.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";

function read(apiType: PoolingApiType, request: unknown, body: unknown): RequestRecord {
  const record = { httpStatus: 200, errorKind: null, errorMessage: null, tokenSource: "none" } as RequestRecord;
  readPoolingBody(typeof body === "string" ? body : JSON.stringify(body), record, apiType, JSON.stringify(request), 5);
  return record;
}

const vector = (n: number) => Array.from({ length: n }, (_, i) => i / n);
const TWO_TEXTS = { model: "m", input: ["hello world", "a b c"] };

describe("client/pooling-response (embeddings)", () => {
  test.each([
    [
      // llama.cpp's /v1/embeddings (tools/server, started with --embeddings --pooling mean), as curl showed it.
      "llama.cpp's shape",
      {
        model: "x",
        object: "list",
        usage: { prompt_tokens: 5, total_tokens: 5 },
        data: [
          { embedding: vector(64), index: 0, object: "embedding" },
          { embedding: vector(64), index: 1, object: "embedding" },
        ],
      },
      5,
    ],
    [
      "vLLM's and OpenAI's shape, base64 vectors",
      {
        id: "embd-1",
        object: "list",
        created: 1,
        model: "m",
        data: [
          { index: 0, object: "embedding", embedding: "AAAAAA==" },
          { index: 1, object: "embedding", embedding: "AAAAAA==" },
        ],
        usage: { prompt_tokens: 7, total_tokens: 7, completion_tokens: 0 },
      },
      7,
    ],
    ["no usage", { data: [{ embedding: [0.1] }, { embedding: [0.2] }] }, null],
  ])("%s: two vectors for two inputs, input tokens from usage", (_, body, tokens) => {
    const record = read("openai_embeddings", TWO_TEXTS, body);
    expect(record.errorKind).toBeNull();
    expect(record).toMatchObject({ inputTokens: tokens, chunkCount: 1, doneNs: 5 });
    expect(record.outputTokens).toBeUndefined();
    expect(record.tokenSource).toBe(tokens === null ? "none" : "server_usage");
  });

  test.each([
    ["one vector for two inputs", TWO_TEXTS, { data: [{ embedding: [1] }] }, /1 embeddings for 2 inputs sent/],
    [
      "three for one",
      { input: "x" },
      { data: [{ embedding: [1] }, { embedding: [1] }, { embedding: [1] }] },
      /3 embeddings for 1 inputs/,
    ],
  ])("%s is wrong_count", (_, request, body, message) => {
    const record = read("openai_embeddings", request, body);
    expect(record.errorKind).toBe("wrong_count");
    expect(record.errorMessage).toMatch(message);
  });

  test.each([
    ["not JSON", "<html>oops</html>", /response is not a JSON object: <html>/],
    ["an empty body", "", /not a JSON object: \(empty body\)/],
    ["a chat completion", { choices: [{ message: { content: "hi" } }] }, /no 'data' list of embeddings/],
    [
      "an entry without a vector",
      { data: [{ index: 0 }, { embedding: [1] }] },
      /an entry of 'data' has no 'embedding'/,
    ],
  ])("%s is invalid_json", (_, body, message) => {
    const record = read("openai_embeddings", TWO_TEXTS, body);
    expect(record.errorKind).toBe("invalid_json");
    expect(record.errorMessage).toMatch(message);
  });

  test("an error inside a 200 body is the server's error, classified by its code", () => {
    const record = read("openai_embeddings", TWO_TEXTS, {
      error: { code: 400, message: "Pooling type 'none' is not OAI compatible", type: "invalid_request_error" },
    });
    expect(record.errorKind).toBe("http_4xx");
    expect(record.errorMessage).toMatch(/Pooling type 'none'/);
  });
});

const THREE_DOCS = { model: "m", query: "q", documents: ["a", "b", "c"] };

describe("client/pooling-response (rerank)", () => {
  test.each([
    [
      // llama.cpp's /v1/rerank (tools/server format_response_rerank): no document text unless asked, usage prompt_tokens.
      "llama.cpp's shape",
      THREE_DOCS,
      {
        model: "m",
        object: "list",
        usage: { prompt_tokens: 30, total_tokens: 30 },
        results: [
          { index: 2, relevance_score: 0.9 },
          { index: 0, relevance_score: 0.1 },
          { index: 1, relevance_score: -2.5 },
        ],
      },
      30,
    ],
    [
      // vLLM's RerankResponse (entrypoints/openai protocol): id, document {text}, usage prompt_tokens and total_tokens.
      "vLLM's shape",
      THREE_DOCS,
      {
        id: "rerank-1",
        model: "m",
        usage: { prompt_tokens: 21, total_tokens: 21 },
        results: [
          { index: 1, document: { text: "b", multi_modal: null }, relevance_score: 0.7 },
          { index: 0, document: { text: "a", multi_modal: null }, relevance_score: 0.2 },
          { index: 2, document: { text: "c", multi_modal: null }, relevance_score: 0.1 },
        ],
      },
      21,
    ],
    [
      "Jina's shape (usage total_tokens only)",
      THREE_DOCS,
      {
        model: "m",
        usage: { total_tokens: 12 },
        results: [0, 1, 2].map((index) => ({ index, relevance_score: 0.5, document: { text: "x" } })),
      },
      12,
    ],
    [
      "Cohere's shape (no token usage)",
      THREE_DOCS,
      {
        id: "c",
        results: [0, 1, 2].map((index) => ({ index, relevance_score: 0.5 })),
        meta: { billed_units: { search_units: 1 } },
      },
      null,
    ],
  ])("%s: every document scored", (_, request, body, tokens) => {
    const record = read("rerank", request, body);
    expect(record.errorKind).toBeNull();
    expect(record).toMatchObject({ inputTokens: tokens, chunkCount: 1 });
  });

  test("top_n: fewer results are the full answer", () => {
    const record = read("rerank", { ...THREE_DOCS, top_n: 1 }, { results: [{ index: 2, relevance_score: 0.9 }] });
    expect(record.errorKind).toBeNull();
  });

  test.each([
    [
      "two results for three documents",
      THREE_DOCS,
      { results: [0, 1].map((index) => ({ index, relevance_score: 1 })) },
      "wrong_count",
      /2 rerank results for 3 inputs/,
    ],
    [
      "all results despite top_n 1",
      { ...THREE_DOCS, top_n: 1 },
      { results: [0, 1, 2].map((index) => ({ index, relevance_score: 1 })) },
      "wrong_count",
      /3 rerank results for 1 inputs/,
    ],
    ["no results list", THREE_DOCS, { data: [] }, "invalid_json", /no 'results' list/],
    [
      "a score that is not a number",
      THREE_DOCS,
      { results: [{ index: 0, relevance_score: "0.5" }] },
      "invalid_json",
      /no numeric 'relevance_score'/,
    ],
  ])("%s", (_, request, body, kind, message) => {
    const record = read("rerank", request, body);
    expect(record.errorKind as string | null).toBe(kind);
    expect(record.errorMessage).toMatch(message);
  });
});
