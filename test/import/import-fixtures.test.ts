/**
 * @module test/import/import-fixtures.test — every real fixture of another tool imported end to end
 * (real files in, events.db and the reports out): the request counts equal the source's, and each
 * TTFT and latency figure agrees with the source's within 1 % or is explained by a reading that
 * reproduces the source's figure within 1 % (its percentile method, the requests it counted, its
 * definition).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importRun } from "../../src/import/import-run.ts";
import type { SourceTool } from "../../src/import/source-run.ts";
import { ResultSummarySchema } from "../../src/report/result-summary.ts";
import type { ImportFigure } from "../../src/report/import-schema.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "peer-outputs");
const temp = mkdtempSync(join(tmpdir(), "ie-import-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const CASES: [string, SourceTool, number][] = [
  ["up-fast-on", "upstream", 100],
  ["up-fast-off", "upstream", 100],
  ["up-llama-on", "upstream", 100],
  ["ap-fast-on", "aiperf", 100],
  ["ap-fast-off", "aiperf", 100],
  ["ap-llama-on", "aiperf", 100],
  ["gl-fast-on", "guidellm", 100],
  ["gl-fast-off", "guidellm", 100],
  ["vllm-fast-on", "vllm", 12],
];

const within1Pct = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * 0.01;

describe("import: the peer tools' real files", () => {
  test.each(CASES)(
    "%s: detected as %s, %d requests, TTFT and latency agree or are explained",
    async (name, tool, n) => {
      const out = join(temp, name);
      const logged: string[] = [];
      const outcome = await importRun({ path: join(FIXTURES, name), from: null, reportDir: out }, (l) =>
        logged.push(l),
      );
      expect(outcome.tool).toBe(tool);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toStartWith("detected: ");

      const summary = JSON.parse(readFileSync(join(out, "performance", "result_summary.json"), "utf8"));
      expect(ResultSummarySchema.parse(summary)).toEqual(summary);
      const db = new Database(join(out, "events.db"), { readonly: true });
      const rows = (db.query("SELECT COUNT(*) AS n FROM requests").get() as { n: number }).n;
      db.close();
      expect(rows).toBe(n);
      const figures = summary.import.figures as Record<string, ImportFigure>;
      expect(figures.requests_completed?.ours).toBe(n);
      expect(figures.requests_completed?.source).toBe(n);

      const timed = Object.entries(figures).filter(([key]) => /^(ttft|latency)_/.test(key));
      expect(timed.length).toBeGreaterThan(0);
      for (const [key, f] of timed) {
        const explained = f.note === null || (f.recomputed !== null && within1Pct(f.recomputed, f.source as number));
        expect({ key, ours: f.ours, source: f.source, note: f.note, explained }).toMatchObject({
          key,
          explained: true,
        });
      }
      // Every difference has its reason in report.txt.
      const text = readFileSync(join(out, "report.txt"), "utf8");
      expect(text).toContain("Imported from ");
      for (const f of Object.values(figures)) if (f.note) expect(text).toContain(f.note);
      expect(readFileSync(join(out, "report.html"), "utf8")).toContain('<section id="import">');
    },
  );

  test("upstream's own definitions are ours: its TTFT and latency are reproduced exactly", async () => {
    const out = join(temp, "exact");
    await importRun(
      { path: join(FIXTURES, "up-llama-on", "events.jsonl"), from: "upstream", reportDir: out },
      () => {},
    );
    const ours = JSON.parse(readFileSync(join(out, "performance", "result_summary.json"), "utf8"));
    const theirs = JSON.parse(
      readFileSync(join(FIXTURES, "up-llama-on", "performance", "result_summary.json"), "utf8"),
    );
    for (const series of ["ttft", "latency"]) expect(ours[series].percentiles).toEqual(theirs[series].percentiles);
    expect(ours.duration_ns).toBe(theirs.duration_ns);
  });
});
