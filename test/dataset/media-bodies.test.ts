/**
 * @module test/dataset/media-bodies.test — a row's image, audio and video parts in each API's own shape: chat as
 * written, Responses' `input_image` and `input_audio`, Anthropic's base64 or URL `image` source; a modality an API
 * has no shape for is refused with one line naming the row and the part, never sent without it.
 */
import { describe, expect, test } from "bun:test";
import { audioPart, imagePart, videoPart } from "../../src/dataset/media-parts.ts";
import { buildDatasetBodies, buildRequestBody, type ApiType } from "../../src/dataset/request-body.ts";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const prompt = [{ type: "text", text: "what is this?" }, imagePart(PNG), imagePart("https://example.com/a.jpg")];
const params = (apiType: ApiType) => ({ apiType, model: "m", maxNewTokens: 8, streaming: false });
const body = (apiType: ApiType, row: Record<string, unknown>) => JSON.parse(buildRequestBody(row, params(apiType)));

describe("dataset/media-bodies", () => {
  test("chat sends the parts as written", () => {
    const parts = [...prompt, audioPart("UklGRg==", "wav"), videoPart("https://example.com/v.mp4")];
    expect(body("openai", { prompt: parts }).messages).toEqual([{ role: "user", content: parts }]);
  });

  test("Responses: image_url → input_image with its URL, input_audio as it is", () => {
    const { input } = body("openai_responses", { prompt: [...prompt, audioPart("UklGRg==", "mp3")] });
    expect(input).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: "what is this?" },
          { type: "input_image", image_url: PNG },
          { type: "input_image", image_url: "https://example.com/a.jpg" },
          { type: "input_audio", input_audio: { data: "UklGRg==", format: "mp3" } },
        ],
      },
    ]);
  });

  test("Anthropic: a data URL as a base64 source, an http(s) URL as a url source", () => {
    expect(body("anthropic_messages", { prompt }).messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "what is this?" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
          { type: "image", source: { type: "url", url: "https://example.com/a.jpg" } },
        ],
      },
    ]);
  });

  test.each([
    [
      "anthropic_messages",
      audioPart("UklGRg==", "wav"),
      /rows\.jsonl: row 2: carries audio \('input_audio' part\), which Anthropic's Messages API/,
    ],
    ["anthropic_messages", videoPart("https://example.com/v.mp4"), /row 2: carries video \('video_url' part\)/],
    [
      "openai_responses",
      videoPart("https://example.com/v.mp4"),
      /row 2: carries a 'video_url' part, which the Responses API .* has no shape for/,
    ],
    ["openai_completions", imagePart(PNG), /row 2: .*needs 'input_tokens' ids or a text 'prompt'/],
  ] as const)("%s refuses %o naming the row", (apiType, part, message) => {
    const dataset = { path: "rows.jsonl", rows: [{ prompt: "fine" }, { prompt: [{ type: "text", text: "x" }, part] }] };
    expect(() => buildDatasetBodies(dataset, params(apiType))).toThrow(message);
  });

  test("a messages column's parts reach Anthropic as image blocks, its audio is refused", () => {
    const messages = [{ role: "user", content: prompt }];
    expect(body("anthropic_messages", { messages }).messages[0].content[1].type).toBe("image");
    const audio = [{ role: "user", content: [audioPart("UklGRg==", "wav")] }];
    expect(() => body("anthropic_messages", { messages: audio })).toThrow(/no content block for/);
  });
});
