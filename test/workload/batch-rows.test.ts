/** @module test/workload/batch-rows.test — `--batch-size`: rows regrouped so that one row is one embeddings request. */
import { describe, expect, test } from "bun:test";
import { batchDataset } from "../../src/workload/batch-rows.ts";

const dataset = (prompts: unknown[]) => ({
  name: "d",
  path: "d.jsonl",
  rows: prompts.map((prompt) => ({ prompt, extra: 1 })),
  columns: ["prompt", "extra"],
});

describe("workload/batch-rows", () => {
  test.each([
    [1, ["a", "b", "c"], null],
    [2, ["a", "b", "c"], [["a", "b"], ["c"]]],
    [3, ["a", "b", "c"], [["a", "b", "c"]]],
    [8, ["a", "b"], [["a", "b"]]],
  ])("batch size %d", (size, prompts, groups) => {
    const source = dataset(prompts);
    const batched = batchDataset(source, size);
    if (groups === null) expect(batched).toBe(source);
    else {
      expect(batched.rows).toEqual(groups.map((prompt) => ({ prompt })));
      expect(batched.columns).toEqual(["prompt", "extra"]);
    }
  });

  test("refuses a row without a text prompt, naming the file and row", () => {
    expect(() => batchDataset(dataset(["a", [1, 2]]), 2)).toThrow(
      /^d\.jsonl: row 2: --batch-size needs a string 'prompt'/,
    );
  });
});
