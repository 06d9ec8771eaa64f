/** @module test/report/text-table — tests for report/text-table. */
import { describe, expect, test } from "bun:test";
import { textTable } from "../../src/report/text-table.ts";

interface Case {
  name: string;
  rows: string[][];
  left: number[] | undefined;
  lines: string[];
}

describe("report/text-table", () => {
  test.each<Case>([
    {
      name: "the first column reads from the left, the rest line up on the right",
      rows: [
        ["metric", "base", "new"],
        ["ttft p99 (ms)", "12.50", "130.1"],
        ["qps", "N/A", "7.00"],
      ],
      left: undefined,
      lines: [
        "metric          base    new",
        "-------------  -----  -----",
        "ttft p99 (ms)  12.50  130.1",
        "qps              N/A   7.00",
      ],
    },
    {
      name: "a left-aligned last column leaves no trailing spaces",
      rows: [
        ["metric", "g", "verdict"],
        ["tpot", "0.50", "worse — FAILS"],
        ["e2e", "-1.25", "same"],
      ],
      left: [0, 2],
      lines: [
        "metric      g  verdict",
        "------  -----  -------------",
        "tpot     0.50  worse — FAILS",
        "e2e     -1.25  same",
      ],
    },
    {
      name: "a header alone gets its rule",
      rows: [["metric", "mean"]],
      left: undefined,
      lines: ["metric  mean", "------  ----"],
    },
  ])("$name", ({ rows, left, lines }) => {
    expect(textTable(rows, left)).toEqual(lines);
  });
});
