/** @module test/server/streaming.test — the SSE format of streamed responses in every mode, without delays. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startMockServer, type MockServer, type MockServerOptions } from "../../src/server/index.ts";
import { chunkText, finishReason, streamRequest, type ReceivedEvent } from "./sse-test-client.ts";

type Api = "chat" | "completions";

function requestBody(api: Api, extra: Record<string, unknown>): Record<string, unknown> {
  const input =
    api === "chat" ? { messages: [{ role: "user", content: "alpha beta gamma" }] } : { prompt: "alpha beta gamma" };
  return { model: "m", stream: true, ...input, ...extra };
}

/** Checks the envelope every chunk shares and the event order; returns the JSON chunks. */
function checkStream(api: Api, events: ReceivedEvent[]): Record<string, unknown>[] {
  expect(events.at(-1)?.data).toBe("[DONE]");
  const chunks = events.slice(0, -1).map((event) => event.data as Record<string, unknown>);
  const ids = new Set(chunks.map((chunk) => chunk.id));
  expect(ids.size).toBe(1);
  for (const chunk of chunks) {
    expect(chunk.object).toBe(api === "chat" ? "chat.completion.chunk" : "text_completion");
    expect(typeof chunk.created).toBe("number");
    expect(typeof chunk.model).toBe("string");
  }
  if (api === "chat") {
    const first = chunks[0]?.choices as { delta: unknown; finish_reason: unknown }[];
    expect(first[0]).toMatchObject({ delta: { role: "assistant", content: "" }, finish_reason: null });
  }
  return chunks;
}

interface Case {
  name: string;
  /** Servers run with outputTokens 4 (model) and fixedTokens 3 (fixed). */
  mode: MockServerOptions["mode"];
  api: Api;
  extra: Record<string, unknown>;
  text: string;
  finish: "stop" | "length";
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

const cases: Case[] = [
  { name: "echo chat", mode: "echo", api: "chat", extra: {}, text: "alpha beta gamma", finish: "stop", usage: null },
  {
    name: "echo completions",
    mode: "echo",
    api: "completions",
    extra: {},
    text: "alpha beta gamma",
    finish: "stop",
    usage: null,
  },
  {
    name: "echo chat with usage and a cap",
    mode: "echo",
    api: "chat",
    extra: { max_tokens: 2, stream_options: { include_usage: true } },
    text: "alpha beta",
    finish: "length",
    usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
  },
  {
    name: "echo completions with usage",
    mode: "echo",
    api: "completions",
    extra: { stream_options: { include_usage: true } },
    text: "alpha beta gamma",
    finish: "stop",
    usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 },
  },
  { name: "model chat", mode: "model", api: "chat", extra: {}, text: "tok tok tok tok", finish: "stop", usage: null },
  {
    name: "model chat capped",
    mode: "model",
    api: "chat",
    extra: { max_tokens: 3 },
    text: "tok tok tok",
    finish: "length",
    usage: null,
  },
  { name: "fixed chat", mode: "fixed", api: "chat", extra: {}, text: "tok tok tok", finish: "stop", usage: null },
  {
    name: "fixed completions with usage",
    mode: "fixed",
    api: "completions",
    extra: { stream_options: { include_usage: true } },
    text: "tok tok tok",
    finish: "stop",
    usage: { prompt_tokens: 0, completion_tokens: 3, total_tokens: 3 },
  },
];

describe("server/mock-server streaming", () => {
  const servers = new Map<string, MockServer>();
  beforeAll(async () => {
    for (const mode of ["echo", "model", "fixed"] as const) {
      servers.set(mode, await startMockServer({ mode, outputTokens: 4, fixedTokens: 3 }));
    }
  });
  afterAll(async () => {
    for (const server of servers.values()) await server.stop();
  });

  test.each(cases)("$name: streams valid SSE ending in [DONE]", async ({ mode, api, extra, text, finish, usage }) => {
    const server = servers.get(mode);
    const path = api === "chat" ? "/v1/chat/completions" : "/v1/completions";
    const result = await streamRequest(`${server?.url}${path}`, requestBody(api, extra));
    expect(result.status).toBe(200);
    expect(result.contentType).toStartWith("text/event-stream");
    const chunks = checkStream(api, result.events);
    expect(result.events.map((event) => chunkText(event.data)).join("")).toBe(text);
    const withChoices = chunks.filter((chunk) => (chunk.choices as unknown[]).length > 0);
    const last = withChoices.at(-1);
    expect(last ? finishReason(last as ReceivedEvent["data"]) : null).toBe(finish);
    expect(last ? chunkText(last as ReceivedEvent["data"]) : null).toBe("");
    const usageChunks = chunks.filter((chunk) => "usage" in chunk);
    if (usage === null) return expect(usageChunks).toHaveLength(0);
    expect(usageChunks).toHaveLength(1);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage });
  });

  test("sends one content event per token by default", async () => {
    const result = await streamRequest(`${servers.get("echo")?.url}/v1/completions`, requestBody("completions", {}));
    const contents = result.events.map((event) => chunkText(event.data)).filter((piece) => piece !== "");
    expect(contents).toEqual(["alpha", " beta", " gamma"]);
  });
});
