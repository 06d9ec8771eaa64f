/** @module test/server/responses-handler.test — serve's /v1/responses: what it refuses, and what it writes when. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ mode: "echo", servedModelNames: ["m"], recordObservations: true });
});
afterAll(() => server.stop());

const post = (body: unknown) =>
  fetch(`${server.url}/v1/responses`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) });

describe("server/responses-handler", () => {
  test.each([
    ["no input", { model: "m" }, "Invalid request: input: Required"],
    ["a token limit of 0", { model: "m", input: "x", max_output_tokens: 0 }, "max_output_tokens"],
    ["not JSON", "{", "Invalid JSON body"],
  ])("%s is a one-line 400", async (_name, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toContain(message);
    expect(error.message).not.toContain("\n");
  });

  test("a model it does not serve is vLLM's 404", async () => {
    expect((await post({ model: "other", input: "x" })).status).toBe(404);
  });

  test("instructions and input items count as prompt tokens; echo answers the last user message", async () => {
    const response = await post({
      model: "m",
      instructions: "be brief",
      input: [
        { role: "user", content: [{ type: "input_text", text: "first words" }] },
        { type: "function_call", call_id: "c", name: "f", arguments: "{}" },
        { type: "function_call_output", call_id: "c", output: "tool said" },
        { role: "user", content: "last three words" },
      ],
    });
    const body = (await response.json()) as { output: { content: { text: string }[] }[]; usage: unknown };
    expect(body.output[0]?.content[0]?.text).toBe("last three words");
    expect(body.usage).toMatchObject({ input_tokens: 10, output_tokens: 3 });
    expect(server.observations().at(-1)).toMatchObject({ path: "/v1/responses", outputTokens: 3, streaming: false });
  });
});
