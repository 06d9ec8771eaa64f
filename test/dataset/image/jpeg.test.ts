/**
 * @module test/dataset/image/jpeg.test — our baseline JPEG encoder read back by jpeg-js (a decoder no one
 * here wrote): sizes, edge padding, qualities, and the tables it writes.
 */
import { describe, expect, test } from "bun:test";
import jpeg from "jpeg-js";
import { encodeJpeg } from "../../../src/dataset/image/jpeg.ts";
import { AC_BITS, AC_SYMBOLS, quantTables, ZIGZAG } from "../../../src/dataset/image/jpeg-tables.ts";

/** A smooth picture: the content the synthetic dataset draws, for which JPEG's loss stays small. */
function gradient(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rgb.set([(x * 255) / Math.max(1, width - 1), (y * 255) / Math.max(1, height - 1), 96], (y * width + x) * 3);
  return rgb;
}

function maxDifference(a: Uint8Array, b: Uint8Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
  return max;
}

describe("dataset/image/jpeg", () => {
  test.each([
    [8, 8, 90, 6],
    [37, 21, 90, 4],
    [256, 256, 90, 4],
    [64, 40, 50, 10],
    [16, 16, 100, 2],
  ])("a %i × %i gradient at quality %i decodes to within %i of every byte", (width, height, quality, tolerance) => {
    const rgb = gradient(width, height);
    const decoded = jpeg.decode(encodeJpeg(rgb, width, height, quality), { useTArray: true, formatAsRGBA: false });
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(maxDifference(rgb, decoded.data)).toBeLessThanOrEqual(tolerance);
  });

  test("the AC table codes every run/size symbol once, with EOB and ZRL; zig-zag is a permutation", () => {
    const expected = [0x00, 0xf0];
    for (let run = 0; run < 16; run++) for (let size = 1; size <= 10; size++) expected.push((run << 4) | size);
    expect([...AC_SYMBOLS].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(AC_BITS.reduce((a, b) => a + b, 0)).toBe(AC_SYMBOLS.length);
    expect([...ZIGZAG].sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    expect([...ZIGZAG.subarray(0, 10)]).toEqual([0, 1, 8, 16, 9, 2, 3, 10, 17, 24]);
  });

  test.each([
    [50, 16, 17],
    [100, 1, 1],
    [75, 8, 9],
  ])(
    "quality %i scales the first luminance and chrominance quantisers to %i and %i, as libjpeg",
    (quality, luma, chroma) => {
      const [l, c] = quantTables(quality);
      expect([l[0], c[0]]).toEqual([luma, chroma]);
    },
  );
});
