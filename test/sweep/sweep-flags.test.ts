/** @module test/sweep/sweep-flags.test — the sweep's own flags, and `p=` taken out of --slo. */
import { describe, expect, test } from "bun:test";
import { parseSweepFlags, sloPercentile } from "../../src/sweep/sweep-flags.ts";

describe("sweep/sweep-flags", () => {
  test("p=99 leaves --slo for the benchmark's parser, in both spellings", () => {
    expect(sloPercentile(["--slo", "ttft:200ms,p=99.5", "--x"])).toEqual({ argv: ["--slo", "ttft:200ms", "--x"], percentile: 99.5 });
    expect(sloPercentile(["--slo=p=90,tpot:5ms"])).toEqual({ argv: ["--slo=tpot:5ms"], percentile: 90 });
    expect(() => sloPercentile(["--slo", "ttft:1s,p=0"])).toThrow("--slo: p=0: the share of requests must be a percentage above 0 and at most 100");
  });

  test("a plan from the flags; the other overrides are the steps'", () => {
    const { plan, outDir, overrides } = parseSweepFlags({ "sweep.rates": ["10", "20.5"], "sweep.cool_down_s": 2, report_dir: "out", "model_params.name": "m" }, null);
    expect(plan).toMatchObject({ mode: "rates", values: [10, 20.5], coolDownS: 2, percentile: null });
    expect(outDir).toBe("out");
    expect(overrides).toEqual({ report_dir: "out", "model_params.name": "m" });
    expect(parseSweepFlags({ "sweep.find": "max-goodput", "sweep.precision": "2%" }, null).plan).toMatchObject({ mode: "find", percentile: 99, precision: 0.02, maxSteps: 10 });
  });

  const REFUSED: [string, Record<string, unknown>, number | null, string][] = [
    ["nothing to sweep", {}, null, "sweep needs --rates, --concurrencies, --sweep auto or --find max-goodput"],
    ["two kinds", { "sweep.rates": ["1"], "sweep.auto": "auto" }, null, "sweep takes one of --rates, --concurrencies, --sweep, --find; got --rates and --sweep"],
    ["a rate that is not a number", { "sweep.rates": ["10", "fast"] }, null, "--rates: 'fast' is not a positive number"],
    ["a zero concurrency", { "sweep.concurrencies": ["0"] }, null, "--concurrencies: '0' is not a positive number"],
    ["p= without --find", { "sweep.rates": ["1"] }, 99, "--slo p=…: the pass mark is for --find max-goodput"],
    ["a precision of 0", { "sweep.find": "max-goodput", "sweep.precision": "0%" }, null, "--precision 0%: expected a percentage between 0 and 100"],
  ];
  for (const [what, overrides, percentile, message] of REFUSED) {
    test(`refuses ${what}`, () => {
      expect(() => parseSweepFlags(overrides, percentile)).toThrow(message);
    });
  }
});
