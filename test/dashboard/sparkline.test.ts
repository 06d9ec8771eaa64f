import { describe, expect, test } from "bun:test";
import { sparkline } from "../../src/dashboard/sparkline.ts";

describe("dashboard/sparkline", () => {
  test.each<[string, (number | null)[], number, string]>([
    ["empty series: empty line", [], 10, ""],
    ["zero to the maximum, scaled from zero", [0, 1, 2, 3, 4, 5, 6, 7], 8, "▁▂▃▄▅▆▇█"],
    ["a flat series sits at the top (steady, not high)", [5, 5, 5], 3, "███"],
    ["all zeros: the bottom row", [0, 0], 2, "▁▁"],
    ["a missing point is a space", [4, null, 4], 3, "█ █"],
    ["longer than the width: the newest points", [0, 0, 0, 8, 8], 2, "██"],
    ["width 0: nothing", [1, 2], 0, ""],
  ])("%s", (_name, points, width, expected) => {
    expect(sparkline(points, width)).toBe(expected);
  });
});
