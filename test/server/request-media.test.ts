/**
 * @module test/server/request-media.test — serve takes image, audio and video parts on chat, Responses and Messages:
 * it answers as for text, counts them in its observations and on /metrics, and refuses a malformed part with a 400
 * naming it, as a real server would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { audioPart, imagePart, videoPart } from "../../src/dataset/media-parts.ts";
import { buildRequestBody, routeFor, type ApiType } from "../../src/dataset/request-body.ts";
import { readRequestMedia } from "../../src/server/request-media.ts";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ mode: "echo", recordObservations: true });
});
afterAll(() => server.stop());

const prompt = [
  { type: "text", text: "look here" },
  imagePart("data:image/png;base64,AA=="),
  imagePart("https://x/y.png"),
];

async function send(apiType: ApiType, parts: unknown[], streaming: boolean) {
  const body = buildRequestBody({ prompt: parts }, { apiType, model: "m", maxNewTokens: 4, streaming });
  const response = await fetch(`${server.url}${routeFor(apiType)}`, { method: "POST", body });
  await response.text();
  return response.status;
}

describe("server/request-media", () => {
  test.each([
    [
      "openai",
      [...prompt, audioPart("UklGRg==", "wav"), videoPart("https://x/v.mp4")],
      { image: 2, audio: 1, video: 1 },
    ],
    ["openai_responses", [...prompt, audioPart("UklGRg==", "mp3")], { image: 2, audio: 1, video: 0 }],
    ["anthropic_messages", prompt, { image: 2, audio: 0, video: 0 }],
  ] as const)("%s: answered as text, its parts counted", async (apiType, parts, media) => {
    for (const streaming of [false, true]) {
      expect(await send(apiType, [...parts], streaming)).toBe(200);
      expect(server.observations().at(-1)).toMatchObject({ path: routeFor(apiType), media, streaming });
    }
  });

  test("/metrics counts every part answered, by modality; a text request has no media in its observation", async () => {
    expect(await send("openai", [{ type: "text", text: "only words" }], false)).toBe(200);
    expect(server.observations().at(-1)?.media).toBeUndefined();
    const page = await (await fetch(`${server.url}/metrics`)).text();
    const counted = (m: string) =>
      Number(new RegExp(`mock_request_media_parts_total\\{[^}]*modality="${m}"\\} (\\d+)`).exec(page)?.[1]);
    const seen = server.observations().reduce((sum, o) => sum + (o.media?.image ?? 0), 0);
    expect(counted("image")).toBe(seen);
    expect(counted("video")).toBe(2);
  });

  test.each([
    [{ type: "image_url", image_url: {} }, "messages.0.content.1.image_url.url: expected a URL"],
    [
      { type: "input_audio", input_audio: { data: "AA==" } },
      "messages.0.content.1.input_audio: expected data and format",
    ],
    [{ type: "video_url", video_url: "https://x" }, "video_url.url: expected a URL"],
    [{ type: "image", source: { type: "base64", data: "AA==" } }, "source: expected data and media_type"],
  ])("%o is refused, named", (part, message) => {
    const read = readRequestMedia([{ content: [{ type: "text", text: "x" }, part] }]);
    expect(read).toEqual({ ok: false, message: expect.stringContaining(message) });
  });

  test("a malformed part is the chat route's one-line 400", async () => {
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "m",
        messages: [{ role: "user", content: [{ type: "image_url", image_url: {} }] }],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("image_url.url");
  });
});
