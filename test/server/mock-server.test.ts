/** @module test/server/mock-server.test — routes, errors and non-streaming bodies of the mock over real loopback HTTP. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { InputError } from "../../src/errors.ts";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { postJson } from "./sse-test-client.ts";

const chatBody = (content: string, extra: Record<string, unknown> = {}) => ({
  model: "any",
  messages: [
    { role: "system", content: "be brief" },
    { role: "user", content },
  ],
  ...extra,
});

describe("server/mock-server", () => {
  let echo: MockServer;
  beforeAll(async () => {
    echo = await startMockServer({ modelName: "echo-model", recordObservations: true });
  });
  afterAll(() => echo.stop());

  test("answers /health and /v1/models", async () => {
    const health = await fetch(`${echo.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const models = (await (await fetch(`${echo.url}/v1/models`)).json()) as { object: string; data: { id: string }[] };
    expect(models.object).toBe("list");
    expect(models.data.map((model) => model.id)).toEqual(["echo-model"]);
  });

  test.each([
    ["unknown path", "GET", "/v2/nothing", undefined, 404],
    ["wrong method", "GET", "/v1/chat/completions", undefined, 405],
    ["invalid JSON", "POST", "/v1/chat/completions", "{not json", 400],
    ["no messages", "POST", "/v1/chat/completions", JSON.stringify({ model: "m" }), 400],
    ["empty messages", "POST", "/v1/chat/completions", JSON.stringify({ messages: [] }), 400],
    ["no prompt", "POST", "/v1/completions", JSON.stringify({ model: "m" }), 400],
    ["max_tokens 0", "POST", "/v1/completions", JSON.stringify({ prompt: "a", max_tokens: 0 }), 400],
  ])("rejects %s with an OpenAI-shaped error", async (_name, method, path, body, status) => {
    const response = await fetch(`${echo.url}${path}`, { method, body });
    expect(response.status).toBe(status);
    const error = ((await response.json()) as { error: Record<string, unknown> }).error;
    expect(typeof error.message).toBe("string");
    expect(error.code).toBe(status);
    expect(error).toHaveProperty("type");
  });

  test.each([
    ["chat, last user message", "/v1/chat/completions", chatBody("hello  big\nworld"), "hello big world", 5, "stop"],
    ["chat, capped", "/v1/chat/completions", chatBody("a b c d", { max_tokens: 2 }), "a b", 6, "length"],
    [
      "chat, max_completion_tokens wins",
      "/v1/chat/completions",
      chatBody("a b c d", { max_tokens: 1, max_completion_tokens: 3 }),
      "a b c",
      6,
      "length",
    ],
    ["completions, text", "/v1/completions", { prompt: "one two three" }, "one two three", 3, "stop"],
    ["completions, token ids", "/v1/completions", { prompt: [5, 6, 7, 8] }, "tok tok tok tok", 4, "stop"],
    ["completions, capped ids", "/v1/completions", { prompt: [5, 6, 7, 8], max_tokens: 3 }, "tok tok tok", 4, "length"],
  ])("echoes %s", async (_name, path, body, text, promptTokens, finish) => {
    const response = await postJson(`${echo.url}${path}`, body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const json = (await response.json()) as Record<string, unknown> & { choices: Record<string, unknown>[] };
    const choice = json.choices[0];
    const isChat = path.includes("chat");
    expect(json.object).toBe(isChat ? "chat.completion" : "text_completion");
    // The model the request named, as vLLM answers; the server's name when it named none.
    expect(json.model).toBe((body as { model?: string }).model ?? "echo-model");
    expect(typeof json.id).toBe("string");
    expect(typeof json.created).toBe("number");
    expect(isChat ? choice?.message : choice?.text).toEqual(isChat ? { role: "assistant", content: text } : text);
    expect(choice?.finish_reason).toBe(finish);
    const completionTokens = text.split(" ").length;
    expect(json.usage).toEqual({
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    });
  });

  test("records an observation per completion request", async () => {
    const before = echo.observations().length;
    await (await postJson(`${echo.url}/v1/completions`, { prompt: "x y" })).json();
    const observation = echo.observations()[before];
    expect(observation).toMatchObject({
      outputTokens: 2,
      streaming: false,
      path: "/v1/completions",
      firstChunkNs: null,
    });
    expect(observation!.doneNs).toBeGreaterThanOrEqual(observation!.receivedNs);
  });

  test("rejects invalid options with an InputError", async () => {
    await expect(startMockServer({ tokensPerChunk: 0 })).rejects.toBeInstanceOf(InputError);
    await expect(startMockServer({ port: -1 })).rejects.toBeInstanceOf(InputError);
  });
});

describe("server/mock-server non-streaming modes", () => {
  test.each([
    ["model", { mode: "model", outputTokens: 5 } as const, {}, "tok tok tok tok tok", "stop"],
    ["model capped", { mode: "model", outputTokens: 5 } as const, { max_tokens: 3 }, "tok tok tok", "length"],
    [
      "model ignore_eos",
      { mode: "model", outputTokens: 5 } as const,
      { max_tokens: 7, ignore_eos: true },
      "tok tok tok tok tok tok tok",
      "length",
    ],
    ["model min_tokens", { mode: "model", outputTokens: 2 } as const, { min_tokens: 4 }, "tok tok tok tok", "stop"],
    ["fixed", { mode: "fixed", fixedTokens: 4 } as const, {}, "tok tok tok tok", "stop"],
    ["fixed capped", { mode: "fixed", fixedTokens: 4 } as const, { max_tokens: 2 }, "tok tok", "length"],
  ])("%s: answers chat and completions", async (_name, options, extra, text, finish) => {
    const server = await startMockServer(options);
    try {
      const chat = (await (await postJson(`${server.url}/v1/chat/completions`, chatBody("ignored", extra))).json()) as {
        choices: { message: { content: string }; finish_reason: string }[];
        usage: { completion_tokens: number };
      };
      expect(chat.choices[0]?.message.content).toBe(text);
      expect(chat.choices[0]?.finish_reason).toBe(finish);
      expect(chat.usage.completion_tokens).toBe(text.split(" ").length);
      const completion = (await (await postJson(`${server.url}/v1/completions`, { prompt: "p", ...extra })).json()) as {
        object: string;
        choices: { text: string; finish_reason: string }[];
      };
      expect(completion.object).toBe("text_completion");
      expect(completion.choices[0]?.text).toBe(text);
      expect(completion.choices[0]?.finish_reason).toBe(finish);
    } finally {
      await server.stop();
    }
  });
});

describe("server/mock-server fixed mode", () => {
  test("serves byte-identical cached bodies and honours the token cap", async () => {
    const server = await startMockServer({ mode: "fixed", fixedTokens: 8, recordObservations: true });
    try {
      const url = `${server.url}/v1/chat/completions`;
      const bodies = await Promise.all(
        [1, 2, 3].map(async () => (await postJson(url, chatBody("x", { stream: true }))).text()),
      );
      expect(new Set(bodies).size).toBe(1);
      const capped = await (await postJson(url, chatBody("x", { stream: true, max_tokens: 2 }))).text();
      expect(capped).not.toBe(bodies[0]);
      expect(capped).toContain('"finish_reason":"length"');
      const invalid = await fetch(url, { method: "POST", body: "nope" });
      expect(invalid.status).toBe(400);
      expect(server.observations().map((observation) => observation.outputTokens)).toEqual([8, 8, 8, 2]);
    } finally {
      await server.stop();
    }
  });

  test.each([["fixed"], ["echo"]] as const)(
    "%s mode with --served-model-name: served names echoed, any other a 404 in vLLM's shape, even streaming",
    async (mode) => {
      const server = await startMockServer({ mode, servedModelNames: ["served-a", "served-b"] });
      try {
        const url = `${server.url}/v1/chat/completions`;
        const served = (await (await postJson(url, chatBody("x", { model: "served-b" }))).json()) as { model: string };
        expect(served.model).toBe("served-b");
        for (const stream of [false, true]) {
          const response = await postJson(url, chatBody("x", { model: "other", stream }));
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({
            error: { message: "The model `other` does not exist.", type: "NotFoundError", param: "model", code: 404 },
          });
        }
        const models = (await (await fetch(`${server.url}/v1/models`)).json()) as { data: { id: string }[] };
        expect(models.data.map((m) => m.id)).toEqual(["served-a", "served-b"]);
        expect((await fetch(`${server.url}/v1/models/other`)).status).toBe(404);
      } finally {
        await server.stop();
      }
    },
  );
});
