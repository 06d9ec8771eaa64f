/**
 * @module test/workload/model-workload.test — a mix and a model column together: the run's models, each
 * request's model and body as the seeded plan fixes them, and the mix refused where it would choose for none.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import type { Dataset } from "../../src/dataset/load-dataset.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { requestParams } from "../../src/workload/config-values.ts";
import { modelWorkload } from "../../src/workload/model-workload.ts";

function config(overrides: Record<string, unknown>) {
  return buildConfig({
    command: "offline",
    overrides: { "endpoint_config.endpoints": ["http://h:1"], ...overrides },
    datasets: ["d.jsonl"],
  });
}
const dataset = (rows: Record<string, unknown>[]): Dataset => ({ name: "d", path: "d.jsonl", rows, columns: [] });
const planOf = (count: number, size: number) =>
  buildPhasePlan({
    phase: "performance",
    pattern: { type: "max_throughput" },
    count,
    datasetSize: size,
    schedulerSeed: 1,
    dataloaderSeed: 2,
  });
const modelOfBody = (body: string) => (JSON.parse(body) as { model: string }).model;

describe("workload/model-workload", () => {
  test("one model and no model column: nothing is added to the plan", () => {
    const c = config({ "model_params.name": "m" });
    const work = modelWorkload(c, dataset([{ prompt: "a" }, { prompt: "b" }]), requestParams(c));
    const plan = planOf(10, 2);
    work.assign(plan, 3);
    expect(work.models).toEqual([{ name: "m", tokenizer: null }]);
    expect(work.bodies.map(modelOfBody)).toEqual(["m", "m"]);
    expect(plan.modelIndex).toBeUndefined();
    expect(plan.bodyIndex).toBeUndefined();
    expect(work.note).toBeNull();
  });

  test("a 3:1 mix: the exact split, each request's body names its model", () => {
    const c = config({ "model_params.model_mix": ["big,v2=3", "small=1"] });
    const work = modelWorkload(c, dataset([{ prompt: "a" }, { prompt: "b" }, { prompt: "c" }]), requestParams(c));
    const plan = planOf(1000, 3);
    work.assign(plan, 3);
    const index = plan.modelIndex as Uint16Array;
    expect(index.filter((m) => m === 1).length).toBe(250);
    index.forEach((m, i) => {
      const body = work.bodies[(plan.bodyIndex as Uint32Array)[i] as number] as string;
      expect(modelOfBody(body)).toBe(["big,v2", "small"][m] as string);
      expect(JSON.parse(body).messages[0].content).toBe(["a", "b", "c"][plan.sampleIndex[i] as number]);
    });
  });

  test("a row naming its model keeps it; the mix shares the others", () => {
    const c = config({ "model_params.model_mix": ["x=1", "y=1"] });
    const rows = [{ prompt: "a" }, { prompt: "b", model: "lora-7" }];
    const work = modelWorkload(c, dataset(rows), requestParams(c));
    const plan = planOf(100, 2);
    work.assign(plan, 3);
    expect(work.models.map((m) => m.name)).toEqual(["x", "y", "lora-7"]);
    const index = plan.modelIndex as Uint16Array;
    const counts = [0, 0, 0];
    index.forEach((m, i) => {
      counts[m] = (counts[m] as number) + 1;
      expect(m === 2).toBe(plan.sampleIndex[i] === 1);
      expect(modelOfBody(work.bodies[(plan.bodyIndex as Uint32Array)[i] as number] as string)).toBe(
        work.models[m]?.name as string,
      );
    });
    expect(counts).toEqual([25, 25, 50]);
    expect(work.note).toBe(
      "d: 1 of 2 rows name their model (its model column) and go to it (lora-7); the others to the mix",
    );
  });

  test("a model column alone: each row's model, the rest to --model", () => {
    const c = config({ "model_params.name": "base" });
    const work = modelWorkload(c, dataset([{ prompt: "a" }, { prompt: "b", model: "other" }]), requestParams(c));
    const plan = planOf(4, 2);
    work.assign(plan, 3);
    expect(work.bodies.map(modelOfBody)).toEqual(["base", "other"]);
    expect(Array.from(plan.modelIndex as Uint16Array)).toEqual(Array.from(plan.sampleIndex));
    expect(plan.bodyIndex).toBeUndefined();
  });

  test("the console note names the first five row models and how many in all", () => {
    const c = config({ "model_params.name": "base" });
    const rows = Array.from({ length: 8 }, (_, i) => ({ prompt: "p", model: `m${i}` }));
    const work = modelWorkload(c, dataset([...rows, { prompt: "q" }]), requestParams(c));
    expect(work.models).toHaveLength(9);
    expect(work.note).toBe(
      "d: 8 of 9 rows name their model (its model column) and go to it (m0, m1, m2, m3, m4, … 8 in all); the others to --model base",
    );
  });

  test("SGLang's /generate names no model: a model column there is not read, as before", () => {
    const c = config({ "model_params.name": "base", "endpoint_config.api_type": "sglang" });
    const rows = [{ input_tokens: [1, 2], model: "other" }];
    const work = modelWorkload(c, dataset(rows), requestParams(c));
    expect(work.models).toEqual([{ name: "base", tokenizer: null }]);
    expect(work.note).toBeNull();
  });

  test.each([
    [[{ prompt: "a", model: "p" }], /--model-mix: every row of d\.jsonl names its model/],
    [[{ prompt: "a", model: 7 }], /d\.jsonl: row 1: its model column must be a model name/],
  ])("refuses %j", (rows, message) => {
    const c = config({ "model_params.model_mix": ["x=1", "y=1"] });
    expect(() => modelWorkload(c, dataset(rows), requestParams(c))).toThrow(message);
  });
});
