/** @module test/run/arming-round.test — when a dealt phase may start, and when it must be dealt again. */
import { describe, expect, test } from "bun:test";
import { ArmingRound } from "../../src/run/arming-round.ts";

type Event = ["armed", number, string] | ["died", number];

async function outcome(receivers: number[], events: Event[]): Promise<boolean | "pending"> {
  const round = new ArmingRound("performance", receivers);
  for (const event of events) {
    if (event[0] === "armed") round.armed(event[1], event[2]);
    else round.died(event[1]);
  }
  return Promise.race([round.settled, Bun.sleep(5).then(() => "pending" as const)]);
}

describe("run/arming-round", () => {
  test.each<[string, number[], Event[], boolean | "pending"]>([
    [
      "every receiver armed",
      [0, 1, 2],
      [
        ["armed", 2, "performance"],
        ["armed", 0, "performance"],
        ["armed", 1, "performance"],
      ],
      true,
    ],
    ["no receivers (every worker dead)", [], [], true],
    ["one receiver still to answer", [0, 1], [["armed", 0, "performance"]], "pending"],
    ["an answer for another phase does not count", [0], [["armed", 0, "warmup"]], "pending"],
    [
      "the same worker answering twice does not count twice",
      [0, 1],
      [
        ["armed", 0, "performance"],
        ["armed", 0, "performance"],
      ],
      "pending",
    ],
    [
      "a receiver dies before answering",
      [0, 1],
      [
        ["armed", 0, "performance"],
        ["died", 1],
      ],
      false,
    ],
    [
      "a worker not dealt this phase dies",
      [0],
      [
        ["died", 3],
        ["armed", 0, "performance"],
      ],
      true,
    ],
    [
      "a death after all armed changes nothing",
      [0],
      [
        ["armed", 0, "performance"],
        ["died", 0],
      ],
      true,
    ],
  ])("%s", async (_name, receivers, events, expected) => {
    expect(await outcome(receivers, events)).toBe(expected);
  });
});
