/**
 * @module test/server/anthropic-sdk.test — `serve`'s `/v1/messages` as a client we did not write sees it: the official `@anthropic-ai/sdk`.
 *
 * messages.create streaming and not, the SDK's messages.stream helper (its own event
 * accumulation), the credentials the SDK sends, and errors as the SDK's typed exceptions.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

let server: MockServer;
let client: Anthropic;
/** The headers of every request the SDK sent, lowercased names. */
const sent: Record<string, string>[] = [];

beforeAll(async () => {
  server = await startMockServer({ mode: "echo", servedModelNames: ["claude-mock", "mock-b"] });
  const recordingFetch = (input: string | URL | Request, init?: RequestInit) => {
    sent.push(Object.fromEntries(new Headers(init?.headers).entries()));
    return fetch(input, init);
  };
  client = new Anthropic({
    baseURL: server.url,
    apiKey: "sk-ant-test-not-a-secret",
    maxRetries: 0,
    fetch: recordingFetch as typeof fetch,
  });
});
afterAll(() => server.stop());

const user = (content: string) => [{ role: "user" as const, content }];

/** What `call` rejected with (the SDK's APIPromise is awaited as the SDK's users await it). */
async function failureOf(call: PromiseLike<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("the call succeeded");
}

describe("serve with the @anthropic-ai/sdk", () => {
  test("messages.create, not streaming: the echo in a text block, the model, usage and stop reason", async () => {
    const reply = await client.messages.create({
      model: "claude-mock",
      max_tokens: 16,
      system: "sys",
      messages: user("hello big world"),
    });
    expect(reply.type).toBe("message");
    expect(reply.model).toBe("claude-mock");
    expect(reply.content).toEqual([{ type: "text", text: "hello big world" } as Anthropic.TextBlock]);
    expect(reply.stop_reason).toBe("end_turn");
    expect(reply.usage).toMatchObject({ input_tokens: 4, output_tokens: 3 });
  });

  test("serve answered the SDK's credentials as sent: 1.x sends the key as a Bearer token with API version 2026-10-21", () => {
    // SDK 0.x sent x-api-key and anthropic-version 2023-06-01; our client sends both credentials (docs/servers.md); serve takes either.
    const headers = sent.at(-1) ?? {};
    expect(headers.authorization).toBe("Bearer sk-ant-test-not-a-secret");
    expect(headers["anthropic-version"]).toBe("2026-10-21");
  });

  test("messages.create with stream: every event in Anthropic's order, the deltas make the text", async () => {
    const stream = await client.messages.create({
      model: "mock-b",
      max_tokens: 3,
      messages: user("a b c d e"),
      stream: true,
    });
    const types: string[] = [];
    let text = "";
    let outputTokens = 0;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") text += event.delta.text;
      if (event.type === "message_delta") {
        outputTokens = event.usage.output_tokens;
        expect(event.delta.stop_reason).toBe("max_tokens");
      }
    }
    expect(text).toBe("a b c");
    expect(outputTokens).toBe(3);
    expect(types[0]).toBe("message_start");
    expect(types.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    expect(types.filter((t) => t === "content_block_delta")).toHaveLength(3);
  });

  test("messages.stream: the helper's text events and its final message", async () => {
    const stream = client.messages.stream({ model: "mock-b", max_tokens: 64, messages: user("x y z") });
    const pieces: string[] = [];
    stream.on("text", (piece) => pieces.push(piece));
    const final = await stream.finalMessage();
    expect(pieces.join("")).toBe("x y z");
    expect(final.content.map((block) => (block.type === "text" ? block.text : block.type))).toEqual(["x y z"]);
    expect(final.stop_reason).toBe("end_turn");
    expect(final.usage.output_tokens).toBe(3);
  });

  test("a model not served is the SDK's NotFoundError; no max_tokens is its BadRequestError", async () => {
    const unknown = await failureOf(client.messages.create({ model: "other", max_tokens: 4, messages: user("hi") }));
    expect(unknown).toBeInstanceOf(Anthropic.NotFoundError);
    const noMax = await failureOf(
      client.messages.create({
        model: "mock-b",
        messages: user("hi"),
      } as unknown as Anthropic.MessageCreateParamsNonStreaming),
    );
    expect(noMax).toBeInstanceOf(Anthropic.BadRequestError);
    expect((noMax as Error).message).toContain("max_tokens: Field required");
  });
});

describe("serve --tool-calls with the @anthropic-ai/sdk", () => {
  let tools: MockServer;
  let toolClient: Anthropic;
  beforeAll(async () => {
    tools = await startMockServer({ mode: "echo", toolCalls: true });
    toolClient = new Anthropic({ baseURL: tools.url, apiKey: "sk-ant-test-not-a-secret", maxRetries: 0 });
  });
  afterAll(() => tools.stop());

  const bash = {
    name: "bash",
    description: "run a command",
    input_schema: { type: "object" as const, properties: { command: { type: "string" } }, required: ["command"] },
  };

  test("not streaming: a tool_use block calling the first tool with the last message's words", async () => {
    const reply = await toolClient.messages.create({
      model: "m",
      max_tokens: 16,
      tools: [bash],
      messages: user("ls -la"),
    });
    expect(reply.stop_reason).toBe("tool_use");
    expect(reply.content).toMatchObject([{ type: "tool_use", name: "bash", input: { command: "ls -la" } }]);
  });

  test("streamed: the SDK's stream helper assembles the input_json_delta pieces into the same input", async () => {
    const final = await toolClient.messages
      .stream({ model: "m", max_tokens: 16, tools: [bash], messages: user("cat a b c") })
      .finalMessage();
    expect(final.stop_reason).toBe("tool_use");
    expect(final.content).toMatchObject([{ type: "tool_use", name: "bash", input: { command: "cat a b c" } }]);
  });
});
