/**
 * @module test/sweep/read-sweep-file.test — a finished sweep's sweep.json, parsed with its schema: a file written before
 * the Pareto fields is refused naming the file and what it lacks, and `report pareto` never draws a point without axes.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../../src/errors.ts";
import { writeParetoReport } from "../../src/report/pareto/pareto-report.ts";
import { readSweepFile } from "../../src/sweep/read-sweep-file.ts";
import { emptySweepResult } from "../../src/sweep/run-sweep.ts";
import { parseSweepFlags } from "../../src/sweep/sweep-flags.ts";
import { failedStep, type SweepStep } from "../../src/sweep/sweep-step.ts";

const root = mkdtempSync(join(tmpdir(), "ie-read-sweep-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const slo = { ttft_ms: null, tpot_ms: null, latency_ms: null };

/** A finished concurrency sweep of two steps, as this version writes it, with `edit` applied to each step. */
function sweepDir(name: string, edit: (step: Record<string, unknown>) => void = () => {}): string {
  const { plan } = parseSweepFlags({ "sweep.concurrencies": ["1", "4"] });
  const steps = [1, 4].map(
    (c, i): SweepStep => ({
      ...failedStep(i + 1, "concurrency", c, join(root, name, `c${c}`), "", false),
      state: "complete",
      note: null,
      interactivity: 90 - i * 10,
      output_tps: 100 * c,
      output_tps_per_gpu: null,
    }),
  );
  const doc = JSON.parse(JSON.stringify({ ...emptySweepResult(plan), state: "complete", steps, slo }));
  for (const step of doc.steps) edit(step);
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "sweep.json"), JSON.stringify(doc));
  return dir;
}

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error("not refused");
};

const pareto = (dirs: string[]) =>
  writeParetoReport({
    dirs,
    labels: [],
    minAccuracy: null,
    out: join(root, "out", "pareto.html"),
    readSteps: (dir) => {
      const { file, sweep } = readSweepFile(dir, "a sweep's file with the Pareto axes");
      return { file, steps: sweep.steps };
    },
  });

describe("sweep/read-sweep-file", () => {
  test("a sweep.json written before interactivity is refused, naming the file and the missing field", () => {
    const dir = sweepDir("old", (s) => {
      delete s.interactivity;
      delete s.output_tps_per_gpu;
    });
    expect(refusal(() => pareto([dir]))).toBe(
      `${join(dir, "sweep.json")} is not a sweep's file with the Pareto axes: steps[0] lacks output_tps_per_gpu, interactivity`,
    );
  });

  test("a wrong type is named where it is; broken JSON and a missing file are refused too", () => {
    const dir = sweepDir("typed", (s) => {
      s.kind = "burst";
    });
    expect(refusal(() => readSweepFile(dir))).toStartWith(
      `${join(dir, "sweep.json")} is not a sweep's file: steps[0].kind: `,
    );
    const broken = sweepDir("broken");
    writeFileSync(join(broken, "sweep.json"), "{");
    expect(refusal(() => readSweepFile(broken))).toStartWith(`${join(broken, "sweep.json")} is not valid JSON`);
    expect(refusal(() => readSweepFile(join(root, "none")))).toBe(`no sweep.json in ${join(root, "none")}`);
  });

  test("without --gpus y is output_tps: a sweep.json without it is refused, one with it gives every point both axes", () => {
    const dir = sweepDir("no-tps", (s) => {
      delete s.output_tps;
    });
    expect(refusal(() => pareto([dir]))).toBe(
      `${join(dir, "sweep.json")}: steps[0] lacks output_tps, the y axis when not every step has output_tps_per_gpu (--gpus)`,
    );
    const { doc } = pareto([sweepDir("current")]);
    expect(doc.y_per_gpu).toBe(false);
    expect(doc.points.map((p) => [p.x, p.y])).toEqual([
      [90, 100],
      [80, 400],
    ]);
  });

  test("with --gpus on every step, a sweep.json from before output_tps still draws (y per GPU)", () => {
    const dir = sweepDir("gpus", (s) => {
      delete s.output_tps;
      s.output_tps_per_gpu = (s.offered as number) * 25;
    });
    const { doc } = pareto([dir]);
    expect(doc.y_per_gpu).toBe(true);
    expect(doc.points.map((p) => p.y)).toEqual([25, 100]);
  });
});
