/** @module test/run/report-dir.test — where a run's files go: the default, `{shard}`, and the exclusive claim. */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { InputError } from "../../src/errors.ts";
import { prepareReportDir } from "../../src/run/report-dir.ts";

const root = mkdtempSync(join(tmpdir(), "ie-report-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("run/report-dir", () => {
  test("{shard} becomes the shard's index, and the run's events.db is claimed (empty, for SQLite to fill)", () => {
    const dir = prepareReportDir(join(root, "a", "shard-{shard}"), { shard: 3 });
    expect(dir).toBe(join(root, "a", "shard-3"));
    expect(statSync(join(dir, "events.db")).size).toBe(0);
  });

  test("the same directory twice: the second is refused, naming it and saying what to do", () => {
    const target = join(root, "b");
    prepareReportDir(target);
    expect(() => prepareReportDir(target)).toThrow(InputError);
    expect(() => prepareReportDir(target)).toThrow(`report directory ${target} already holds a run (events.db)`);
    let hint: string | undefined;
    try {
      prepareReportDir(target);
    } catch (error) {
      hint = (error as InputError).hint;
    }
    expect(hint).toStartWith(
      "runs are never mixed in one directory (upstream reuses it): give a new --report-dir (or YAML report_dir)",
    );
  });

  test("{shard} in a run that is not a shard is refused", () => {
    expect(() => prepareReportDir(join(root, "c-{shard}"))).toThrow("--report-dir");
    expect(existsSync(join(root, "c-{shard}"))).toBe(false);
  });

  test("claim: false makes the directory and nothing in it", () => {
    const dir = prepareReportDir(join(root, "d"), { claim: false });
    expect(existsSync(join(dir, "events.db"))).toBe(false);
  });

  test("the default names the time, and the shard when there is one", () => {
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect(basename(prepareReportDir(null, { shard: 1, claim: false }))).toMatch(/^reports_\d{8}_\d{6}_shard1$/);
      expect(basename(prepareReportDir(undefined, { claim: false }))).toMatch(/^reports_\d{8}_\d{6}$/);
    } finally {
      process.chdir(cwd);
    }
  });

  test.each([
    ["a run", null, ["reports_20261203_084046", "reports_20261203_084046_2", "reports_20261203_084046_3"]],
    [
      "a shard",
      1,
      ["reports_20261203_084046_shard1", "reports_20261203_084046_2_shard1", "reports_20261203_084046_3_shard1"],
    ],
  ])("runs of %s started in one second get default names of their own", (_title, shard, names) => {
    const cwd = process.cwd();
    process.chdir(mkdtempSync(join(root, "same-second-")));
    try {
      const now = new Date(2026, 11, 3, 8, 40, 46);
      const dirs = [
        prepareReportDir(null, { shard, now }),
        prepareReportDir(null, { shard, now, claim: false }),
        prepareReportDir(null, { shard, now }),
      ];
      expect(dirs.map((d) => basename(d))).toEqual(names);
      expect(existsSync(join(dirs[2] as string, "events.db"))).toBe(true);
    } finally {
      process.chdir(cwd);
    }
  });
});
