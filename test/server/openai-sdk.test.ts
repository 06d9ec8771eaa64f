/**
 * @module test/server/openai-sdk.test — `serve` as a client we did not write sees it: the official `openai` npm SDK.
 *
 * Chat streaming and not, completions, models.list/retrieve, n = 3, prompt arrays, and an
 * unknown model with `--served-model-name`, each through the SDK's own request and parsing code.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import OpenAI from "openai";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

let server: MockServer;
let client: OpenAI;

beforeAll(async () => {
  server = await startMockServer({ mode: "echo", servedModelNames: ["Qwen/Qwen3-8B", "mock-b"] });
  client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: "sk-test-not-a-secret", maxRetries: 0 });
});
afterAll(() => server.stop());

const user = (content: string) => [{ role: "user" as const, content }];

describe("serve with the openai SDK", () => {
  test("chat, not streaming: the echo, the requested model, usage", async () => {
    const reply = await client.chat.completions.create({ model: "Qwen/Qwen3-8B", messages: user("hello big world") });
    expect(reply.model).toBe("Qwen/Qwen3-8B");
    expect(reply.choices[0]?.message.content).toBe("hello big world");
    expect(reply.choices[0]?.finish_reason).toBe("stop");
    expect(reply.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 });
  });

  test("chat, streaming with usage: every delta, then the usage chunk", async () => {
    const stream = await client.chat.completions.create({
      model: "mock-b",
      messages: user("a b c d"),
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: unknown = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.usage) usage = chunk.usage;
      expect(chunk.model).toBe("mock-b");
    }
    expect(text).toBe("a b c d");
    expect(usage).toMatchObject({ completion_tokens: 4 });
  });

  test("the SDK's stream helper accepts the stream: roles, finish reasons and indexes in order", async () => {
    const final = await client.chat.completions
      .stream({ model: "mock-b", messages: user("x y"), n: 2 })
      .finalChatCompletion();
    expect(final.choices.map((c) => [c.index, c.message.content, c.finish_reason])).toEqual([
      [0, "x y", "stop"],
      [1, "x y", "stop"],
    ]);
  });

  test("n = 3: three choices, each indexed", async () => {
    const reply = await client.chat.completions.create({ model: "mock-b", messages: user("one two"), n: 3 });
    expect(reply.choices.map((c) => [c.index, c.message.content])).toEqual([
      [0, "one two"],
      [1, "one two"],
      [2, "one two"],
    ]);
    expect(reply.usage?.completion_tokens).toBe(6);
  });

  test("completions with a prompt array: one choice per prompt", async () => {
    const reply = await client.completions.create({ model: "mock-b", prompt: ["first prompt", "second"] });
    expect(reply.choices.map((c) => [c.index, c.text])).toEqual([
      [0, "first prompt"],
      [1, "second"],
    ]);
    expect(reply.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 3 });
  });

  test("completions, streaming", async () => {
    const stream = await client.completions.create({ model: "mock-b", prompt: "p q r", stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.text ?? "";
    expect(text).toBe("p q r");
  });

  test("models.list and models.retrieve, an id with a slash included", async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual(["Qwen/Qwen3-8B", "mock-b"]);
    const model = await client.models.retrieve("Qwen/Qwen3-8B");
    expect([model.id, model.object]).toEqual(["Qwen/Qwen3-8B", "model"]);
  });

  test.each([
    ["retrieving it", () => client.models.retrieve("gpt-4")],
    ["a chat request naming it", () => client.chat.completions.create({ model: "gpt-4", messages: user("x") })],
    [
      "a streaming chat request naming it",
      () => client.chat.completions.create({ model: "gpt-4", messages: user("x"), stream: true }),
    ],
  ])("an unknown model, %s: the SDK's NotFoundError with vLLM's message", async (_name, call) => {
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as InstanceType<typeof OpenAI.NotFoundError>).message).toBe("404 The model `gpt-4` does not exist.");
  });
});
