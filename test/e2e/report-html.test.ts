/** @module test/e2e/report-html.test — a real run's report.html, written by the CLI and opened in headless Chromium. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";
import { HAS_CHROMIUM, visitPage } from "../report/html/headless-chromium.ts";

const dirs = tempDirs("ie-html-report-");
const HOSTILE_MESSAGE = `<script>alert("x")</script> & 'quoted'`;
const EXPECTED_CHARTS = [
  ...["ttft", "tpot", "itl", "latency", "scheduled-latency"].flatMap((m) => [`cdf-${m}`, `histogram-${m}`]),
  "throughput-requests",
  "throughput-tokens",
  "in-flight",
  "schedule-lag",
  "latency-scatter",
  // serve (model mode) answers /metrics, which the run scrapes by default.
  "server-kv-cache",
];

/** Per <svg data-chart>: declared and rendered size, and how many series elements have a non-empty box. */
const CHART_PROBE = `[...document.querySelectorAll("svg[data-chart]")].map((svg) => {
  const box = svg.getBoundingClientRect();
  const drawn = [...svg.querySelectorAll(".series, .series *")]
    .filter((el) => ["path", "polyline", "circle", "rect"].includes(el.tagName))
    .filter((el) => { const b = el.getBBox(); return b.width > 0 || b.height > 0; }).length;
  return { name: svg.dataset.chart, width: Number(svg.getAttribute("width")), height: Number(svg.getAttribute("height")),
    renderedWidth: box.width, renderedHeight: box.height, drawn };
})`;

interface ChartProbe {
  name: string;
  width: number;
  height: number;
  renderedWidth: number;
  renderedHeight: number;
  drawn: number;
}

/** Forwards to the mock, but answers every 25th request with a 500 carrying markup and every 25th + 12 with a 429. */
function flakyProxy(target: MockServer) {
  let seen = 0;
  return Bun.serve({
    port: 0,
    async fetch(req) {
      seen++;
      if (seen % 25 === 0) return new Response(HOSTILE_MESSAGE, { status: 500 });
      if (seen % 25 === 12) return Response.json({ error: { message: "rate limited" } }, { status: 429 });
      const path = new URL(req.url).pathname;
      return fetch(`${target.url}${path}`, { method: req.method, headers: req.headers, body: await req.text() });
    },
  });
}

let reportDir = "";
let html = "";

beforeAll(async () => {
  const mock = await startMockServer({ mode: "model", ttftMs: 5, tpotMs: 1, outputTokens: 16 });
  const proxy = flakyProxy(mock);
  try {
    const dir = dirs.make();
    reportDir = join(dir, "report");
    const result = await runCli([
      "benchmark",
      "online",
      "--endpoints",
      `${mock.url},http://127.0.0.1:${proxy.port}`,
      "--model",
      "mock-model",
      "--dataset",
      questionDataset(dir, 100),
      "--workers",
      "2",
      "--report-dir",
      reportDir,
      "--load-pattern",
      "poisson",
      "--target-qps",
      "200",
      "--num-samples",
      "300",
      "--streaming",
      "on",
      "--server-metrics-interval",
      "0.1",
    ]);
    if (result.exitCode !== 0) throw new Error(`benchmark failed (${result.exitCode}):\n${result.stderr}`);
    html = readFileSync(join(reportDir, "report.html"), "utf8");
  } finally {
    proxy.stop(true);
    await mock.stop();
  }
}, 120_000);

afterAll(() => dirs.cleanup());

describe("report/html end to end", () => {
  test("writes report.html beside report.txt, with every chart and escaped error messages", () => {
    const summary = readSummary(reportDir);
    expect(summary.n_samples_issued).toBe(300);
    expect(summary.n_samples_failed).toBeGreaterThan(0);
    for (const name of EXPECTED_CHARTS) expect(html).toContain(`data-chart="${name}"`);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;");
    expect(html).not.toContain("<script");
    // Nothing to fetch: no attribute points off the page (the scraped /metrics URL is shown as text only).
    expect(html).not.toMatch(/(src|href|url)\s*[=(]\s*["']?https?:/i);
    expect(html).toContain('<section id="server-metrics">');
    const bytes = statSync(join(reportDir, "report.html")).size;
    console.log(`report.html of a 300-request run: ${bytes} bytes`);
    expect(bytes).toBeLessThan(500_000);
  });

  if (!HAS_CHROMIUM)
    console.warn(
      "note: /usr/bin/chromium not found; skipping the headless-browser checks of report.html (apt-get install chromium)",
    );

  test.skipIf(!HAS_CHROMIUM)(
    "loads in headless Chromium without errors or network requests and draws every chart",
    async () => {
      const visit = await visitPage(`file://${join(reportDir, "report.html")}`, CHART_PROBE, {
        ...(process.env.IE_REPORT_SCREENSHOT ? { screenshotPath: process.env.IE_REPORT_SCREENSHOT } : {}),
      });
      expect(visit.problems).toEqual([]);
      expect(visit.requests.filter((url) => !url.startsWith("file://") && !url.startsWith("data:"))).toEqual([]);
      const charts = visit.value as ChartProbe[];
      expect(charts.map((c) => c.name).sort()).toEqual([...EXPECTED_CHARTS].sort());
      for (const chart of charts) {
        expect({
          name: chart.name,
          sized: chart.width > 0 && chart.height > 0 && chart.renderedWidth > 0 && chart.renderedHeight > 0,
        }).toEqual({ name: chart.name, sized: true });
        expect({ name: chart.name, drawn: chart.drawn > 0 }).toEqual({ name: chart.name, drawn: true });
      }
    },
    60_000,
  );
});
