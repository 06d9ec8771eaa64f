/** @module test/sweep/sweep-flags.test — the sweep's own flags, and the SLO's share as a search's pass mark. */
import { describe, expect, test } from "bun:test";
import { parseSweepFlags, stepPattern } from "../../src/sweep/sweep-flags.ts";

describe("sweep/sweep-flags", () => {
  test("the SLO's share is a search's pass mark (99 when the SLO names none); other sweeps leave it to each step's report", () => {
    expect(parseSweepFlags({ "sweep.find": "max-goodput" }, 95).plan.percentile).toBe(95);
    expect(parseSweepFlags({ "sweep.find": "max-goodput" }).plan.percentile).toBe(99);
    expect(parseSweepFlags({ "sweep.rates": ["1"] }, 95).plan.percentile).toBeNull();
  });

  test.each([
    ["0.05", "--precision 0.05: a percentage below 1 needs its %, e.g. 0.05% (or 5% for a twentieth)"],
    ["0", "--precision 0: expected a percentage between 0 and 100, e.g. 5%"],
  ])("refuses --precision %s", (value, message) => {
    expect(() => parseSweepFlags({ "sweep.find": "max-goodput", "sweep.precision": value }, null)).toThrow(message);
  });

  test.each([
    ["0.5%", 0.005],
    ["5", 0.05],
    ["5%", 0.05],
  ])("reads --precision %s as %p", (value, fraction) => {
    expect(parseSweepFlags({ "sweep.find": "max-goodput", "sweep.precision": value }, null).plan.precision).toBeCloseTo(
      fraction,
      12,
    );
  });

  test("a plan from the flags; the other overrides are the steps'", () => {
    const { plan, outDir, overrides } = parseSweepFlags(
      { "sweep.rates": ["10", "20.5"], "sweep.cool_down_s": 2, report_dir: "out", "model_params.name": "m" },
      null,
    );
    expect(plan).toMatchObject({ mode: "rates", values: [10, 20.5], coolDownS: 2, percentile: null });
    expect(outDir).toBe("out");
    expect(overrides).toEqual({ report_dir: "out", "model_params.name": "m" });
    expect(parseSweepFlags({ "sweep.find": "max-goodput", "sweep.precision": "2%" }, null).plan).toMatchObject({
      mode: "find",
      percentile: 99,
      precision: 0.02,
      maxSteps: 10,
    });
  });

  const REFUSED: [string, Record<string, unknown>, number | null, string][] = [
    ["nothing to sweep", {}, null, "sweep needs --rates, --concurrencies, --sweep auto or --find max-goodput"],
    [
      "two kinds",
      { "sweep.rates": ["1"], "sweep.auto": "auto" },
      null,
      "sweep takes one of --rates, --concurrencies, --sweep, --find; got --rates and --sweep",
    ],
    [
      "a rate that is not a number",
      { "sweep.rates": ["10", "fast"] },
      null,
      "--rates: 'fast' is not a positive number",
    ],
    ["a zero concurrency", { "sweep.concurrencies": ["0"] }, null, "--concurrencies: '0' is not a positive number"],
    [
      "a precision of 0",
      { "sweep.find": "max-goodput", "sweep.precision": "0%" },
      null,
      "--precision 0%: expected a percentage between 0 and 100",
    ],
    [
      "a fractional concurrency",
      { "sweep.concurrencies": ["1.5"] },
      null,
      "--concurrencies: '1.5' is not a whole number of requests",
    ],
    [
      "no rates to try",
      { "sweep.find": "max-goodput", "sweep.max_steps": 0 },
      null,
      "--max-steps 0: expected at least 1",
    ],
    ["a negative rest", { "sweep.rates": ["1"], "sweep.cool_down_s": -5 }, null, "--cool-down -5: expected at least 0"],
    [
      "a negative number of auto steps",
      { "sweep.auto": "auto", "sweep.steps": -1 },
      null,
      "--sweep-steps -1: expected at least 0",
    ],
    [
      "--precision without --find",
      { "sweep.rates": ["1"], "sweep.precision": "5%" },
      null,
      "--precision is for --find max-goodput",
    ],
  ];
  for (const [what, overrides, percentile, message] of REFUSED) {
    test(`refuses ${what}`, () => {
      expect(() => parseSweepFlags(overrides, percentile)).toThrow(message);
    });
  }

  const LP = "settings.load_pattern.type";
  const config = (load_pattern: Record<string, unknown>) => ({ settings: { load_pattern } });
  test.each([
    ["no pattern given: Poisson", "rates", {}, undefined, "poisson", []],
    ["--load-pattern gamma for the rate steps", "find", { [LP]: "gamma" }, undefined, "gamma", []],
    ["the config's constant, when no flag says otherwise", "rates", {}, config({ type: "constant" }), "constant", []],
    ["the flag over the config", "auto", { [LP]: "poisson" }, config({ type: "constant" }), "poisson", []],
    [
      "the config's target is replaced, and says so",
      "rates",
      {},
      config({ type: "poisson", target_qps: 50 }),
      "poisson",
      ["the config's settings.load_pattern.target_qps (50) is replaced by each step's own"],
    ],
    [
      "a concurrency sweep's config of concurrency",
      "concurrencies",
      {},
      config({ type: "concurrency", target_concurrency: 4 }),
      "poisson",
      ["the config's settings.load_pattern.target_concurrency (4) is replaced by each step's own"],
    ],
  ] as const)("step pattern: %s", (_name, mode, overrides, yaml, ratePattern, warnings) => {
    expect(stepPattern(mode, overrides, yaml)).toEqual({ ratePattern, warnings: [...warnings] });
  });

  test.each([
    [
      "--target-qps",
      "rates",
      { "settings.load_pattern.target_qps": 5 },
      undefined,
      "--target-qps: the sweep sets each step's rate itself",
    ],
    [
      "--concurrency",
      "concurrencies",
      { "settings.load_pattern.target_concurrency": 8 },
      undefined,
      "--concurrency: the sweep sets each step's concurrency itself",
    ],
    [
      "a closed loop for rate steps",
      "find",
      { [LP]: "concurrency" },
      undefined,
      "--load-pattern concurrency: this sweep's rate steps take poisson, constant, gamma",
    ],
    [
      "max_throughput for rate steps",
      "rates",
      { [LP]: "max_throughput" },
      undefined,
      "--load-pattern max_throughput: this sweep's rate steps take",
    ],
    [
      "an open loop for concurrency steps",
      "concurrencies",
      { [LP]: "poisson" },
      undefined,
      "--load-pattern poisson: --concurrencies steps are closed-loop",
    ],
    [
      "the config's closed loop for rate steps",
      "rates",
      {},
      config({ type: "concurrency" }),
      "the config's settings.load_pattern.type concurrency: this sweep's rate steps take",
    ],
  ] as const)("step pattern refuses %s", (_name, mode, overrides, yaml, message) => {
    expect(() => stepPattern(mode, overrides, yaml)).toThrow(message);
  });
});
