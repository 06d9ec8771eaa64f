/**
 * @module test/upstream/report-breakdowns.test — report.txt's Latency Breakdowns section, line for line as
 * mlcommons/endpoints prints it, checked against a report.txt upstream itself wrote
 * (test/fixtures/peer-outputs/up-llama-on, its events imported so that our figures are its figures).
 *
 * Upstream: src/inference_endpoint/metrics/report.py:496-517 (the section: TTFT, TPOT, Latency, input and
 * output lengths in that order, a series without a rollup left out, an empty line after each) and
 * :525-580 (`_display_metric`: values `:.2f` with the unit, "N/A ms" when missing; histogram labels
 * right-aligned; bars `int(count × 30 ÷ max)` at :564-568; percentiles `{p:>6}` at :573).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importRun } from "../../src/import/import-run.ts";
import { barLength, seriesLines } from "../../src/report/series-text.ts";

const SOURCE = join(import.meta.dir, "..", "fixtures", "peer-outputs", "up-llama-on");
const temp = mkdtempSync(join(tmpdir(), "ie-breakdowns-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The block of report.txt's series `title`: its title line to the empty line that ends it (not an inner one). */
function seriesBlock(text: string, title: string): string[] {
  const lines = text.split("\n");
  const from = lines.indexOf(`${title}:`);
  if (from < 0) return [];
  let end = from + 1;
  while (end < lines.length && !(lines[end] === "" && !(lines[end + 1] ?? "").startsWith("  "))) end++;
  return lines.slice(from, end + 1);
}

/** The series titles report.txt's Latency Breakdowns section prints, in order. */
const titles = (text: string) =>
  text
    .split("\n")
    .slice(text.split("\n").findIndex((l) => l.includes("Latency Breakdowns")))
    .filter((l) => /^[A-Z][\w ]*:$/.test(l))
    .map((l) => l.slice(0, -1));

describe("upstream report.txt: Latency Breakdowns", () => {
  test("an upstream run's TTFT and latency blocks are upstream's own, line for line; the series in its order", async () => {
    const out = join(temp, "up-llama-on");
    await importRun({ path: SOURCE, from: "upstream", reportDir: out }, () => {});
    const ours = readFileSync(join(out, "report.txt"), "utf8");
    const theirs = readFileSync(join(SOURCE, "report.txt"), "utf8");
    // Its events hold texts, not token counts, so TPOT and the lengths are not in the source (import/read-upstream).
    for (const title of ["TTFT", "Latency"]) {
      expect(seriesBlock(ours, title).length).toBeGreaterThan(40);
      expect(seriesBlock(ours, title)).toEqual(seriesBlock(theirs, title));
    }
    expect(titles(theirs)).toEqual(["TTFT", "TPOT", "Latency", "Input sequence lengths", "Output sequence lengths"]);
    expect(titles(ours).slice(0, 3)).toEqual(["TTFT", "TPOT", "Latency"]);
    expect(ours.endsWith("\n\n----------------- End of Report -----------------\n")).toBe(true);
  });

  test.each([
    [16, 29, 16],
    [29, 29, 30],
    [1, 29, 1],
    [1, 31, 0],
    [0, 29, 0],
  ])("a bucket of %d when the fullest holds %d: a bar of %d, truncated (report.py:564-568)", (count, max, bar) => {
    expect(barLength(count, max)).toBe(bar);
  });

  test("a series with no rollup is left out; one with only early-stopping estimates prints N/A (report.py:505, :536)", () => {
    expect(seriesLines("TTFT", {}, "ms")).toEqual([]);
    const lines = seriesLines("TTFT", { early_stopping_percentiles: { "99.0": null } }, "ms");
    expect(lines).toEqual([
      "TTFT:",
      "  Min: N/A ms",
      "  Max: N/A ms",
      "  Median: N/A ms",
      "  Avg.: N/A ms",
      "  Std Dev.: N/A ms",
      "",
      "  Histogram:",
      "",
      "  Percentiles:",
      "",
      "  Early-stopping percentile estimates (N/A = insufficient samples):",
      "    99.0: N/A ms",
    ]);
  });
});
