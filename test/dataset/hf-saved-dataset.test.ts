/**
 * @module test/dataset/hf-saved-dataset — Hugging Face `save_to_disk` directories: a DatasetDict
 * (dataset_dict.json, one directory per split, state.json listing the Arrow stream files) and a
 * single saved split, with the cell types prompts use (text, 64-bit ints, token-id lists,
 * message structs). The files are Arrow IPC streams, as `datasets` writes them.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as arrow from "apache-arrow";
import { loadDataset } from "../../src/dataset/load-dataset.ts";
import { InputError } from "../../src/errors.ts";

const root = mkdtempSync(join(tmpdir(), "hf-saved-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeSplit(dir: string, shards: arrow.Table[]): void {
  mkdirSync(dir, { recursive: true });
  const files = shards.map((table, i) => {
    const filename = `data-${String(i).padStart(5, "0")}-of-${String(shards.length).padStart(5, "0")}.arrow`;
    writeFileSync(join(dir, filename), arrow.tableToIPC(table, "stream"));
    return { filename };
  });
  writeFileSync(
    join(dir, "state.json"),
    JSON.stringify({
      _data_files: files,
      _fingerprint: "f00d",
      _format_columns: null,
      _format_kwargs: {},
      _format_type: null,
      _output_all_columns: false,
      _split: null,
    }),
  );
  writeFileSync(join(dir, "dataset_info.json"), JSON.stringify({ citation: "", description: "", features: {} }));
}

function table(questions: string[], offset: number): arrow.Table {
  const ids = new arrow.List(new arrow.Field("item", new arrow.Int32()));
  const messages = new arrow.List(
    new arrow.Field(
      "item",
      new arrow.Struct([new arrow.Field("role", new arrow.Utf8()), new arrow.Field("content", new arrow.Utf8())]),
    ),
  );
  return new arrow.Table({
    question: arrow.vectorFromArray(questions, new arrow.Utf8()),
    id: arrow.vectorFromArray(
      questions.map((_, i) => BigInt(offset + i)),
      new arrow.Int64(),
    ),
    input_tokens: arrow.vectorFromArray(
      questions.map((_, i) => [1, 2, offset + i]),
      ids,
    ),
    messages: arrow.vectorFromArray(
      questions.map((q) => [{ role: "user", content: q }]),
      messages,
    ),
  });
}

const dict = join(root, "dict");
writeSplit(join(dict, "train"), [table(["q0", "q1"], 0), table(["q2"], 2)]);
writeSplit(join(dict, "test"), [table(["t0"], 10)]);
writeFileSync(join(dict, "dataset_dict.json"), JSON.stringify({ splits: ["train", "test"] }));
const single = join(root, "single");
writeSplit(single, [table(["only"], 5)]);

describe("dataset/hf-saved-dataset", () => {
  test("reads the train split of a DatasetDict, its shards in state.json order, cells as plain values", () => {
    const dataset = loadDataset({ path: dict, format: "huggingface" });
    expect(dataset.rows.map((r) => r.prompt)).toEqual(["q0", "q1", "q2"]);
    expect(dataset.rows[2]).toEqual({
      prompt: "q2",
      id: 2,
      input_tokens: [1, 2, 2],
      messages: [{ role: "user", content: "q2" }],
    });
  });

  test("split= picks another split; a split it lacks is one error naming the splits", () => {
    expect(loadDataset({ path: dict, split: "test" }).rows.map((r) => r.prompt)).toEqual(["t0"]);
    expect(() => loadDataset({ path: dict, split: "validation" })).toThrow(InputError);
    expect(() => loadDataset({ path: dict, split: "validation" })).toThrow(
      "has no split 'validation' (splits: train, test)",
    );
  });

  test("a single saved split is read as it is", () => {
    expect(loadDataset({ path: single }).rows).toEqual([
      { prompt: "only", id: 5, input_tokens: [1, 2, 5], messages: [{ role: "user", content: "only" }] },
    ]);
  });

  test("a damaged Arrow file names itself", () => {
    const broken = join(root, "broken");
    writeSplit(broken, [table(["x"], 0)]);
    writeFileSync(join(broken, "data-00000-of-00001.arrow"), "not arrow");
    expect(() => loadDataset({ path: broken })).toThrow(/data-00000-of-00001\.arrow: not a readable Arrow file/);
  });
});
