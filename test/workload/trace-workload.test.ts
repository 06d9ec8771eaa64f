/**
 * @module test/workload/trace-workload.test — the dataset options a trace replay uses, each seen in the bodies it
 * builds from a real file (config/rules/replay-datasets refuses the rest): the column remap and template a plain
 * dataset gets, a row's output length, its other columns on a lengths-only row, and an output length refused
 * where the API generates nothing.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { InputError } from "../../src/errors.ts";
import { traceWorkload } from "../../src/workload/trace-workload.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-trace-workload-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeTrace(name: string, rows: Record<string, unknown>[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

const ROWS = [
  { timestamp: 0, q: "first", served: "org/a", sys: "be brief" },
  { timestamp: 5, q: "second", served: "lora-b", sys: "be kind" },
  { timestamp: 9, q: "third", served: "org/a", sys: "be brief" },
];

type Body = Record<string, unknown> & { model: string; messages?: { role: string; content: unknown }[] };

/** The bodies (by row) a trace of `dataset` (its other options) builds for `apiType`. */
function bodies(dataset: Record<string, unknown>, apiType = "openai"): { bodies: Body[]; name: string } {
  const config = buildConfig({
    command: "from-config",
    overrides: {},
    yaml: {
      type: "online",
      model_params: { name: "m", streaming: "off" },
      endpoint_config: { endpoints: ["http://127.0.0.1:9"], api_type: apiType },
      datasets: [dataset],
      settings: { load_pattern: { type: "trace" } },
    },
  });
  const spec = config.datasets[0];
  if (!spec) throw new Error("no dataset");
  const trace = traceWorkload(config, spec, null);
  return { bodies: trace.bodies.map((b) => JSON.parse(b) as Body), name: trace.dataset.name };
}

const userText = (b: Body) => b.messages?.find((m) => m.role === "user")?.content;

describe("workload/trace-workload", () => {
  const path = writeTrace("remap.jsonl", ROWS);

  test.each<[string, Record<string, unknown>, (b: Body[]) => unknown, unknown]>([
    ["parser.prompt", { parser: { prompt: "q" } }, (b) => b.map(userText), ["first", "second", "third"]],
    [
      "parser.model",
      { parser: { prompt: "q", model: "served" } },
      (b) => b.map((x) => x.model),
      ["org/a", "lora-b", "org/a"],
    ],
    [
      "parser.system",
      { parser: { prompt: "q", system: "sys" } },
      (b) => b[1]?.messages,
      [
        { role: "system", content: "be kind" },
        { role: "user", content: "second" },
      ],
    ],
    ["template", { template: "Q: {q} ({sys})" }, (b) => b.map(userText)[0], "Q: first (be brief)"],
    ["max_rows", { parser: { prompt: "q" }, max_rows: 2 }, (b) => b.length, 2],
    [
      "generation_config_override",
      { parser: { prompt: "q" }, generation_config_override: { temperature: 0.25 } },
      (b) => b.map((x) => x.temperature),
      [0.25, 0.25, 0.25],
    ],
  ])("honours %s as a plain dataset does", (_option, options, read, expected) => {
    expect(read(bodies({ path, ...options }).bodies)).toEqual(expected);
  });

  test("reads format= and keeps name=", () => {
    const csv = join(dir, "trace.txt");
    writeFileSync(csv, "timestamp,prompt\n0,hello\n3,there\n");
    const trace = bodies({ path: csv, format: ".csv", name: "replayed" });
    expect(trace.bodies.map(userText)).toEqual(["hello", "there"]);
    expect(trace.name).toBe("replayed");
  });

  test("a row's output length is asked for, prompt row or lengths-only row, and its other columns go with it", () => {
    const trace = writeTrace("lengths.jsonl", [
      { timestamp: 0, prompt: "p", output_length: 7 },
      { timestamp: 1, input_length: 3, output_length: 5, system: "terse", model: "x" },
      { timestamp: 2, prompt: "q" },
    ]);
    const [withPrompt, lengthsOnly, plain] = bodies({ path: trace }).bodies;
    expect(withPrompt).toMatchObject({ max_completion_tokens: 7, min_tokens: 7, ignore_eos: true });
    expect(lengthsOnly).toMatchObject({ model: "x", max_completion_tokens: 5, min_tokens: 5, ignore_eos: true });
    expect(lengthsOnly?.messages?.[0]).toEqual({ role: "system", content: "terse" });
    expect(plain?.ignore_eos).toBeUndefined();
  });

  test("a rerank trace takes its query and documents, lengths-only rows too", () => {
    const trace = writeTrace("rerank.jsonl", [
      { timestamp: 0, query: "which?", docs: ["a", "b"] },
      { timestamp: 1, input_length: 2, docs: ["c"] },
    ]);
    const [first, second] = bodies({ path: trace, parser: { documents: "docs" } }, "rerank").bodies;
    expect(first).toEqual({ model: "m", query: "which?", documents: ["a", "b"] });
    expect(second?.documents).toEqual(["c"]);
    expect((second?.query as string).split(" ")).toHaveLength(2);
  });

  test.each([
    ["openai_embeddings", "output_length"],
    ["rerank", "GeneratedTokens"],
  ])("%s refuses a row's %s in one line naming the file and column", (apiType, column) => {
    const trace = writeTrace(`${apiType}.jsonl`, [
      { timestamp: 0, prompt: "p", documents: ["d"] },
      { timestamp: 1, prompt: "p", documents: ["d"], [column]: 4 },
    ]);
    let error: unknown;
    try {
      bodies({ path: trace }, apiType);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `${trace}:2: column '${column}' asks for 4 output tokens, and api_type ${apiType} generates none`,
    );
  });
});
