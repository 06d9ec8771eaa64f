/** @module test/sweep/grid-cells.test — `--isl-osl` pairs, the cells of a grid and their directory names. */
import { describe, expect, test } from "bun:test";
import { cellDirName, gridCells, pairDataset, parseIslOsl, parseIslOslList } from "../../src/sweep/grid-cells.ts";
import { parseSweepFlags } from "../../src/sweep/sweep-flags.ts";

describe("sweep/grid-cells", () => {
  test.each([
    ["1024/128", { isl: 1024, osl: 128 }],
    [" 8192/1024 ", { isl: 8192, osl: 1024 }],
    ["1/1", { isl: 1, osl: 1 }],
  ])("reads %p", (text, pair) => {
    expect(parseIslOsl(text)).toEqual(pair);
  });

  test.each(["1024", "1024/", "0/128", "1024/0", "1.5/2", "a/b", "1024x128"])("refuses %p, naming the flag", (text) => {
    expect(() => parseIslOsl(text)).toThrow(`--isl-osl: '${text}' is not INPUT/OUTPUT tokens`);
  });

  test("a pair given twice is refused", () => {
    expect(() => parseIslOslList(["1024/128", "1024/128"])).toThrow("--isl-osl: 1024/128 is given twice");
  });

  test("cells run pair by pair, each value in the order given, into stable directories", () => {
    const cells = gridCells(parseIslOslList(["1024/128", "8192/1024"]), "concurrency", [4, 1]);
    expect(cells.map(cellDirName)).toEqual([
      "isl1024-osl128/c4",
      "isl1024-osl128/c1",
      "isl8192-osl1024/c4",
      "isl8192-osl1024/c1",
    ]);
    expect(cellDirName({ pair: { isl: 64, osl: 8 }, kind: "rate", offered: 2.5 })).toBe("isl64-osl8/r2.5");
    expect(pairDataset({ isl: 64, osl: 8 })).toBe("random,isl=64,osl=8");
  });

  test("--isl-osl joins --rates or --concurrencies, and is refused beside --find or --sweep auto", () => {
    const { plan } = parseSweepFlags({ "sweep.concurrencies": ["1", "4"], "sweep.isl_osl": ["64/8", "128/16"] });
    expect(plan.pairs).toEqual([
      { isl: 64, osl: 8 },
      { isl: 128, osl: 16 },
    ]);
    expect(parseSweepFlags({ "sweep.rates": ["1"] }).plan.pairs).toEqual([]);
    for (const kind of [{ "sweep.find": "max-goodput" }, { "sweep.auto": "auto" }])
      expect(() => parseSweepFlags({ ...kind, "sweep.isl_osl": ["64/8"] })).toThrow(
        "--isl-osl makes a grid of --rates or --concurrencies; not of --sweep auto or --find",
      );
  });
});
