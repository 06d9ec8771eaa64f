/** @module test/metrics/token-gaps — the ITL column: compact while every gap is whole ns below 2^32, exact always. */
import { describe, expect, test } from "bun:test";
import { rollupSorted } from "../../src/metrics/series-rollup.ts";
import { sortFiniteInPlace } from "../../src/metrics/percentiles.ts";
import { spreadChunkGaps, TokenGapBuilder } from "../../src/metrics/token-gaps.ts";

function build(values: readonly number[], estimate = 0) {
  const builder = new TokenGapBuilder(estimate);
  for (const v of values) builder.push(v);
  return builder.finish();
}

describe("metrics/token-gaps", () => {
  test.each([
    ["nothing", [], "Uint32Array"],
    ["whole ns", [1, 2_000_000, 4_294_967_295], "Uint32Array"],
    ["a fraction widens", [5, 7.5, 9], "Float64Array"],
    ["2^32 ns or more widens", [5, 4_294_967_296], "Float64Array"],
    ["a negative value widens", [5, -1], "Float64Array"],
    [
      "a widening value late in a long column",
      [...Array.from({ length: 1000 }, (_, i) => i * 1000), 0.25],
      "Float64Array",
    ],
  ])("%s: every value kept as given, as %s", (_name, values, type) => {
    const column = build(values);
    expect(column.constructor.name).toBe(type);
    expect(Array.from(column)).toEqual(values);
  });

  test.each([
    ["fewer than estimated", 100, 37],
    ["exactly the estimate", 1000, 1000],
    ["more than estimated (grows)", 10, 1000],
    ["no estimate", 0, 5000],
  ])("keeps every value in order: %s", (_name, estimate, count) => {
    const values = Array.from({ length: count }, (_, i) => (i * 7919) % 100_000);
    expect(Array.from(build(values, estimate))).toEqual(values);
  });

  test.each([
    ["an exact estimate: a view, no copy", 1000, 1000, 1000],
    ["a small shortfall: a view of the estimate", 1000, 900, 1000],
    ["a large shortfall: a copy of the filled part", 1000, 10, 10],
  ])("hands back %s", (_name, estimate, count, bufferLength) => {
    const column = build(
      Array.from({ length: count }, (_, i) => i),
      estimate,
    );
    expect(column.buffer.byteLength / column.BYTES_PER_ELEMENT).toBe(bufferLength);
  });

  test.each([
    ["one token per chunk", [100, 200], null, [100, 200]],
    ["k tokens share their chunk's gap", [100, 300], [1, 3], [100, 100, 100, 100]],
    ["an uneven share stays exact", [100], [3], [100 / 3, 100 / 3, 100 / 3]],
  ])("spreads chunk gaps: %s", (_name, gaps, tokens, expected) => {
    const builder = new TokenGapBuilder();
    spreadChunkGaps(Float64Array.from(gaps), tokens ? Uint16Array.from(tokens) : null, builder);
    expect(Array.from(builder.finish())).toEqual(expected);
  });

  test("a uint32 column summarizes exactly as the same values in float64", () => {
    const values = Array.from({ length: 10_001 }, (_, i) => 1_000_000 + ((i * 104_729) % 9_000_000));
    const narrow = sortFiniteInPlace(build(values));
    const wide = sortFiniteInPlace(Float64Array.from(values));
    expect(narrow).toBeInstanceOf(Uint32Array);
    expect(rollupSorted(narrow, { earlyStopping: true })).toEqual(rollupSorted(wide, { earlyStopping: true }));
  });
});
