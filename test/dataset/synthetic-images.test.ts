/** @module test/dataset/synthetic-images.test — the random dataset's images: sizes parsed, seeded, distinct, decodable. */
import { describe, expect, test } from "bun:test";
import jpeg from "jpeg-js";
import { parseImageSize } from "../../src/dataset/image-size.ts";
import { syntheticImageParts } from "../../src/dataset/synthetic-images.ts";
import { syntheticDataset } from "../../src/dataset/synthetic-dataset.ts";

const urlOf = (part: Record<string, unknown>) => (part.image_url as { url: string }).url;
const bytesOf = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");

describe("dataset/synthetic-images", () => {
  test.each([
    ["256x256", { width: 256, height: 256 }],
    ["640X480", { width: 640, height: 480 }],
    [" 16x8192 ", { width: 16, height: 8192 }],
  ])("image_size=%s", (text, size) => {
    expect(parseImageSize(text)).toEqual(size);
  });

  test.each(["256", "15x16", "16x8193", "axb", "256x256x3"])("image_size=%s is refused", (text) => {
    expect(() => parseImageSize(text)).toThrow(/expected WIDTHxHEIGHT, each 16–8192 pixels/);
  });

  test("every image differs; the same seed draws the same ones, another seed others", () => {
    const spec = { perRow: 2, width: 32, height: 24, format: "png" as const };
    const urls = syntheticImageParts(50, spec, 7).flat().map(urlOf);
    expect(new Set(urls).size).toBe(100);
    expect(syntheticImageParts(50, spec, 7).flat().map(urlOf)).toEqual(urls);
    expect(syntheticImageParts(1, spec, 8).flat().map(urlOf)[0]).not.toBe(urls[0]);
    expect(urls[0]?.startsWith("data:image/png;base64,iVBORw0KGgo")).toBe(true);
  });

  test("JPEG images decode to the size asked for", () => {
    const [part] = syntheticImageParts(1, { perRow: 1, width: 40, height: 24, format: "jpeg" }, 1).flat();
    const url = urlOf(part as Record<string, unknown>);
    expect(url.startsWith("data:image/jpeg;base64,")).toBe(true);
    const decoded = jpeg.decode(bytesOf(url), { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([40, 24]);
  });

  test("the random dataset puts N images after each prompt's text, and its text is what it is without images", () => {
    const spec = { path: "random", isl: "8", osl: "4", max_rows: 3 };
    const plain = syntheticDataset(spec, 42, null);
    const withImages = syntheticDataset({ ...spec, images: 2, image_size: "16x16" }, 42, null);
    withImages.rows.forEach((row, i) => {
      const parts = row.prompt as Record<string, unknown>[];
      expect(parts.map((p) => p.type)).toEqual(["text", "image_url", "image_url"]);
      expect(parts[0]?.text).toBe(plain.rows[i]?.prompt);
      expect(row.max_new_tokens).toBe(4);
    });
  });
});
