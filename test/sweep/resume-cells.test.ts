/** @module test/sweep/resume-cells.test — a grid's fingerprint, resuming its directory, and cells done or not (real files). */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { finishedCell, gridFingerprint, resumesGrid } from "../../src/sweep/resume-cells.ts";
import { tempDirs } from "../e2e/run-cli.ts";

const dirs = tempDirs("ie-resume-cells-");
afterAll(() => dirs.cleanup());

const config = (overrides: Record<string, unknown>, dataset = "random,isl=64,osl=8") =>
  buildConfig({
    command: "online",
    datasets: [dataset],
    overrides: {
      "endpoint_config.endpoints": ["http://127.0.0.1:9"],
      "model_params.name": "m",
      "settings.load_pattern.type": "concurrency",
      "settings.load_pattern.target_concurrency": 4,
      report_dir: "/tmp/a",
      ...overrides,
    },
  });

describe("sweep/resume-cells", () => {
  test("the fingerprint ignores what differs per cell and the secrets, and follows everything else", () => {
    const base = gridFingerprint(config({}), "concurrencies");
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(
      gridFingerprint(
        config(
          { "settings.load_pattern.target_concurrency": 16, report_dir: "/tmp/b", "endpoint_config.api_key": "sk-1" },
          "random,isl=8192,osl=1024",
        ),
        "concurrencies",
      ),
    ).toBe(base);
    expect(gridFingerprint(config({ "model_params.name": "other" }), "concurrencies")).not.toBe(base);
    expect(gridFingerprint(config({}), "rates")).not.toBe(base);
  });

  test("a directory without sweep.json is new; one with this grid's is resumed; another config's or a plain sweep's is refused", () => {
    const dir = dirs.make();
    expect(resumesGrid(null, "f")).toBe(false);
    expect(resumesGrid(dir, "f")).toBe(false);
    writeFileSync(join(dir, "sweep.json"), JSON.stringify({ grid: { fingerprint: "f" } }));
    expect(resumesGrid(dir, "f")).toBe(true);
    expect(() => resumesGrid(dir, "g")).toThrow(
      "holds a grid of another config (sweep.json's grid.fingerprint differs)",
    );
    writeFileSync(join(dir, "sweep.json"), JSON.stringify({ mode: "rates" }));
    expect(() => resumesGrid(dir, "f")).toThrow("already holds a sweep (sweep.json) that is not a grid of this kind");
  });

  test("a complete cell is kept; an incomplete one is moved to <cell>.incomplete to run again", () => {
    const dir = dirs.make();
    const cell = (name: string, state: string | null) => {
      const path = join(dir, name);
      mkdirSync(join(path, "performance"), { recursive: true });
      if (state) writeFileSync(join(path, "performance", "result_summary.json"), JSON.stringify({ state }));
      return path;
    };
    expect(finishedCell(join(dir, "never-ran"))).toBeNull();
    expect(finishedCell(cell("c1", "complete"))?.summary.state).toBe("complete");
    const interrupted = cell("c4", "interrupted");
    expect(finishedCell(interrupted)).toBeNull();
    expect(existsSync(interrupted)).toBe(false);
    expect(
      JSON.parse(readFileSync(join(`${interrupted}.incomplete`, "performance", "result_summary.json"), "utf8")),
    ).toEqual({
      state: "interrupted",
    });
    const killed = cell("c8", null);
    expect(finishedCell(killed)).toBeNull();
    expect(existsSync(`${killed}.incomplete`)).toBe(true);
  });

  test.each([
    ["both runs listed complete, each with its summary", ["complete", "complete"], ["complete", "complete"], true],
    ["one run of two listed", ["complete"], ["complete"], false],
    [
      "a run listed complete whose summary says otherwise",
      ["complete", "complete"],
      ["complete", "interrupted"],
      false,
    ],
    ["a run listed interrupted", ["complete", "interrupted"], ["complete", "interrupted"], false],
    ["a run listed without a summary", ["complete", "complete"], ["complete", null], false],
    ["an empty repeats.json (killed during the runs)", null, ["complete"], false],
  ] as const)(
    "with --runs 2, a cell is done only when its repeats.json lists two complete runs: %s",
    (_name, listed, written, done) => {
      const cell = join(dirs.make(), "c4");
      written.forEach((state, i) => {
        mkdirSync(join(cell, `run-${i + 1}`, "performance"), { recursive: true });
        if (state)
          writeFileSync(join(cell, `run-${i + 1}`, "performance", "result_summary.json"), JSON.stringify({ state }));
      });
      const repeats = listed && {
        runs_requested: 2,
        runs: listed.map((state, i) => ({ dir: `run-${i + 1}`, state })),
        confidence_pct: 95,
        cv_warning_pct: 5,
        metrics: {},
        warnings: ["TTFT p50 varies between runs"],
      };
      writeFileSync(join(cell, "repeats.json"), repeats ? JSON.stringify(repeats) : "");
      const found = finishedCell(cell, 2);
      expect(found !== null).toBe(done);
      expect(existsSync(`${cell}.incomplete`)).toBe(!done);
      if (found) {
        expect(found.runs?.map((r) => r.state)).toEqual(["complete", "complete"]);
        expect(found.warnings).toEqual(["TTFT p50 varies between runs"]);
      }
    },
  );
});
