/**
 * @module dataset/request-content — what one request body carried: its images, audio (and how long
 * it plays), videos, and its size in bytes, read from the body text itself after the run.
 *
 * From the body, not the row, so the count is of what was sent, in any API's shape (chat's parts,
 * Responses' items, Messages' blocks, and a `messages` column's parts as written). A body with no
 * media part name in it is not parsed. Audio's length is read from its base64 data's headers
 * (dataset/audio-duration); an audio part whose length cannot be read (a URL, a format we cannot
 * measure) makes the request's audio null — unmeasured, never 0.
 */
import { audioDurationNs, sniffAudioFormat } from "./audio-duration.ts";
import { countContentMedia, noMedia, partModality } from "./media-parts.ts";

type Json = Record<string, unknown>;

export interface RequestContent {
  images: number;
  videos: number;
  /** Nanoseconds of audio; null when an audio part's length is unknown. */
  audioNs: number | null;
  /** The body's UTF-8 bytes. */
  bytes: number;
}

/** A media part's type named in JSON text: bodies without one cannot carry media. */
const MEDIA_NAMES = /"(?:image_url|input_image|image|input_audio|audio_url|video_url)"/;

const asJson = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** The content lists of a body's turns: chat's and Messages' `messages`, Responses' `input` items. */
function contents(body: Json): unknown[] {
  const turns = [body.messages, body.input].flatMap((list) => (Array.isArray(list) ? list : []));
  return turns.map((turn) => asJson(turn)?.content);
}

function audioPartNs(part: Json): number | null {
  const audio = asJson(part.input_audio);
  let data = typeof audio?.data === "string" ? audio.data : null;
  const url = asJson(part.audio_url)?.url;
  if (data === null && typeof url === "string" && url.startsWith("data:")) data = url.slice(url.indexOf(",") + 1);
  if (data === null) return null;
  const bytes = Buffer.from(data, "base64");
  const format = sniffAudioFormat(bytes);
  return format === null ? null : audioDurationNs(bytes, format);
}

/** What `body` (a request's JSON text) carried. */
export function requestContent(body: string): RequestContent {
  const bytes = Buffer.byteLength(body, "utf8");
  if (!MEDIA_NAMES.test(body)) return { images: 0, videos: 0, audioNs: 0, bytes };
  const counts = noMedia();
  let audioNs: number | null = 0;
  for (const content of contents(JSON.parse(body) as Json)) {
    countContentMedia(content, counts);
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      if (partModality(part) !== "audio") continue;
      const ns = audioPartNs(part as Json);
      audioNs = ns === null || audioNs === null ? null : audioNs + ns;
    }
  }
  return { images: counts.image, videos: counts.video, audioNs, bytes };
}

/**
 * Each (dataset row, model index)'s content from a workload's bodies — one block of rows per model of a
 * mix (workload/model-workload), a row's own model from the first block — each body read once.
 */
export function requestContentOf(
  bodies: readonly string[],
  rows: number,
): (row: number, model: number) => RequestContent | null {
  const blocks = rows > 0 ? Math.max(1, Math.floor(bodies.length / rows)) : 1;
  const known = new Map<number, RequestContent>();
  return (row, model) => {
    const index = (model < blocks ? model : 0) * rows + row;
    const body = bodies[index];
    if (body === undefined) return null;
    let content = known.get(index);
    if (content === undefined) {
      content = requestContent(body);
      known.set(index, content);
    }
    return content;
  };
}
