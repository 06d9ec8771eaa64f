import { describe, expect, test } from "bun:test";
import { inFlightSteps, meanLevel, medianLevel } from "../../../src/metrics/steady-state/in-flight.ts";
import { plateauWindow } from "../../../src/metrics/steady-state/plateau-window.ts";

const NaN_ = Number.NaN;

describe("metrics/steady-state/in-flight", () => {
  test.each([
    ["two at once, one later", [0, 0, 10], [5, 10, 20], [0, 5, 10, 20], [2, 1, 1, 0]],
    // A closed loop: the next send at the instant of a completion never shows one more.
    ["a completion and a send at one instant", [0, 10], [10, 20], [0, 10, 20], [1, 1, 0]],
    ["never sent, never done", [0, NaN_, 5], [10, 3, NaN_], [0, 5, 10], [1, 2, 1]],
  ])("%s", (_, sent, done, tNs, level) => {
    const steps = inFlightSteps(sent, done);
    expect([...steps.tNs]).toEqual(tNs);
    expect([...steps.level]).toEqual(level);
  });

  test("the median and the mean level are weighted by how long each level held", () => {
    const steps = inFlightSteps([0, 0, 10], [5, 10, 20]); // 2 for 5 ns, 1 for 15 ns
    expect(medianLevel(steps, 0, 20)).toBe(1);
    expect(meanLevel(steps, 0, 20)).toBe(1.25);
    expect(medianLevel(steps, 0, 5)).toBe(2);
    expect(meanLevel(steps, 20, 20)).toBeNaN();
  });
});

describe("metrics/steady-state/plateau-window", () => {
  test.each([
    // Four slots filled 10 ns apart, all busy from 30 to 100, drained by 130.
    [
      "ramp-up and drain trimmed",
      [0, 10, 20, 30],
      [100, 110, 120, 130],
      { startNs: 30, endNs: 100, plateauInFlight: 4 },
    ],
    // A closed loop of 2 with 10 ns requests back to back: the plateau is 2, from the first instant to the last.
    [
      "a closed loop at its concurrency throughout",
      [0, 0, 10, 10, 20, 20],
      [10, 10, 20, 20, 30, 30],
      { startNs: 0, endNs: 30, plateauInFlight: 2 },
    ],
    // A queue that only grows: the plateau is the middle's median, so the window is the later part.
    [
      "a growing queue",
      [0, 10, 20, 30, 40, 50, 60, 70],
      [80, 81, 82, 83, 84, 85, 86, 87],
      { startNs: 40, endNs: 83, plateauInFlight: 5 },
    ],
  ])("%s", (_, sent, done, expected) => {
    const w = plateauWindow(inFlightSteps(sent, done));
    expect(w).toMatchObject(expected);
    expect(w?.runStartNs).toBe(sent[0] as number);
    expect(w?.runEndNs).toBe(done[done.length - 1] as number);
  });

  test("a light open loop, idle more than half the time, has a plateau of one: its window is first send to last completion", () => {
    expect(plateauWindow(inFlightSteps([0, 40, 80], [5, 45, 85]))).toMatchObject({
      startNs: 0,
      endNs: 85,
      plateauInFlight: 1,
    });
  });

  test("is null when nothing was ever in flight", () => {
    expect(plateauWindow(inFlightSteps([], []))).toBeNull();
    expect(plateauWindow(inFlightSteps([5], [5]))).toBeNull();
  });
});
