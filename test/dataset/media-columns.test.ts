/**
 * @module test/dataset/media-columns.test — image, audio and video columns become the prompt's content parts at
 * load, from real files in a temp directory; each refusal names the row, the column and the file.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodePng } from "../../src/dataset/image/png.ts";
import { loadDataset } from "../../src/dataset/load-dataset.ts";
import { wavBytes } from "../support/wav-bytes.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-media-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, "media"));
const png = encodePng(new Uint8Array(16 * 16 * 3).fill(200), 16, 16);
const wav = wavBytes(16000, 1, 8000);
writeFileSync(join(dir, "media", "a.png"), png);
writeFileSync(join(dir, "media", "b.bin"), png);
writeFileSync(join(dir, "media", "s.wav"), wav);
writeFileSync(join(dir, "media", "clip.mp4"), Uint8Array.of(0, 0, 0, 24, ...Buffer.from("ftypisom"), 0, 0, 0, 0));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

function load(lines: readonly unknown[], options: { parser?: Record<string, string>; name?: string } = {}) {
  const path = join(dir, options.name ?? "rows.jsonl");
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n"));
  return loadDataset({ path, parser: options.parser ?? null });
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return `${(error as Error).message} | ${(error as { hint?: string }).hint ?? ""}`;
  }
  throw new Error("expected a refusal");
}

describe("dataset/media-columns", () => {
  test("paths relative to the dataset's directory, URLs and data URLs become parts after the text, in column order", () => {
    const dataset = load([
      {
        prompt: "describe",
        image: "media/a.png",
        audio: "media/s.wav",
        video: "https://example.com/v.mp4",
        images: ["https://example.com/x.jpg", "media/b.bin"],
      },
      { prompt: "plain" },
    ]);
    expect(dataset.columns).toEqual(["prompt"]);
    expect(dataset.rows[0]?.prompt).toEqual([
      { type: "text", text: "describe" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${b64(png)}` } },
      { type: "image_url", image_url: { url: "https://example.com/x.jpg" } },
      { type: "image_url", image_url: { url: `data:image/png;base64,${b64(png)}` } },
      { type: "input_audio", input_audio: { data: b64(wav), format: "wav" } },
      { type: "video_url", video_url: { url: "https://example.com/v.mp4" } },
    ]);
    expect(dataset.rows[1]).toEqual({ prompt: "plain" });
  });

  test("a file named by many rows is read once: its part is shared", () => {
    const rows = load([
      { prompt: "a", image: "media/a.png" },
      { prompt: "b", image: join(dir, "media", "a.png") },
    ]).rows;
    expect((rows[0]?.prompt as unknown[])[1]).toBe((rows[1]?.prompt as unknown[])[1]);
  });

  test("parser.images maps another column; a CSV cell holds a JSON list; a video file is a data URL of its type", () => {
    const remapped = load([{ q: "x", pics: ["media/a.png", "media/a.png"], clip: "media/clip.mp4" }], {
      parser: { prompt: "q", images: "pics", video: "clip" },
    });
    const parts = remapped.rows[0]?.prompt as { type: string; video_url?: { url: string } }[];
    expect(parts.map((p) => p.type)).toEqual(["text", "image_url", "image_url", "video_url"]);
    expect(parts[3]?.video_url?.url.startsWith("data:video/mp4;base64,")).toBe(true);
    writeFileSync(join(dir, "rows.csv"), 'prompt,images\nhi,"[""media/a.png"",""https://example.com/y.png""]"\n');
    const csv = loadDataset({ path: join(dir, "rows.csv") });
    expect((csv.rows[0]?.prompt as unknown[]).length).toBe(3);
  });

  test.each([
    [{ prompt: "x", image: "media/none.png" }, /rows\.jsonl:1: column 'image': file not found: .*media\/none\.png/],
    [{ prompt: "x", audio: "https://example.com/a.wav" }, /column 'audio': audio .* must be a file or a data:audio/],
    [{ prompt: "x", audio: "media/a.png" }, /column 'audio': .*a\.png is not a wav, mp3, flac file/],
    [{ prompt: "x", video: "media/a.png" }, /column 'video': .*a\.png is not an video type we know/],
    [{ prompt: "x", image: 12 }, /column 'image': expected a path, a URL or \{bytes, path\}, got 12/],
    [
      { messages: [{ role: "user", content: "hi" }], image: "media/a.png" },
      /rows\.jsonl:1: the row has 'messages' and column 'image' \| put the media in the messages' content parts/,
    ],
  ])("%o is refused", (row, message) => {
    expect(refusal(() => load([{ prompt: "fine" }, row].slice(1)))).toMatch(message);
  });

  test("a relative path found only from the working directory is refused, saying which directory was meant", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "ie-media-cwd-"));
    const previous = process.cwd();
    try {
      writeFileSync(join(elsewhere, "only-here.png"), png);
      process.chdir(elsewhere);
      expect(refusal(() => load([{ prompt: "x", image: "only-here.png" }]))).toMatch(
        /file not found: .*only-here\.png \(relative paths are resolved against the dataset's directory\) \| only-here\.png exists from the working directory/,
      );
    } finally {
      process.chdir(previous);
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
