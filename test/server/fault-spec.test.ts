/** @module test/server/fault-spec.test — fault names, arguments and labels (pure). */
import { describe, expect, test } from "bun:test";
import { faultLabel, parseFaultSpec } from "../../src/server/fault-spec.ts";

describe("server/fault-spec", () => {
  test.each([
    ["refuse", { kind: "refuse", arg: null }, "refuse"],
    ["status:429", { kind: "status", arg: 429 }, "status:429"],
    [" status: 503 ", { kind: "status", arg: 503 }, "status:503"],
    ["stall:2.5", { kind: "stall", arg: 2.5 }, "stall:2.5"],
    ["huge-body:100", { kind: "huge-body", arg: 100 }, "huge-body:100"],
    ["slow-drip", { kind: "slow-drip", arg: null }, "slow-drip"],
    ["slow-drip:10", { kind: "slow-drip", arg: 10 }, "slow-drip:10"],
  ] as const)("parses %j", (text, spec, label) => {
    expect(parseFaultSpec(text)).toEqual(spec);
    expect(faultLabel(parseFaultSpec(text))).toBe(label);
  });

  test.each([
    ["explode", "unknown fault 'explode'"],
    ["status", "status needs an HTTP status"],
    ["status:200", "must be an HTTP error status"],
    ["status:abc", "'abc' is not a number"],
    ["stall", "stall needs the silence in seconds"],
    ["stall:0", "must be a number > 0"],
    ["huge-body:5000", "must be at most 4096"],
    ["refuse:1", "refuse takes no argument"],
    ["slow-drip:", "'' is not a number"],
  ])("rejects %j", (text, message) => {
    expect(() => parseFaultSpec(text)).toThrow(message);
  });
});
