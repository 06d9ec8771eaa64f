/** @module test/server/fault-plan.test — the seeded choice of faulty requests (pure). */
import { describe, expect, test } from "bun:test";
import { FaultDealer, faultForRequest } from "../../src/server/fault-plan.ts";
import { faultLabel, type FaultSpec } from "../../src/server/fault-spec.ts";

describe("server/fault-plan", () => {
  const faults: FaultSpec[] = [
    { kind: "status", arg: 500 },
    { kind: "reset-mid-stream", arg: null },
    { kind: "malformed-sse", arg: null },
  ];

  test.each([0, 0.1, 0.3, 0.9, 1])("faults about rate %p of the requests, the kinds about equally", (rate) => {
    const n = 20_000;
    const picks = Array.from({ length: n }, (_, i) => faultForRequest({ faults, rate, seed: 3 }, i));
    const faulty = picks.filter((p) => p !== null).length;
    expect(Math.abs(faulty / n - rate)).toBeLessThan(0.015);
    for (const spec of faults) {
      const share = picks.filter((p) => p === spec).length / Math.max(1, faulty);
      if (rate > 0) expect(Math.abs(share - 1 / 3)).toBeLessThan(0.03);
    }
  });

  test("depends only on the seed and the index", () => {
    const plan = { faults, rate: 0.5, seed: 11 };
    const first = Array.from({ length: 200 }, (_, i) => faultForRequest(plan, i));
    const reversed = Array.from({ length: 200 }, (_, i) => faultForRequest(plan, 199 - i)).reverse();
    expect(reversed).toEqual(first);
    const other = Array.from({ length: 200 }, (_, i) => faultForRequest({ ...plan, seed: 12 }, i));
    expect(other).not.toEqual(first);
  });

  test("the dealer hands out faults in order and counts those carried out, by label", () => {
    const plan = { faults, rate: 0.4, seed: 5 };
    const dealer = new FaultDealer(plan);
    const dealt = Array.from({ length: 100 }, () => dealer.next());
    expect(dealt).toEqual(Array.from({ length: 100 }, (_, i) => faultForRequest(plan, i)));
    expect(dealer.counts()).toEqual({}); // drawn, not yet carried out
    const counts: Record<string, number> = {};
    dealt.forEach((spec, i) => {
      if (!spec || i % 3 === 0) return; // every third is a request the server could not parse
      dealer.injected(faultLabel(spec));
      counts[faultLabel(spec)] = (counts[faultLabel(spec)] ?? 0) + 1;
    });
    expect(dealer.counts()).toEqual(counts);
    expect(dealer.requests).toBe(100);
  });
});
