/** @module test/workload/turn-models.test — a conversation run's models: each plan entry's from its body's, --model first. */
import { describe, expect, test } from "bun:test";
import { turnModels } from "../../src/workload/turn-models.ts";

describe("workload/turn-models", () => {
  test.each([
    ["every turn to --model: no models, no index", ["m", "m", "m"], [0, 1, 2, 0], [], null],
    ["one other model: --model first", ["m", "coder", "m"], [0, 1, 2, 1], ["m", "coder"], [0, 1, 0, 1]],
    ["in the order the bodies name them", ["b,v2", "a=1", "b,v2"], [2, 1, 0], ["m", "b,v2", "a=1"], [1, 2, 1]],
    ["every turn names its own: --model still index 0", ["x", "x"], [1, 0], ["m", "x"], [1, 1]],
  ] as const)("%s", (_, bodies, sampleIndex, names, index) => {
    const split = turnModels(bodies, "m", Uint32Array.from(sampleIndex), "d");
    expect(split.models.map((m) => m.name)).toEqual([...names]);
    expect(split.models.every((m) => m.tokenizer === null)).toBe(true);
    expect(split.modelIndex === null ? null : Array.from(split.modelIndex)).toEqual(index === null ? null : [...index]);
    expect(split.note === null).toBe(names.length === 0);
  });

  test("the note counts the turns naming another model and names them", () => {
    const split = turnModels(["m", "coder", "planner", "coder"], "m", Uint32Array.of(0, 1, 2, 3), "agents");
    expect(split.note).toBe(
      "agents: 3 of 4 turns name their model (a model field) and go to it (coder, planner); the others to --model m",
    );
  });
});
