/**
 * @module test/server/openai-sdk-embeddings.test — `serve`'s /v1/embeddings as the official `openai` SDK sees it:
 * `client.embeddings.create` with its default base64 encoding (the SDK asks for it and decodes it) and with
 * floats, `dimensions`, usage, and an unknown model under `--served-model-name`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { embeddingOf } from "../../src/server/pooling-answers.ts";

let server: MockServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startMockServer({ mode: "echo", servedModelNames: ["bge-small"], embeddingDim: 12 });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "sk-test-not-a-secret", maxRetries: 0 });
});
afterAll(() => server.stop());

describe("serve with the openai SDK: embeddings", () => {
  test("base64 (the SDK's default): one decoded vector per input, in order, usage counted in words", async () => {
    const reply = await client.embeddings.create({ model: "bge-small", input: ["hello big world", "two words"] });
    expect(reply.object).toBe("list");
    expect(reply.model).toBe("bge-small");
    expect(reply.data.map((d) => d.index)).toEqual([0, 1]);
    const first = reply.data[0]?.embedding as number[];
    expect(first).toHaveLength(12);
    // float32 on the wire: equal to the server's vector within float32's precision.
    embeddingOf("hello big world", 12).forEach((x, i) => expect(first[i] as number).toBeCloseTo(x, 6));
    expect(reply.usage).toEqual({ prompt_tokens: 5, total_tokens: 5 });
  });

  test("floats and dimensions: the vectors as numbers, of the asked length", async () => {
    const reply = await client.embeddings.create({
      model: "bge-small",
      input: "hello big world",
      encoding_format: "float",
      dimensions: 4,
    });
    expect(reply.data).toHaveLength(1);
    expect(reply.data[0]?.embedding).toEqual(embeddingOf("hello big world", 4));
  });

  test("an unknown model is vLLM's 404, which the SDK raises as NotFoundError", async () => {
    const error = await client.embeddings.create({ model: "other", input: "x" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
  });
});
