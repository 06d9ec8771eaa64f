/** @module test/dataset/pooling-bodies.test — the embeddings and rerank bodies built from dataset rows, and their routes. */
import { describe, expect, test } from "bun:test";
import { batchRowIndices, embeddingInputCount, embeddingsBody } from "../../src/dataset/embeddings-body.ts";
import { rerankBody, rerankResultCount } from "../../src/dataset/rerank-body.ts";
import { inputCounter, inputsAsked } from "../../src/dataset/pooling-inputs.ts";
import { buildDatasetBodies, buildRequestBody, joinEndpointUrl, routeFor } from "../../src/dataset/request-body.ts";

describe("dataset/embeddings-body", () => {
  test.each([
    ["one text row", [{ prompt: "a b" }], { model: "m", input: "a b" }],
    ["a row holding a list of texts (a batch)", [{ prompt: ["a", "b"] }], { model: "m", input: ["a", "b"] }],
    ["two rows", [{ prompt: "a" }, { prompt: "b" }], { model: "m", input: ["a", "b"] }],
    ["token ids", [{ input_tokens: [1, 2, 3] }], { model: "m", input: [1, 2, 3] }],
  ])("%s", (_, rows, body) => {
    expect(embeddingsBody(rows, "m")).toEqual(body);
  });

  test.each([
    [{ input: "a" }, 1],
    [{ input: [1, 2, 3] }, 1],
    [{ input: ["a", "b", "c"] }, 3],
    [{ input: [[1], [2]] }, 2],
  ])("asks for one vector per input entry: %j → %d", (body, count) => {
    expect(embeddingInputCount(body)).toBe(count);
  });

  test.each([[{ messages: [{ role: "user", content: "x" }] }], [{ prompt: 3 }], [{ prompt: [] }]])(
    "refuses a row with no text: %j",
    (row) => {
      expect(() => embeddingsBody([row], "m")).toThrow(/no text for an embeddings request/);
    },
  );

  test.each([
    [5, 2, [[0, 1], [2, 3], [4]]],
    [
      4,
      2,
      [
        [0, 1],
        [2, 3],
      ],
    ],
    [2, 8, [[0, 1]]],
    [0, 3, []],
  ])("groups %d rows by %d", (rows, size, groups) => {
    expect(batchRowIndices(rows, size)).toEqual(groups);
  });
});

describe("dataset/rerank-body", () => {
  test.each([
    ["query and documents", { query: "q", documents: ["a", "b"] }, { model: "m", query: "q", documents: ["a", "b"] }],
    ["the prompt as the query", { prompt: "q", documents: ["a"] }, { model: "m", query: "q", documents: ["a"] }],
    [
      "the row's top_n",
      { query: "q", documents: ["a", "b"], top_n: 1 },
      { model: "m", query: "q", documents: ["a", "b"], top_n: 1 },
    ],
  ])("%s", (_, row, body) => {
    expect(rerankBody(row, "m")).toEqual(body);
  });

  test.each([
    [{ documents: ["a"] }, /no query text/],
    [{ query: "q" }, /'documents' is not a non-empty list/],
    [{ query: "q", documents: [] }, /'documents' is not a non-empty list/],
    [{ query: "q", documents: ["a", 2] }, /'documents' is not a non-empty list/],
  ])("refuses %j", (row, message) => {
    expect(() => rerankBody(row, "m")).toThrow(message);
  });

  test.each([
    [{ documents: ["a", "b", "c"] }, 3],
    [{ documents: ["a", "b", "c"], top_n: 2 }, 2],
    [{ documents: ["a"], top_n: 5 }, 1],
  ])("expects one result per document, or top_n: %j → %d", (body, count) => {
    expect(rerankResultCount(body)).toBe(count);
  });
});

describe("dataset/request-body (embeddings, rerank)", () => {
  test("routes: /v1/embeddings and /v1/rerank, a pasted /v1 base not doubled", () => {
    expect(routeFor("openai_embeddings")).toBe("/v1/embeddings");
    expect(routeFor("rerank")).toBe("/v1/rerank");
    expect(joinEndpointUrl("http://h:1/v1", routeFor("rerank"))).toBe("http://h:1/v1/rerank");
  });

  test("extra_body fills in (encoding_format, top_n), and a dataset row error names its file and row", () => {
    const params = { model: "m", maxNewTokens: 10, streaming: false };
    const embed = buildRequestBody(
      { prompt: "x" },
      { ...params, apiType: "openai_embeddings", extraBody: { dimensions: 8 } },
    );
    expect(JSON.parse(embed)).toEqual({ model: "m", input: "x", dimensions: 8 });
    const rerank = buildRequestBody(
      { query: "q", documents: ["a"] },
      { ...params, apiType: "rerank", extraBody: { top_n: 1 } },
    );
    expect(JSON.parse(rerank)).toEqual({ model: "m", query: "q", documents: ["a"], top_n: 1 });
    expect(() =>
      buildDatasetBodies(
        { path: "r.jsonl", rows: [{ query: "q", documents: ["a"] }, { query: "q" }] },
        { ...params, apiType: "rerank" },
      ),
    ).toThrow(/^r\.jsonl: row 2: /);
  });
});

describe("dataset/pooling-inputs", () => {
  test.each([
    ["openai_embeddings", { input: ["a", "b", "c"] }, { answers: 3, inputs: 3 }],
    ["openai_embeddings", { input: "a" }, { answers: 1, inputs: 1 }],
    ["rerank", { query: "q", documents: ["a", "b", "c"] }, { answers: 3, inputs: 3 }],
    // top_n cuts the answer, not the work: every document is scored.
    ["rerank", { query: "q", documents: ["a", "b", "c"], top_n: 1 }, { answers: 1, inputs: 3 }],
  ] as const)("%s %j asks for %j", (apiType, body, asked) => {
    expect(inputsAsked(apiType, body)).toEqual(asked);
  });

  test("counts each row's inputs from its body; an unknown row has none", () => {
    const count = inputCounter("openai_embeddings", ['{"input":["a","b"]}', '{"input":"c"}']);
    expect([count(0), count(1), count(0), count(7)]).toEqual([2, 1, 2, 0]);
  });
});
