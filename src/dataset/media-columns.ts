/**
 * @module dataset/media-columns — a dataset's `image`, `images`, `audio` and `video` columns (or the
 * columns `parser.image=COL`… name) turned into content parts after the row's prompt, once, at load.
 *
 * Each cell holds one entry or a list of them (a path, a URL, a data URL, a Hugging Face
 * `{bytes, path}`; in CSV a JSON list in the cell); an empty cell adds nothing. The prompt becomes
 * chat's content-part list — its text first, then `image`, `images`, `audio` and `video` in that order —
 * and the media columns leave the row, so no body forwards them. A row whose `messages` are sent
 * as written takes its media in those messages' parts: media columns beside them are refused,
 * since where in the conversation they belong is the row's to say. Any entry that cannot be read
 * is an error naming the row, the column and the file, before any request.
 */
import { dirname } from "node:path";
import { InputError } from "../errors.ts";
import type { DatasetRow, RowLocator } from "./file-rows.ts";
import type { Modality } from "./media-parts.ts";
import { mediaPart, type MediaContext } from "./media-source.ts";

type Json = Record<string, unknown>;

/** The columns that name media, in the order their parts follow the text, and what each carries. */
const MEDIA_COLUMNS: Readonly<Record<string, Modality>> = {
  image: "image",
  images: "image",
  audio: "audio",
  video: "video",
};

/** A cell's entries: a list as it is, a CSV cell's JSON list parsed, one value as one entry, empty as none. */
function entriesOf(cell: unknown): unknown[] {
  if (cell === null || cell === undefined || cell === "") return [];
  if (Array.isArray(cell)) return cell;
  if (typeof cell === "string" && cell.trim().startsWith("[")) {
    const parsed: unknown = JSON.parse(cell);
    if (Array.isArray(parsed)) return parsed;
  }
  return [cell];
}

function promptWithParts(prompt: unknown, parts: Json[]): unknown {
  if (parts.length === 0) return prompt;
  if (typeof prompt === "string") return [{ type: "text", text: prompt }, ...parts];
  if (Array.isArray(prompt)) return [...prompt, ...parts];
  return prompt === undefined || prompt === null ? parts : prompt;
}

/** The directory a dataset's relative media paths resolve against: a file's own, a dataset directory itself. */
export function mediaBaseDir(path: string, isDirectory: boolean): string | null {
  if (/^hf:\/\//.test(path)) return null;
  return isDirectory ? path : dirname(path);
}

/**
 * The rows with their media columns as parts of their prompts; the same rows and columns when the
 * dataset has none. `sources` names a renamed column's file column in errors.
 */
export function attachMediaColumns(
  rows: DatasetRow[],
  columns: readonly string[],
  baseDir: string | null,
  locate: RowLocator,
  sources: Readonly<Record<string, string>> = {},
): { rows: DatasetRow[]; columns: string[] } {
  const media = Object.keys(MEDIA_COLUMNS).filter((c) => columns.includes(c));
  if (media.length === 0) return { rows, columns: [...columns] };
  const ctx: MediaContext = { baseDir, cache: new Map() };
  const named = (c: string) => `column '${c}'${sources[c] ? ` (from '${sources[c]}')` : ""}`;
  const out = rows.map((row, index) => {
    const parts: Json[] = [];
    const rest: DatasetRow = {};
    for (const [key, value] of Object.entries(row)) if (!media.includes(key)) rest[key] = value;
    for (const column of media) {
      try {
        for (const entry of entriesOf(row[column]))
          parts.push(mediaPart(entry, MEDIA_COLUMNS[column] as Modality, ctx));
      } catch (error) {
        if (!(error instanceof InputError) && !(error instanceof SyntaxError)) throw error;
        const hint = error instanceof InputError ? error.hint : "a list cell must be a JSON list of paths or URLs";
        throw new InputError(`${locate(index)}: ${named(column)}: ${error.message}`, hint ? { hint } : {});
      }
    }
    if (parts.length > 0 && Array.isArray(row.messages) && row.messages.length > 0)
      throw new InputError(`${locate(index)}: the row has 'messages' and ${named(media[0] as string)}`, {
        hint: "put the media in the messages' content parts, where the row says which turn carries them, or drop 'messages'",
      });
    if (parts.length > 0) rest.prompt = promptWithParts(row.prompt, parts);
    return rest;
  });
  const kept = columns.filter((c) => !media.includes(c));
  return { rows: out, columns: kept.includes("prompt") ? kept : [...kept, "prompt"] };
}
