/**
 * @module test/workload/batch-rows.test — `--batch-size`: rows regrouped so that one row is one embeddings request,
 * never mixing rows of different models (a `model` column).
 */
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

  const named = (cells: [string, string | null][]) => ({
    name: "d",
    path: "d.jsonl",
    rows: cells.map(([prompt, model]) => (model === null ? { prompt } : { prompt, model })),
    columns: ["prompt", "model"],
  });

  test.each([
    [
      "two models interleaved",
      2,
      [
        ["a", "x"],
        ["b", "y"],
        ["c", "x"],
        ["d", "y"],
        ["e", "x"],
      ],
      [
        { prompt: ["a", "c"], model: "x" },
        { prompt: ["b", "d"], model: "y" },
        { prompt: ["e"], model: "x" },
      ],
    ],
    [
      "rows naming none batch together, apart from a named model's",
      3,
      [
        ["a", null],
        ["b", "lora,v2=1"],
        ["c", null],
        ["d", ""],
        ["e", " lora,v2=1 "],
      ],
      [{ prompt: ["a", "c", "d"] }, { prompt: ["b", "e"], model: "lora,v2=1" }],
    ],
    [
      "one model throughout",
      2,
      [
        ["a", "x"],
        ["b", "x"],
        ["c", "x"],
      ],
      [
        { prompt: ["a", "b"], model: "x" },
        { prompt: ["c"], model: "x" },
      ],
    ],
  ] as const)("%s: each batch goes to its rows' model", (_, size, cells, expected) => {
    expect(batchDataset(named(cells as unknown as [string, string | null][]), size).rows).toEqual(expected as never);
  });

  test("refuses a model cell that is not text, naming the file row", () => {
    const source = { name: "d", path: "d.jsonl", rows: [{ prompt: "a" }, { prompt: "b", model: 7 }], columns: [] };
    expect(() => batchDataset(source, 2)).toThrow(/^d\.jsonl: row 2: its model column must be a model name/);
  });

  test("refuses a row without a text prompt, naming the file and row", () => {
    expect(() => batchDataset(dataset(["a", [1, 2]]), 2)).toThrow(
      /^d\.jsonl: row 2: --batch-size needs a string 'prompt'/,
    );
  });
});
