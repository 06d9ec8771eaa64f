/**
 * @module dataset/media-source — one image, audio or video a dataset cell names, as the content part
 * that sends it: a local file read and base64-encoded here, at load (never on the send path), a URL
 * or data URL as given, or the bytes of a Hugging Face `Image`/`Audio` cell (`{bytes, path}`).
 *
 * A relative path is resolved against the dataset file's directory, not the working directory, so
 * a dataset and its media move together; one that exists only from the working directory is refused
 * with a hint saying so, since either reading could be the intended one. The type is read from
 * the file's first bytes, else its extension; audio must be a WAV, MP3 or FLAC file whose length
 * its headers give (the report's audio seconds), and is sent as data (`input_audio` has no URL form).
 * A file named by several rows is read once and its text shared.
 */
import { existsSync, readFileSync } from "node:fs";
import { extname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../errors.ts";
import { AUDIO_FORMATS, audioDurationNs, sniffAudioFormat } from "./audio-duration.ts";
import { audioPart, imagePart, videoPart, type Modality } from "./media-parts.ts";

type Json = Record<string, unknown>;

export interface MediaContext {
  /** The directory relative paths resolve against (the dataset file's); null when there is none (hf://). */
  baseDir: string | null;
  /** Parts already made, by absolute path: a file named by many rows is read once. */
  cache: Map<string, Json>;
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
};
const VIDEO_TYPES: Readonly<Record<string, string>> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".mov": "video/quicktime",
  ".webm": "video/webm",
  ".mkv": "video/x-matroska",
  ".avi": "video/x-msvideo",
};
const DATA_AUDIO = /^data:audio\/([\w.+-]+);base64,(.*)$/s;

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The MIME type an image's or video's first bytes say, else its extension's; null when neither knows. */
function mimeOf(bytes: Uint8Array, name: string, modality: "image" | "video"): string | null {
  if (modality === "image") {
    if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === "PNG") return "image/png";
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
    if (ascii(bytes, 0, 4) === "GIF8") return "image/gif";
    if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
    return IMAGE_TYPES[extname(name).toLowerCase()] ?? null;
  }
  if (ascii(bytes, 4, 4) === "ftyp") return ascii(bytes, 8, 4) === "qt  " ? "video/quicktime" : "video/mp4";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "video/webm";
  return VIDEO_TYPES[extname(name).toLowerCase()] ?? null;
}

/** The audio part of these bytes; throws when they are not audio whose length we can read. */
function audioOf(bytes: Uint8Array, data: string | null, name: string): Json {
  const format = sniffAudioFormat(bytes);
  if (format === null || audioDurationNs(bytes, format) === null)
    throw new InputError(`${name} is not a ${AUDIO_FORMATS.join(", ")} file whose length its headers give`, {
      hint: "convert it, e.g. ffmpeg -i IN -ar 16000 OUT.wav",
    });
  return audioPart(data ?? Buffer.from(bytes).toString("base64"), format);
}

/** The part sending these bytes (a file's, or a Hugging Face cell's). */
function partOfBytes(bytes: Uint8Array, name: string, modality: Modality): Json {
  if (modality === "audio") return audioOf(bytes, null, name);
  const mime = mimeOf(bytes, name, modality);
  if (mime === null)
    throw new InputError(`${name} is not an ${modality} type we know (by its first bytes or its extension)`, {
      hint: `use one of ${Object.keys(modality === "image" ? IMAGE_TYPES : VIDEO_TYPES).join(" ")}`,
    });
  const url = `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;
  return modality === "image" ? imagePart(url) : videoPart(url);
}

function absolutePath(path: string, ctx: MediaContext): string {
  if (isAbsolute(path)) return path;
  if (ctx.baseDir === null)
    throw new InputError(`relative path ${path}: this dataset has no directory of its own to resolve it against`, {
      hint: "name the file by an absolute path or a URL",
    });
  const resolved = resolve(ctx.baseDir, path);
  if (!existsSync(resolved) && existsSync(path))
    throw new InputError(`file not found: ${resolved} (relative paths are resolved against the dataset's directory)`, {
      hint: `${path} exists from the working directory: name it by its absolute path (${resolve(path)}) if that is the one meant`,
    });
  return resolved;
}

function fileBytes(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT" || code === "ENOTDIR" ? "file not found" : `cannot read file (${code ?? String(error)})`;
    throw new InputError(`${why}: ${path}`, { hint: "relative paths are resolved against the dataset's directory" });
  }
}

function partOfFile(path: string, modality: Modality, ctx: MediaContext): Json {
  const absolute = absolutePath(path, ctx);
  const key = `${modality}:${absolute}`;
  const known = ctx.cache.get(key);
  if (known) return known;
  const part = partOfBytes(fileBytes(absolute), absolute, modality);
  ctx.cache.set(key, part);
  return part;
}

function partOfText(text: string, modality: Modality, ctx: MediaContext): Json {
  if (/^https?:\/\//i.test(text) || /^data:/i.test(text)) {
    if (modality === "image") return imagePart(text);
    if (modality === "video") return videoPart(text);
    const data = DATA_AUDIO.exec(text);
    if (!data)
      throw new InputError(
        `audio ${text.slice(0, 80)}: input_audio carries base64 data, so audio must be a file or a data:audio/… URL`,
        {
          hint: "download the audio and name the file",
        },
      );
    return audioOf(Buffer.from(data[2] as string, "base64"), data[2] as string, `data:audio/${data[1]}`);
  }
  return partOfFile(/^file:\/\//i.test(text) ? fileURLToPath(text) : text, modality, ctx);
}

/** The content part for one entry of a media cell: a path, a URL, a data URL, or `{bytes, path}`. */
export function mediaPart(value: unknown, modality: Modality, ctx: MediaContext): Json {
  if (typeof value === "string" && value.trim() !== "") return partOfText(value.trim(), modality, ctx);
  const cell = typeof value === "object" && value !== null ? (value as Json) : null;
  if (cell?.bytes instanceof Uint8Array)
    return partOfBytes(cell.bytes, typeof cell.path === "string" ? cell.path : `${modality} bytes`, modality);
  if (typeof cell?.path === "string") return partOfText(cell.path, modality, ctx);
  throw new InputError(`expected a path, a URL or {bytes, path}, got ${JSON.stringify(value)?.slice(0, 80)}`);
}
