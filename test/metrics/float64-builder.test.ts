/** @module test/metrics/float64-builder — appending to a Float64Array whose length was only estimated. */
import { describe, expect, test } from "bun:test";
import { Float64Builder } from "../../src/metrics/float64-builder.ts";

describe("metrics/float64-builder", () => {
  test.each([
    ["nothing appended", 0, 0],
    ["fewer than estimated", 100, 37],
    ["exactly the estimate", 1000, 1000],
    ["more than estimated (grows)", 10, 1000],
    ["no estimate", 0, 5000],
  ])("keeps every value in order: %s", (_, estimate, count) => {
    const builder = new Float64Builder(estimate);
    for (let i = 0; i < count; i++) builder.push(i * 0.5);
    expect(builder.length).toBe(count);
    const values = builder.finish();
    expect(values.length).toBe(count);
    expect(Array.from(values)).toEqual(Array.from({ length: count }, (_, i) => i * 0.5));
  });

  test.each([
    ["an exact estimate: a view, no copy", 1000, 1000, 1000],
    ["a small shortfall: a view of the estimate", 1000, 900, 1000],
    ["a large shortfall: a copy of the filled part", 1000, 10, 10],
  ])("hands back %s", (_, estimate, count, bufferLength) => {
    const builder = new Float64Builder(estimate);
    for (let i = 0; i < count; i++) builder.push(i);
    expect(builder.finish().buffer.byteLength / 8).toBe(bufferLength);
  });
});
