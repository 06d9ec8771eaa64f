import { describe, expect, test } from "bun:test";
import { piece, styledLine } from "../../src/dashboard/styled-line.ts";

describe("dashboard/styled-line", () => {
  test.each<[string, ReturnType<typeof piece>[], number, boolean, string]>([
    ["plain pieces joined", [piece("ab"), piece("cd")], 10, false, "abcd"],
    ["cut at the width", [piece("abc"), piece("def")], 4, false, "abcd"],
    ["a style without colour: no escape code", [piece("ok", "green")], 10, false, "ok"],
    ["a style with colour: wrapped in SGR and reset", [piece("ok", "green")], 10, true, "\x1b[32mok\x1b[0m"],
    ["escape codes do not count toward the width", [piece("ab", "red"), piece("cd")], 3, true, "\x1b[31mab\x1b[0mc"],
    ["a multi-byte character counts once", [piece("██░░")], 3, false, "██░"],
  ])("%s", (_name, pieces, width, color, expected) => {
    expect(styledLine(pieces, width, color)).toBe(expected);
  });
});
