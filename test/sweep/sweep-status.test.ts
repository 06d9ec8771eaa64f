import { describe, expect, test } from "bun:test";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";
import { sweepStatusLines } from "../../src/sweep/sweep-status.ts";

const step = (
  index: number,
  kind: SweepStep["kind"],
  offered: number | null,
  achieved: number,
  passed: boolean | null,
  note: string | null = null,
): SweepStep =>
  ({
    index,
    kind,
    offered,
    report_dir: "",
    state: "complete",
    achieved_qps: achieved,
    passed,
    note,
  }) as SweepStep;

const result = (mode: SweepResult["mode"], steps: SweepStep[]): SweepResult => ({
  mode,
  state: "running",
  percentile: 99,
  precision: 0.05,
  steps,
  answer: null,
  warnings: [],
});

describe("sweep/sweep-status", () => {
  test.each<[string, SweepResult, Parameters<typeof sweepStatusLines>[1], string[]]>([
    ["before the first step", result("rates", []), null, ["sweep (rates): step -"]],
    [
      "the step under way, and an unjudged step's achieved rate",
      result("rates", [step(1, "rate", 10, 9.8, null)]),
      { index: 2, kind: "rate", offered: 20 },
      ["sweep (rates): step 2, rate 20 req/s", "done: 1 rate 10 req/s: 9.8 req/s"],
    ],
    [
      "a search: verdicts and the bracket",
      result("find", [
        step(1, "max_throughput", null, 120, null),
        step(2, "rate", 60, 59, true),
        step(3, "rate", 90, 70, false, "fell behind"),
      ]),
      { index: 4, kind: "rate", offered: 75 },
      [
        "sweep (find): step 4, rate 75 req/s",
        "done: 1 max throughput: 120.0 req/s · 2 rate 60 req/s: met SLO · 3 rate 90 req/s: missed SLO (fell behind)",
        "bracket: highest passing 60, lowest failing (or the capacity) 90 req/s",
      ],
    ],
    [
      "a search before any pass: the capacity bounds it",
      result("find", [step(1, "max_throughput", null, 120, null)]),
      { index: 2, kind: "rate", offered: 120 },
      [
        "sweep (find): step 2, rate 120 req/s",
        "done: 1 max throughput: 120.0 req/s",
        "bracket: highest passing none yet, lowest failing (or the capacity) 120 req/s",
      ],
    ],
    [
      "concurrency steps",
      result("concurrencies", [step(1, "concurrency", 4, 30, null)]),
      { index: 2, kind: "concurrency", offered: 8 },
      ["sweep (concurrencies): step 2, concurrency 8", "done: 1 concurrency 4: 30.0 req/s"],
    ],
  ])("%s", (_name, r, current, expected) => {
    expect(sweepStatusLines(r, current)).toEqual(expected);
  });

  test("a long sweep shows its newest steps", () => {
    const steps = Array.from({ length: 9 }, (_, i) => step(i + 1, "rate", (i + 1) * 10, (i + 1) * 10, null));
    const [, done] = sweepStatusLines(result("rates", steps), null);
    expect(done?.startsWith("done: … 4 rate 40 req/s")).toBe(true);
    expect(done?.endsWith("9 rate 90 req/s: 90.0 req/s")).toBe(true);
  });

  test.each([80, 60])("at %i columns the done line keeps the newest steps that fit, and the bracket fits", (width) => {
    const steps = [
      step(1, "max_throughput", null, 12345.6, null),
      ...Array.from({ length: 8 }, (_, i) => step(i + 2, "rate", 1000 + i * 1250.5, 1000, false, "fell behind")),
    ];
    const lines = sweepStatusLines(result("find", steps), { index: 10, kind: "rate", offered: 5432.109 }, width);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
    const done = lines.find((l) => l.startsWith("done: ")) as string;
    expect(done.endsWith("9 rate 9753.5 req/s: missed SLO (fell behind)")).toBe(true);
    expect(lines.join("\n")).toContain("lowest failing (or the capacity) ");
    expect(lines.join("\n")).toContain("bracket: highest passing none yet");
  });
});
