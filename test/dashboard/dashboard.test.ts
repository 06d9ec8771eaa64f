import { describe, expect, test } from "bun:test";
import { Dashboard } from "../../src/dashboard/dashboard.ts";
import { LiveState } from "../../src/live-metrics/live-state.ts";
import type { PhasePlan } from "../../src/plan/phase-plan.ts";

const plan = (phase: string): PhasePlan => ({
  phase,
  pattern: { type: "poisson", targetQps: 10 },
  sampleIndex: new Uint32Array(10),
  offsetNs: Float64Array.from({ length: 10 }, (_, i) => i * 1e8),
  slotOffsetsNs: new Float64Array(0),
  maxConcurrency: 0,
});

/** A dashboard writing to a string, its phases started as the session would; `frame()` redraws and returns what it drew. */
function opened(context: (width: number) => readonly string[] = () => []) {
  let written = "";
  const live = new LiveState(["warmup", "performance"], 8);
  const dashboard = new Dashboard({
    live,
    write: (text) => {
      written += text;
    },
    color: false,
    size: () => ({ columns: 100, rows: 40 }),
    input: null,
    onStopKey: () => {},
    slo: null,
    context,
  });
  dashboard.open();
  const start = (phase: string) => {
    live.startPhase(plan(phase), 0);
    dashboard.startPhase(plan(phase));
  };
  const frame = () => {
    written = "";
    (dashboard as unknown as { draw(): void }).draw();
    return written;
  };
  return { dashboard, start, frame, written: () => written };
}

describe("dashboard/dashboard", () => {
  test("the header says the phase drains once the session says its last request was sent, until the next phase", () => {
    const { dashboard, start, frame } = opened();
    try {
      start("warmup");
      expect(frame()).not.toContain("draining");
      dashboard.phaseIssued("warmup");
      expect(frame()).toContain("warmup · draining");
      start("performance");
      expect(frame()).not.toContain("draining");
      dashboard.phaseIssued("warmup");
      expect(frame()).not.toContain("draining");
      dashboard.phaseIssued("performance");
      expect(frame()).toContain("performance · draining");
    } finally {
      dashboard.close();
    }
  });

  test("the caller's context lines get the width, and are drawn under the rates", () => {
    const widths: number[] = [];
    const { dashboard, start, frame } = opened((width) => {
      widths.push(width);
      return ["live metrics: http://127.0.0.1:9400/metrics"];
    });
    try {
      start("performance");
      expect(frame()).toContain("live metrics: http://127.0.0.1:9400/metrics");
      expect(widths.at(-1)).toBe(100);
    } finally {
      dashboard.close();
    }
  });

  test("log lines are held while it is up and printed after the terminal is given back", () => {
    const { dashboard, written } = opened();
    dashboard.log("warning: something");
    dashboard.close();
    const text = written();
    expect(text.slice(text.lastIndexOf("\x1b[?1049l"))).toContain("warning: something\n");
  });
});
