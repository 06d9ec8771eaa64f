/** @module test/run/phase-ledger.test — a dead worker's unrecorded entries become worker_lost records, once. */
import { describe, expect, test } from "bun:test";
import { dealPlan } from "../../src/plan/deal-plan.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { PhaseLedger } from "../../src/run/phase-ledger.ts";

const plan = buildPhasePlan({
  phase: "performance",
  pattern: { type: "poisson", targetQps: 100 },
  count: 10,
  datasetSize: 3,
  schedulerSeed: 7,
  dataloaderSeed: 8,
});
const START_NS = 5_000_000;

function ledgerOfTwoWorkers(): PhaseLedger {
  const ledger = new PhaseLedger(plan, START_NS);
  dealPlan(plan, 2).forEach((share, workerId) => ledger.assign(workerId, share.planIndex));
  return ledger;
}

describe("run/phase-ledger", () => {
  test.each([
    ["nothing recorded: all of its entries", [], [1, 3, 5, 7, 9]],
    ["some recorded: the others", [1, 5, 2], [3, 7, 9]],
    ["all recorded: none", [1, 3, 5, 7, 9], []],
  ])("declares lost, for worker 1 with %s", (_name, recorded, lost) => {
    const ledger = ledgerOfTwoWorkers();
    for (const planIndex of recorded) expect(ledger.markRecorded(planIndex)).toBe(true);
    expect(ledger.takeLost(1, 2, 9e9, "worker 1 exited").map((r) => r.planIndex)).toEqual(lost);
  });

  test("gives a lost entry its dataset row and due time from the plan", () => {
    const [record] = ledgerOfTwoWorkers().takeLost(0, 3, 9e9, "worker 0 exited");
    expect(record).toMatchObject({
      phase: "performance",
      planIndex: 0,
      sampleIndex: plan.sampleIndex[0],
      workerId: 0,
      endpointIndex: 0,
      scheduledNs: START_NS + (plan.offsetNs[0] as number),
      doneNs: 9e9,
      errorKind: "worker_lost",
      errorMessage: "worker 0 exited",
    });
    expect(record?.sentNs).toBeNaN();
  });

  test("declares an entry lost once, and drops its record if it arrives afterwards", () => {
    const ledger = ledgerOfTwoWorkers();
    expect(ledger.takeLost(0, 1, 1, "gone")).toHaveLength(5);
    expect(ledger.takeLost(0, 1, 2, "gone")).toHaveLength(0);
    expect(ledger.markRecorded(2)).toBe(false);
    expect(ledger.takeLost(7, 1, 1, "never assigned")).toEqual([]);
  });
});
