/** @module test/run/trajectory-watch.test — stop_issuing_on_first_user_complete fires at upstream's moment: the first end with nothing left to start. */
import { describe, expect, test } from "bun:test";
import { buildConversationPlan } from "../../src/plan/conversation-plan.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { TrajectoryWatch } from "../../src/run/trajectory-watch.ts";

/** n one-turn conversations. */
function plan(n: number, trajectories: number, concurrency: number) {
  const source = {
    ids: Array.from({ length: n }, (_, i) => `c${i}`),
    turnStart: Uint32Array.from({ length: n + 1 }, (_, i) => i),
    delaysS: new Float64Array(n),
    systemEnds: new Uint32Array(n),
    ownCounts: new Uint32Array(n),
  };
  return buildConversationPlan({
    phase: "performance",
    source,
    trajectories,
    concurrency,
    injectDelay: false,
    salt: false,
    routingHeaders: [],
    turnTimeoutMs: 1000,
  });
}

const record = (planIndex: number, workerId = 0) => ({ planIndex, workerId, errorKind: null }) as RequestRecord;

describe("run/trajectory-watch", () => {
  test("budget 2, concurrency 2: the first end stops issuing", () => {
    let stops = 0;
    const watch = new TrajectoryWatch(plan(2, 2, 2), 1, () => stops++);
    watch.add([record(0)]);
    expect(stops).toBe(1);
    watch.add([record(1)]);
    expect(stops).toBe(1);
  });

  test("budget 3, concurrency 2: the first end starts the third; the second end stops", () => {
    let stops = 0;
    const watch = new TrajectoryWatch(plan(3, 3, 2), 1, () => stops++);
    watch.add([record(0)]);
    expect(stops).toBe(0);
    watch.add([record(1)]);
    expect(stops).toBe(1);
  });

  test("two workers: it waits until both have started their last trajectory", () => {
    let stops = 0;
    // 6 trajectories, 2 slots on 2 workers: worker 0 holds c0 c2 c4, worker 1 c1 c3 c5.
    const watch = new TrajectoryWatch(plan(6, 6, 2), 2, () => stops++);
    watch.add([record(0, 0), record(2, 0)]);
    expect(stops).toBe(0); // worker 0 is on its last; worker 1 is not
    watch.add([record(1, 1), record(3, 1)]);
    expect(stops).toBe(0);
    watch.add([record(4, 0)]);
    expect(stops).toBe(1);
  });

  test("a retried turn's attempts count once", () => {
    let stops = 0;
    const watch = new TrajectoryWatch(plan(3, 3, 2), 1, () => stops++);
    watch.add([record(0), record(0)]);
    expect(stops).toBe(0);
  });
});
