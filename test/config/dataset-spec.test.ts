import { describe, expect, test } from "bun:test";
import { parseDatasetSpec } from "../../src/config/dataset-spec.ts";
import { DatasetConfigSchema } from "../../src/config/schema/dataset.ts";
import { InputError } from "../../src/errors.ts";

describe("config/dataset-spec", () => {
  test.each([
    ["datasets/dummy_1k.jsonl", { name: "dummy_1k", type: "performance", path: "datasets/dummy_1k.jsonl" }],
    ["perf:x.jsonl", { name: "x", type: "performance", path: "x.jsonl" }],
    ["acc:gpqa.csv", { name: "gpqa", type: "accuracy", path: "gpqa.csv" }],
    ["x.jsonl,type=accuracy", { type: "accuracy" }],
    ["x.jsonl,parser.prompt=article", { parser: { prompt: "article" } }],
    ["x.jsonl,parser.prompt=q,parser.system=sys", { parser: { prompt: "q", system: "sys" } }],
    ["x.jsonl,samples=500", { samples: 500 }],
    ["x.jsonl,name=mine", { name: "mine" }],
    ["x.data,format=.jsonl", { format: ".jsonl" }],
    ["x.data,format=jsonl", { format: ".jsonl" }],
    ["x.data,format=parquet", { format: ".parquet" }],
    ["hf_dir,format=huggingface", { format: "huggingface" }],
    [
      "acc:a.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.num_repeats=3",
      { accuracy_config: { eval_method: "pass_at_1", num_repeats: 3, ground_truth: null } },
    ],
    ["C:\\data\\x.jsonl", { path: "C:\\data\\x.jsonl", name: "x" }],
    ["http://host/x.jsonl", { path: "http://host/x.jsonl" }],
    ["  x.jsonl , samples = 5 ", { path: "x.jsonl", samples: 5 }],
    ["x.csv,template=Summarize: {article}", { template: "Summarize: {article}", format: null }],
    ["x.jsonl,template=Q: {q} = {{a}}", { template: "Q: {q} = {{a}}" }],
    ["hub_dir,split=test,config=main", { split: "test", config: "main", name: "hub_dir" }],
    ["hf://datasets/openai/gsm8k@main", { path: "hf://datasets/openai/gsm8k@main", name: "gsm8k" }],
    ["hf://datasets/org/data.v2/sub/file.parquet", { name: "data.v2" }],
    ["x.jsonl", { template: null, split: null, config: null, samples: null }],
  ])("parses %p", (spec, expected) => {
    expect(parseDatasetSpec(spec)).toMatchObject(expected);
  });

  test.each([
    ["", "missing dataset path"],
    ["perf:", "missing dataset path"],
    ["x.jsonl,samples", "not key=value"],
    ["x.jsonl,parser.prompt:article", "did you mean '=' instead of ':'?"],
    ["x.jsonl,samles=500", "unknown key 'samles' (did you mean 'samples'?)"],
    ["x.jsonl,samples=0", "samples: must be ≥ 1"],
    ["x.jsonl,samples=many", "samples: expected a whole number, got 'many'"],
    ["x.jsonl,format=xml", "format: expected one of .jsonl, .json, .csv, .parquet, huggingface"],
    [
      "x.jsonl,parser.answer=col",
      "unknown parser target 'answer' (valid targets: prompt, system, model, query, documents, image, images, audio, video)",
    ],
    ["x.jsonl,parser=x,parser.prompt=y", "already has a value"],
    ["x.jsonl,parser.prompt=y,parser=x", "already holds nested options"],
    ["x.jsonl,name=a,name=b", "given twice"],
    ["perf:x.jsonl,type=accuracy", "given twice"],
    ["x.jsonl,,samples=1", "empty option"],
    ["x.jsonl,=5", "empty key"],
    ["x.jsonl,type=training", "type: expected one of performance, accuracy"],
    ["x.jsonl,template=Summarize, briefly: {article}", "a template cannot contain commas on the command line"],
    ["x.jsonl,template=", "template"],
  ])("rejects %p", (spec, detail) => {
    let caught: unknown;
    try {
      parseDatasetSpec(spec);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    const error = caught as InputError;
    expect(error.message).toStartWith(`invalid --dataset '${spec}': `);
    expect(error.message).toContain(detail);
    expect(error.hint).toContain("[perf:|acc:]PATH");
  });

  test("a YAML dataset entry may hold a template with commas and edge spaces", () => {
    const entry = DatasetConfigSchema.parse({
      path: "x.jsonl",
      template: "Summarize, briefly: {article}\n",
      split: "test",
    });
    expect(entry).toMatchObject({ template: "Summarize, briefly: {article}\n", split: "test", config: null });
  });
});
