/** @module test/load-pattern/load-patterns.test — the load patterns' table: each supported pattern plans, is judged and takes its knobs as declared. */
import { describe, expect, test } from "bun:test";
import { inOpeningBurst, scheduledRate, hasLagVerdict } from "../../src/metrics/load-generator-health.ts";
import {
  LOAD_PATTERN_TYPES,
  LOAD_PATTERNS,
  loadPatternHelp,
  RATE_LOAD_PATTERNS,
  SUPPORTED_LOAD_PATTERNS,
  takesKnob,
} from "../../src/load-pattern/load-patterns.ts";
import { type LoadPattern, phaseSchedule } from "../../src/load-pattern/schedule.ts";

describe("load-pattern/load-patterns", () => {
  test("the names: upstream's order, then ours; the supported ones and the rate ones", () => {
    expect(LOAD_PATTERN_TYPES).toEqual([
      "max_throughput",
      "poisson",
      "concurrency",
      "constant",
      "gamma",
      "agentic_inference",
      "burst",
      "step",
      "trace",
    ]);
    expect(SUPPORTED_LOAD_PATTERNS).not.toContain("burst");
    expect(SUPPORTED_LOAD_PATTERNS).not.toContain("step");
    expect(RATE_LOAD_PATTERNS).toEqual(["poisson", "constant", "gamma"]);
  });

  test("--load-pattern's help names every supported pattern, with its note", () => {
    expect(loadPatternHelp()).toBe(
      "max_throughput | poisson | concurrency | constant (fixed gaps) | gamma (see --burstiness) | " +
        "agentic_inference (conversations) | trace (recorded send times)",
    );
  });

  test.each(SUPPORTED_LOAD_PATTERNS.map((name) => [name]))("%s: its phase is scheduled as declared", (name) => {
    const spec = LOAD_PATTERNS[name];
    const pattern = { type: name, targetQps: 100, targetConcurrency: 4 } as LoadPattern;
    const s = phaseSchedule(pattern, 20, 1);
    expect(s.offsetNs.length).toBe(20);
    expect(s.slotOffsetsNs.length).toBe(spec.schedule === "slots" ? 4 : 0);
    const spread = s.offsetNs.some((t) => t > 0);
    expect(spread).toBe(spec.schedule === "arrivals");
    expect("arrivals" in spec).toBe(spec.schedule === "arrivals");
  });

  test.each(LOAD_PATTERN_TYPES.map((name) => [name]))(
    "%s: the verdict reads its judged, burst and rate flags",
    (name) => {
      const spec = LOAD_PATTERNS[name];
      expect(hasLagVerdict(name)).toBe(spec.judged);
      expect(inOpeningBurst(0, 0, name)).toBe(spec.openingBurst);
      expect(scheduledRate(1e6, name) !== null).toBe(spec.offersRate);
    },
  );

  test.each<[string, Parameters<typeof takesKnob>[1], boolean]>([
    ["gamma", "burstiness", true],
    ["poisson", "burstiness", false],
    ["concurrency", "ramp_up_s", true],
    ["max_throughput", "ramp_up_s", false],
    ["trace", "max_concurrency", true],
    ["concurrency", "max_concurrency", false],
    ["trace", "trace_speedup", true],
    ["poisson", "trace_speedup", false],
    ["no such pattern", "ramp_up_s", false],
  ])("%s takes %s: %p", (name, knob, takes) => {
    expect(takesKnob(name, knob)).toBe(takes);
  });

  test("a name we do not know (an older report's) is judged and offers its schedule's rate, as before the table", () => {
    expect(hasLagVerdict("ramp")).toBe(true);
    expect(inOpeningBurst(0, 0, "ramp")).toBe(false);
    expect(scheduledRate(1e6, "ramp")).toBe(1000);
  });
});
