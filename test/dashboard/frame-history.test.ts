import { describe, expect, test } from "bun:test";
import { FrameHistory, type TimedFigures } from "../../src/dashboard/frame-history.ts";
import { PhaseTally } from "../../src/live-metrics/phase-tally.ts";
import type { PhaseFigures } from "../../src/live-metrics/live-state.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;

const newTally = () => new PhaseTally({ pattern: { type: "poisson" }, slotOffsetsNs: new Float64Array(0) }, 0, false);

/** The phase `second` s in: 10 completions a second (the tally's), each second's TTFT `second` ms. */
function sampleAt(second: number, tally: PhaseTally): TimedFigures {
  if (second > 0)
    tally.add(
      Array.from({ length: 10 }, () => makeRecord({ sentNs: 0, firstTokenNs: second * MS, doneNs: (second + 1) * MS })),
    );
  const figures = { ...tally.read(), inFlight: second % 3 } as PhaseFigures;
  return { atMs: second * 1000, figures, slo: null };
}

describe("dashboard/frame-history", () => {
  test("a long phase holds only the samples a window can start from, and two minutes of points", () => {
    const tally = newTally();
    const history = new FrameHistory();
    history.reset(sampleAt(0, tally));
    for (let s = 1; s <= 600; s++) history.observe(sampleAt(s, tally));
    expect(history.held).toBeLessThanOrEqual(11);
    expect(history.points().rate).toHaveLength(120);
    expect(history.windowBase(600_500)?.atMs).toBe(590_000);
    // The newest point: 10 completions in that second, its TTFT 600 ms (within 2 %).
    expect(history.points().rate.at(-1)).toBe(10);
    expect(Math.abs((history.points().ttftP99Ms.at(-1) as number) - 600)).toBeLessThanOrEqual(12);
    expect(history.points().inFlight.at(-1)).toBe(0);
  });

  test("a sample within a second of the last one kept is not kept", () => {
    const tally = newTally();
    const history = new FrameHistory();
    history.reset(sampleAt(0, tally));
    history.observe({ ...sampleAt(1, tally), atMs: 500 });
    expect(history.held).toBe(1);
    expect(history.points().rate).toHaveLength(0);
  });
});
