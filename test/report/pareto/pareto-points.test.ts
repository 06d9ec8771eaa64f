/** @module test/report/pareto/pareto-points.test — steps as points: hollow ones off the frontier, per curve and pair; the CSV and the schema. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { paretoCsv } from "../../../src/report/pareto/pareto-csv.ts";
import { paretoPoints, type ParetoStep } from "../../../src/report/pareto/pareto-points.ts";
import { ParetoFileSchema, paretoJsonSchema } from "../../../src/report/pareto/pareto-schema.ts";

const step = (index: number, x: number, y: number, extra: Partial<ParetoStep> = {}): ParetoStep => ({
  index,
  kind: "concurrency",
  offered: index,
  report_dir: `/s/c${index}`,
  state: "complete",
  interactivity: x,
  output_tps_per_gpu: y,
  output_tps: y * 2,
  usd_per_million_output_tokens: 1 / y,
  usd_per_million_tokens: 0.5 / y,
  slo_met: null,
  passed: null,
  note: null,
  isl_osl: "isl64-osl8",
  ...extra,
});

const frontierSteps = (points: ReturnType<typeof paretoPoints>) =>
  points.filter((p) => p.on_frontier).map((p) => `${p.label}:${p.step}`);

describe("report/pareto/pareto-points", () => {
  test("a point that missed its SLO, or did not count, is hollow and off the frontier, even when it would top it", () => {
    const points = paretoPoints([
      {
        label: "a",
        steps: [
          step(1, 100, 10),
          step(2, 90, 40),
          step(3, 95, 50, { slo_met: false }),
          step(4, 99, 60, { note: "the load generator fell behind its schedule" }),
          step(5, 98, 70, { passed: false }),
          step(6, 50, 99, { state: "failed" }),
          step(7, 40, 80, { interactivity: null }),
        ],
      },
    ]);
    expect(points.map((p) => [p.step, p.hollow])).toEqual([
      [1, null],
      [2, null],
      [3, "missed the SLO"],
      [4, "not counted: the load generator fell behind its schedule"],
      [5, "missed the SLO"],
    ]);
    expect(frontierSteps(points)).toEqual(["a:1", "a:2"]);
  });

  test("each curve and each pair has its own frontier", () => {
    const points = paretoPoints([
      { label: "tp4", steps: [step(1, 100, 10), step(2, 50, 50), step(3, 100, 20, { isl_osl: "isl512-osl64" })] },
      { label: "tp8", steps: [step(1, 100, 30), step(2, 10, 5)] },
    ]);
    expect(frontierSteps(points).sort()).toEqual(["tp4:1", "tp4:2", "tp4:3", "tp8:1"]);
  });

  test("--min-accuracy: a score below it, or none, is hollow", () => {
    const scores: Record<number, number | null> = { 1: 0.9, 2: 0.5, 3: null };
    const points = paretoPoints(
      [
        {
          label: "a",
          steps: [step(1, 10, 10), step(2, 20, 20), step(3, 30, 30)],
          accuracyOf: (s) => scores[s.index] ?? null,
        },
      ],
      0.8,
    );
    expect(points.map((p) => p.hollow)).toEqual([null, "accuracy 0.5 below 0.8", "no accuracy score"]);
    expect(frontierSteps(points)).toEqual(["a:1"]);
  });

  test("without --gpus on every step, y is the endpoint's output tokens/s for all", () => {
    const points = paretoPoints([
      { label: "a", steps: [step(1, 10, 10), step(2, 20, 20, { output_tps_per_gpu: null })] },
    ]);
    expect(points.map((p) => p.y)).toEqual([20, 40]);
  });

  test("a sweep that is not a grid is one pair, 'all'", () => {
    expect(paretoPoints([{ label: "a", steps: [step(1, 10, 10, { isl_osl: undefined })] }])[0]?.isl_osl).toBe("all");
  });

  test("the CSV has a row per point, quoted where it must be; the document matches its committed schema", () => {
    const points = paretoPoints([{ label: 'tp4, "fp8"', steps: [step(1, 10, 10), step(2, 5, 5, { slo_met: false })] }]);
    const csv = paretoCsv(points).split("\n");
    expect(csv[0]).toBe(
      "label,isl_osl,step,kind,offered,report_dir,x,y,hollow,on_frontier,usd_per_million_output_tokens,usd_per_million_tokens",
    );
    expect(csv[1]).toBe('"tp4, ""fp8""",isl64-osl8,1,concurrency,1,/s/c1,10,10,,true,0.1,0.05');
    expect(csv[2]).toBe('"tp4, ""fp8""",isl64-osl8,2,concurrency,2,/s/c2,5,5,missed the SLO,false,0.2,0.1');
    const doc = {
      y_per_gpu: true,
      min_accuracy: null,
      curves: [{ label: "a", dir: "/s" }],
      pairs: ["isl64-osl8"],
      points,
    };
    expect(ParetoFileSchema.parse(JSON.parse(JSON.stringify(doc)))).toEqual(JSON.parse(JSON.stringify(doc)));
    const committed = JSON.parse(
      readFileSync(join(import.meta.dir, "..", "..", "..", "src", "report", "pareto", "pareto.schema.json"), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(paretoJsonSchema())));
  });
});
