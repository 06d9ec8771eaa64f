/** @module test/dataset/upstream-random — upstream's `name: random` + generate_params, read as our random dataset. */
import { describe, expect, test } from "bun:test";
import { isSyntheticDataset, syntheticDataset } from "../../src/dataset/synthetic-dataset.ts";
import { upstreamRandomPlan } from "../../src/dataset/upstream-random.ts";
import { InputError } from "../../src/errors.ts";

describe("dataset/upstream-random", () => {
  test.each([
    [{}, { rows: 1024, isl: "1024", seed: 42, tokenizer: null }],
    [
      { num_sequences: 10, input_seq_length: 200, range_ratio: 0.25, random_seed: 3, tokenizer: "gpt2" },
      { rows: 10, isl: "uniform:50:200", seed: 3, tokenizer: "gpt2" },
    ],
    [
      { num_sequences: "5", input_seq_length: "7", range_ratio: "0.5" },
      { rows: 5, isl: "uniform:3:7", seed: 42, tokenizer: null },
    ],
    [
      { input_seq_length: 1, range_ratio: 0.1 },
      { rows: 1024, isl: "1", seed: 42, tokenizer: null },
    ],
  ])("generate_params %p → %p", (params, plan) => {
    expect(upstreamRandomPlan(params, "random")).toEqual(plan);
  });

  test.each([
    [{ num_sequence: 5 }, "generate_params.num_sequence"],
    [{ range_ratio: 0 }, "generate_params.range_ratio"],
    [{ save_tokenized_data: true }, "generate_params.save_tokenized_data: true is not supported"],
  ])("refuses %p naming the key", (params, text) => {
    expect(() => upstreamRandomPlan(params, "random")).toThrow(InputError);
    expect(() => upstreamRandomPlan(params, "random")).toThrow(text);
  });

  test("name: random without a path builds num_sequences prompts in range and asks for no output length", () => {
    const spec = {
      path: null,
      name: "random",
      generate_params: { num_sequences: 40, input_seq_length: 30, range_ratio: 0.5, random_seed: 1 },
    };
    expect(isSyntheticDataset(spec)).toBe(true);
    const dataset = syntheticDataset(spec, 42, null);
    expect(dataset.rows).toHaveLength(40);
    const lengths = dataset.rows.map((row) => String(row.prompt).split(" ").length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(30);
    expect(new Set(lengths).size).toBeGreaterThan(5);
    expect(dataset.rows.every((row) => !("max_new_tokens" in row) && !("ignore_eos" in row))).toBe(true);
    // Seeded by random_seed, not the dataloader seed.
    expect(syntheticDataset(spec, 7, null).rows).toEqual(dataset.rows);
  });
});
