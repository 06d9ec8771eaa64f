/**
 * @module test/client/empty-stream.test — a stream that reaches `[DONE]` having said nothing is the server's fault, not a zero-token success.
 *
 * A proxy or a home-grown server that writes its JSON chunks without the `data:` prefix sends
 * lines the SSE specification tells a reader to ignore; only `data: [DONE]` is left. Read as
 * written, that is a response of no events at all, and recording it as a success would count
 * a request with no output as completed (and a fast one). A non-streamed body with no choices
 * is `invalid_json`; its streamed twin is `malformed_stream`, naming the line that was ignored.
 * (The same bytes unlabelled, or to a non-streaming request, start with `{` and are read as one
 * JSON body: already `invalid_json`.)
 */
import { afterEach, describe, expect, test } from "bun:test";
import { chatChunk, chunked, jsonResponse, LAST_CHUNK, sse, sseHead } from "../support/quirk-bytes.ts";
import { send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";

afterEach(stopQuirkServer);

const bare = (delta: Parameters<typeof chatChunk>[0], finish: string | null = null) =>
  `${JSON.stringify(chatChunk(delta, { finish_reason: finish }))}\n\n`;
/** vLLM's chunks written without `data: `, then a proper `data: [DONE]`. */
const UNPREFIXED = bare({ content: "hello" }) + bare({ content: " world" }) + bare({}, "stop") + sse("[DONE]");

describe("client quirks: a stream with no completion event", () => {
  test("chunks without the `data:` prefix, then [DONE]: malformed_stream naming the ignored line", async () => {
    const r = await send(() => [sseHead(), chunked(UNPREFIXED), LAST_CHUNK]);
    expect(r.errorKind).toBe("malformed_stream");
    expect(r.errorMessage).toContain("no completion event");
    expect(r.errorMessage).toContain('not an SSE field (no "data:" prefix?): {"id":"chatcmpl-quirk"');
  });

  test("[DONE] alone: malformed_stream", async () => {
    const r = await send(() => [sseHead(), chunked(sse("[DONE]")), LAST_CHUNK]);
    expect(r.errorKind).toBe("malformed_stream");
    expect(r.errorMessage).toBe(
      "the stream reached [DONE] with no completion event (no choices, finish_reason or usage)",
    );
  });

  test.each([
    [
      "a role chunk and a finish chunk (an empty completion)",
      [sse(chatChunk({ role: "assistant" })), sse(chatChunk({}, { finish_reason: "stop" }))],
    ],
    [
      "a usage event alone",
      [
        sse({
          id: "x",
          object: "chat.completion.chunk",
          choices: [],
          usage: { prompt_tokens: 3, completion_tokens: 0, total_tokens: 3 },
        }),
      ],
    ],
  ] as const)("%s, then [DONE]: still a success", async (_name, events) => {
    const steps: Step[] = [sseHead(), chunked(events.join("") + sse("[DONE]")), LAST_CHUNK];
    const r = await send(() => steps);
    expect(r.errorKind).toBeNull();
  });

  test("a non-streamed JSON body is unaffected", async () => {
    const body = {
      id: "x",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
    };
    const r = await send(() => [jsonResponse(200, body)], { streaming: false });
    expect(r.errorKind).toBeNull();
    expect(r.finishReason).toBe("stop");
  });
});
