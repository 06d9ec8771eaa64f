/**
 * @module dataset/media-parts — the content parts that carry images, audio and video, in chat's shape
 * (the one rows hold), and which modality any API's part carries.
 *
 * Chat's parts are OpenAI's, as vLLM reads them: `image_url` with a data or http(s) URL,
 * `input_audio` with base64 `data` and its `format`, and vLLM's `video_url`. Rows hold these; the
 * Responses and Messages bodies rename them where their APIs have a shape for the modality
 * (dataset/responses-input, dataset/anthropic-messages) and refuse them where not. `partModality`
 * also knows the other APIs' names (`input_image`, Anthropic's `image`) and vLLM's `audio_url`, so
 * the counts after the run and `serve` read every body alike.
 */

type Json = Record<string, unknown>;

export type Modality = "image" | "audio" | "video";

const asJson = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** Part types → the modality they carry, across chat (OpenAI, vLLM), Responses and Messages. */
const PART_MODALITY: Readonly<Record<string, Modality>> = {
  image_url: "image",
  input_image: "image",
  image: "image",
  input_audio: "audio",
  audio_url: "audio",
  video_url: "video",
};

/** The modality a content part carries; null for text and anything else. */
export function partModality(part: unknown): Modality | null {
  const type = asJson(part)?.type;
  return typeof type === "string" ? (PART_MODALITY[type] ?? null) : null;
}

/** Chat's image part: a data URL or an http(s) URL. */
export function imagePart(url: string): Json {
  return { type: "image_url", image_url: { url } };
}

/** Chat's audio part: base64 data and its format (`wav`, `mp3`, …), as OpenAI and vLLM take it. */
export function audioPart(data: string, format: string): Json {
  return { type: "input_audio", input_audio: { data, format } };
}

/** vLLM's video part: a data URL or an http(s) URL. */
export function videoPart(url: string): Json {
  return { type: "video_url", video_url: { url } };
}

/** How many parts of each modality `messages` (chat, Responses input items or Messages) carry. */
export type MediaCounts = Record<Modality, number>;

export const noMedia = (): MediaCounts => ({ image: 0, audio: 0, video: 0 });

/** Adds the media parts of a message's content (a string has none) to `counts`. */
export function countContentMedia(content: unknown, counts: MediaCounts): MediaCounts {
  if (!Array.isArray(content)) return counts;
  for (const part of content) {
    const modality = partModality(part);
    if (modality) counts[modality]++;
  }
  return counts;
}
