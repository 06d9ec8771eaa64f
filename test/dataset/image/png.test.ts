/** @module test/dataset/image/png.test — our PNG encoder's files read back: chunks, CRCs, zlib data and the Sub filter undone. */
import { describe, expect, test } from "bun:test";
import { inflateSync } from "node:zlib";
import { encodePng } from "../../../src/dataset/image/png.ts";

interface Decoded {
  width: number;
  height: number;
  rgb: Uint8Array;
  types: string[];
}

/** A reader for exactly what the encoder writes: RGB, 8 bits, one IDAT, filter type 1 on every row. */
function decodePng(file: Uint8Array): Decoded {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const types: string[] = [];
  let header: Uint8Array = new Uint8Array(0);
  let data: Uint8Array = new Uint8Array(0);
  for (let at = 8; at < file.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...file.subarray(at + 4, at + 8));
    const body = file.subarray(at + 8, at + 8 + length);
    expect(view.getUint32(at + 8 + length)).toBe(Bun.hash.crc32(file.subarray(at + 4, at + 8 + length)));
    types.push(type);
    if (type === "IHDR") header = body;
    if (type === "IDAT") data = body;
    at += 12 + length;
  }
  const h = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const [width, height] = [h.getUint32(0), h.getUint32(4)];
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const raw = inflateSync(data);
  const stride = width * 3;
  const rgb = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(1);
    for (let x = 0; x < stride; x++)
      rgb[y * stride + x] =
        ((raw[y * (stride + 1) + 1 + x] as number) + (x < 3 ? 0 : (rgb[y * stride + x - 3] as number))) & 0xff;
  }
  return { width, height, rgb, types };
}

describe("dataset/image/png", () => {
  test.each([
    [1, 1],
    [16, 16],
    [37, 21],
    [256, 3],
  ])("a %i × %i image reads back byte for byte", (width, height) => {
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 37 + (i >> 5)) & 0xff);
    const decoded = decodePng(encodePng(rgb, width, height));
    expect(decoded).toEqual({ width, height, rgb, types: ["IHDR", "IDAT", "IEND"] });
  });
});
