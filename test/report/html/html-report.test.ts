/** @module test/report/html/html-report.test — the assembled page: sections, charts, escaping, self-containment and size. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../../src/metrics/phase-columns.ts";
import { summarizePhase } from "../../../src/metrics/summarize-phase.ts";
import { renderHtmlReport } from "../../../src/report/html/html-report.ts";
import { buildResultSummary } from "../../../src/report/result-summary.ts";
import { RUN, sampleRecords, sampleSummary } from "../sample-summary.ts";
import { syntheticColumns } from "./synthetic-columns.ts";

const DISTRIBUTION_CHARTS = ["ttft", "tpot", "itl", "latency", "scheduled-latency"].flatMap((m) => [
  `cdf-${m}`,
  `histogram-${m}`,
]);
const RUN_CHARTS = ["throughput-requests", "throughput-tokens", "in-flight", "schedule-lag", "latency-scatter"];

function chartNames(html: string): string[] {
  return [...html.matchAll(/<svg data-chart="([^"]+)"/g)].map((m) => m[1] as string);
}

describe("report/html/html-report", () => {
  test("renders a complete page with every chart, the summary, the run config and the errors", () => {
    const html = renderHtmlReport(sampleSummary({}, true), columnsFromRecords(sampleRecords(true)), 0);
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain("</html>");
    expect(chartNames(html).sort()).toEqual([...DISTRIBUTION_CHARTS, ...RUN_CHARTS].sort());
    for (const text of [
      "Requests issued",
      "QPS",
      "Output tok/s",
      "Load generator",
      "Token counts from",
      "load_pattern.target_qps",
      "scheduler_random_seed",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<th scope="row">http_5xx</th><td class="num">1</td>');
    expect(html).toContain("<code>502 Bad\ngateway</code>");
  });

  test("is self-contained: no scripts, no external URLs, a CSP that forbids fetching", () => {
    const html = renderHtmlReport(sampleSummary({}, true), columnsFromRecords(sampleRecords(true)), 0);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/<link [^>]*href="(?!data:)/);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
  });

  test("escapes error messages and config values from the data", () => {
    const records = sampleRecords(false).concat(
      sampleRecords(true)
        .slice(-1)
        .map((r) => ({ ...r, errorMessage: `<script>alert("pwned")</script>` })),
    );
    const cols = columnsFromRecords(records);
    const metrics = summarizePhase(cols, {
      windowStartNs: 0,
      loadPatternType: "poisson",
      useLegacyQps: true,
      earlyStopping: true,
      plannedCount: null,
    });
    const summary = buildResultSummary(metrics, { ...RUN, runConfig: { ...RUN.runConfig, note: "<b onmouseover=x>" } });
    const html = renderHtmlReport(summary, cols, 0);
    expect(html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b onmouseover=x&gt;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b onmouseover");
  });

  test("leaves out the charts of metrics without values and says when nothing was recorded", () => {
    const nonStreaming = columnsFromRecords(
      sampleRecords(false).map((r) => ({ ...r, firstTokenNs: null, chunkGapsNs: null })),
    );
    const names = chartNames(renderHtmlReport(sampleSummary(), nonStreaming, 0));
    expect(names).not.toContain("cdf-ttft");
    expect(names).not.toContain("cdf-itl");
    expect(names).toContain("cdf-latency");
    const empty = renderHtmlReport(sampleSummary({ state: "failed" }), columnsFromRecords([]), 0);
    expect(chartNames(empty)).toEqual([]);
    expect(empty).toContain("nothing to chart");
    expect(empty).toContain("The report is incomplete (run state: failed)");
  });

  test("stays a few MB for a million requests: every chart draws at most 2000 points", () => {
    const cols = syntheticColumns(1_000_000);
    const html = renderHtmlReport(sampleSummary({}, true), cols, 5e9);
    expect(html.length).toBeLessThan(2_000_000);
    const scatter = /<svg data-chart="latency-scatter"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    const circles = scatter.match(/<circle [^>]*r="2.2"/g)?.length ?? 0;
    const crosses = scatter.match(/l6 6m0 -6l-6 6/g)?.length ?? 0;
    expect(circles + crosses).toBe(2000);
    expect(crosses).toBe(500);
    for (const svg of html.match(/<svg [\s\S]*?<\/svg>/g) ?? []) {
      const vertices = (svg.match(/[ML]-?[\d.]+ /g) ?? []).length + (svg.match(/<(circle|rect) /g) ?? []).length;
      expect(vertices).toBeLessThanOrEqual(2000 + 50);
    }
    expect(html.includes("(ms, log scale)")).toBe(true);
  }, 60_000);
});
