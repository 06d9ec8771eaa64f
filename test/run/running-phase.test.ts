/** @module test/run/running-phase.test — a phase's two ends (issued, done), its drain deadline and the stops it sends. */
import { describe, expect, test } from "bun:test";
import type { WorkerStop } from "../../src/ipc/messages.ts";
import { RunningPhase } from "../../src/run/running-phase.ts";

/** A phase over `workers` whose stop messages are collected; `nextStop()` resolves with the next one. */
function phaseOver(workers: number[], drainTimeoutMs = 60_000) {
  const stops: { atMs: number; message: WorkerStop }[] = [];
  const waiting: ((message: WorkerStop) => void)[] = [];
  const plan = { phase: "warmup", sampleIndex: new Uint32Array(10), offsetNs: new Float64Array(10) };
  const phase = new RunningPhase({ plan, startNs: 5, workers, drainTimeoutMs }, (message) => {
    stops.push({ atMs: performance.now(), message });
    waiting.shift()?.(message);
  });
  const nextStop = () => new Promise<WorkerStop>((resolve) => waiting.push(resolve));
  return { phase, stops, nextStop };
}

/** Whether `promise` has settled once pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("run/running-phase", () => {
  test("is issued once every worker has issued, and done once every worker is done", async () => {
    const { phase } = phaseOver([0, 1]);
    phase.workerIssued(0);
    expect(await settled(phase.issued)).toBe(false);
    phase.workerIssued(1);
    expect(await settled(phase.issued)).toBe(true);
    expect(await settled(phase.done)).toBe(false);
    phase.workerDone(0, 4);
    phase.workerDone(1, 6);
    expect(await settled(phase.done)).toBe(true);
    expect(phase.sent).toBe(10);
    phase.dispose();
  });

  test("takes a worker's done as its issued too, and counts each worker once", async () => {
    const { phase } = phaseOver([0, 1]);
    phase.workerDone(0, 3);
    phase.workerDone(0, 3);
    expect(phase.holds(0)).toBe(false);
    expect(phase.holds(1)).toBe(true);
    phase.workerDone(1, 2);
    expect(await settled(phase.issued)).toBe(true);
    expect(await settled(phase.done)).toBe(true);
    expect(phase.sent).toBe(5);
  });

  test("with no workers is done at once", async () => {
    const { phase } = phaseOver([]);
    expect(await settled(phase.done)).toBe(true);
  });

  test("cancels what is in flight one drain timeout after the last worker issued", async () => {
    const { phase, stops, nextStop } = phaseOver([0, 1], 30);
    phase.workerIssued(0);
    await Bun.sleep(20); // a gap, so a deadline counted from the first worker would fire early
    const lastIssuedMs = performance.now();
    phase.workerIssued(1);
    expect(await nextStop()).toEqual({ type: "stop", phase: "warmup", abortInFlight: true });
    expect((stops[0]?.atMs ?? 0) - lastIssuedMs).toBeGreaterThanOrEqual(29);
    phase.dispose();
  });

  test("a stop stops issuing now and cancels one drain timeout later, however often it is asked", async () => {
    const { phase, stops, nextStop } = phaseOver([0], 30);
    phase.stop(false);
    phase.stop(false);
    phase.workerIssued(0);
    expect(stops.map((s) => s.message.abortInFlight)).toEqual([false, false]);
    expect((await nextStop()).abortInFlight).toBe(true);
    phase.workerDone(0, 1);
    phase.dispose();
    expect(stops.map((s) => s.message.abortInFlight)).toEqual([false, false, true]);
  });

  test("a stop with abortNow cancels at once and arms no deadline", () => {
    const { phase, stops } = phaseOver([0]);
    phase.stop(true);
    expect(stops.map((s) => s.message)).toEqual([{ type: "stop", phase: "warmup", abortInFlight: true }]);
    phase.dispose();
  });
});
