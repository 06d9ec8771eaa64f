/**
 * @module server/request-media — the image, audio and video parts of a request's messages, as `serve`
 * checks and counts them: each part must have the fields its API gives it (chat's `image_url.url`,
 * `input_audio.data` and `.format`, vLLM's `video_url.url` and `audio_url.url`, Responses'
 * `input_image.image_url`, Anthropic's `image.source` with base64 `data` and `media_type` or a `url`),
 * else the request is a 400 naming the part, as a real server refuses it. Nothing is decoded: the
 * mock answers as it does for text, and `/metrics` and the observations count the parts.
 */
import { countContentMedia, noMedia, type MediaCounts } from "../dataset/media-parts.ts";

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
const isText = (value: unknown) => typeof value === "string" && value.length > 0;

/** What a part of this type lacks, or null when it has what its API asks. */
function partProblem(part: Json): string | null {
  switch (part.type) {
    case "image_url":
      return isText(asJson(part.image_url)?.url) ? null : "image_url.url: expected a URL";
    case "input_image":
      return isText(part.image_url) || isText(part.file_id) ? null : "image_url: expected a URL";
    case "input_audio": {
      const audio = asJson(part.input_audio);
      return isText(audio?.data) && isText(audio?.format) ? null : "input_audio: expected data and format";
    }
    case "audio_url":
      return isText(asJson(part.audio_url)?.url) ? null : "audio_url.url: expected a URL";
    case "video_url":
      return isText(asJson(part.video_url)?.url) ? null : "video_url.url: expected a URL";
    case "image": {
      const source = asJson(part.source);
      if (source?.type === "base64")
        return isText(source.data) && isText(source.media_type) ? null : "source: expected data and media_type";
      return source?.type === "url" && isText(source.url) ? null : "source: expected a base64 or url source";
    }
    default:
      return null;
  }
}

type MediaResult = { ok: true; counts: MediaCounts } | { ok: false; message: string };

/** The media parts of `messages` (their `content` lists) counted, or the first malformed one named. */
export function readRequestMedia(messages: readonly { content?: unknown }[]): MediaResult {
  const counts = noMedia();
  for (const [m, message] of messages.entries()) {
    const content = message.content;
    if (!Array.isArray(content)) continue;
    for (const [p, part] of content.entries()) {
      const problem = asJson(part) ? partProblem(part as Json) : null;
      if (problem) return { ok: false, message: `messages.${m}.content.${p}.${problem}` };
    }
    countContentMedia(content, counts);
  }
  return { ok: true, counts };
}

/** True when any part was counted. */
export const hasMedia = (counts: MediaCounts): boolean => counts.image + counts.audio + counts.video > 0;
