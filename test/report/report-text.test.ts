/** @module test/report/report-text — tests for report/report-text. */
import { describe, expect, test } from "bun:test";
import {
  BREAKDOWN_HEADER,
  ERRORS_HEADER,
  renderConsoleSummary,
  renderReportText,
  REPORT_FOOTER,
  SUMMARY_FOOTER,
  SUMMARY_HEADER,
} from "../../src/report/report-text.ts";
import { sampleSummary } from "./sample-summary.ts";
import { LLAMA_IDENTITY } from "./server-identity-fixture.ts";

describe("report/report-text", () => {
  test("renders the sections in upstream's order", () => {
    const text = renderReportText(sampleSummary());
    const at = (s: string): number => text.indexOf(s);
    expect(at(SUMMARY_HEADER)).toBe(0);
    expect(at(SUMMARY_FOOTER)).toBeGreaterThan(at(SUMMARY_HEADER));
    expect(at(BREAKDOWN_HEADER)).toBeGreaterThan(at(SUMMARY_FOOTER));
    expect(text.endsWith(`${REPORT_FOOTER}\n`)).toBe(true);
    // Upstream's five in its order (report.py:500-504), then ours.
    const titles = [
      "TTFT:",
      "TPOT:",
      "Latency:",
      "Input sequence lengths:",
      "Output sequence lengths:",
      "TTFB:",
      "ITL:",
      "Schedule lag:",
      "Scheduled latency:",
    ];
    const positions = titles.map((t) => text.indexOf(`\n${t}`));
    expect(positions.every((p) => p > at(BREAKDOWN_HEADER))).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test.each([
    "Version: 0.1.0",
    "Git SHA: abc1234",
    "Run config:",
    "  load_pattern: type=poisson, target_qps=10.0",
    "  warmup: enabled=False",
    "  scheduler_random_seed: 42",
    "Total samples issued: 20",
    "Total samples completed: 20",
    "Total samples failed: 0",
    "Duration: 2.19 seconds",
    "  Min: 100.00 ms",
    "  Max: 290.00 ms",
    "    99.9: 280.00 ms",
    "  Early-stopping percentile estimates (N/A = insufficient samples):",
    "    99.0: N/A ms",
    "    50.0: 260.00 ms",
    "  Min: 100.00 tokens",
  ])("contains %p", (line) => {
    expect(renderReportText(sampleSummary()).split("\n")).toContain(line);
  });

  test("mentions retried attempts only when there were some", () => {
    expect(renderReportText(sampleSummary())).not.toContain("Retried attempts");
    expect(renderReportText({ ...sampleSummary(), retries: 7 })).toContain(
      "\nRetried attempts: 7 (not in the counts above: each request counts by its last attempt)\n",
    );
  });

  test("prints QPS and TPS with 2 decimals", () => {
    const s = sampleSummary();
    const text = renderReportText(s);
    expect(text).toContain(`QPS: ${(s.qps as number).toFixed(2)}\n`);
    expect(text).toContain(`TPS: ${(s.tps as number).toFixed(2)}\n`);
  });

  test("gives the rate the schedule offered, only when the run had a schedule of arrivals", () => {
    expect(renderReportText({ ...sampleSummary(), scheduled_qps: 113.2137 })).toContain(
      "\nScheduled QPS: 113.21 (the rate the schedule itself offered: (requests − 1) / its span)\nTPS: ",
    );
    expect(renderReportText({ ...sampleSummary(), scheduled_qps: null })).not.toContain("Scheduled QPS");
  });

  test("names LoadGen's legacy QPS and TPS, the flag that turns them off, and gives the native figures beside them, only when the run used them", () => {
    const legacy = {
      ...sampleSummary(),
      legacy_loadgen_window_duration_ns: 2e9,
      qps: 36.88,
      qps_native: 20.2,
      tps_native: 1010.5,
    };
    expect(renderReportText(legacy)).toContain(
      "\nQPS: 36.88\nQPS and TPS here are MLPerf LoadGen's legacy ones (deprecated upstream): (completed − 1) and output " +
        "tokens over LoadGen's window, failures included; successful requests / duration: 20.20 QPS, 1010.50 TPS " +
        "(--no-use-legacy-loadgen-qps-metrics reports these)\n",
    );
    expect(renderReportText({ ...legacy, legacy_loadgen_window_duration_ns: null })).not.toContain("LoadGen's legacy");
  });

  test.each([
    ["complete", "Dropped requests (planned, never sent): 3"],
    ["interrupted", "Dropped requests (planned, no record: never sent, or in flight if the run was killed): 3"],
  ] as const)("names planned requests without a record of a %s run", (state, line) => {
    expect(renderReportText({ ...sampleSummary(), state, n_samples_dropped: 3 })).toContain(`\n${line}\n`);
  });

  test("prints N/A for missing duration, QPS and TPS", () => {
    const text = renderReportText({ ...sampleSummary(), duration_ns: null, qps: null, tps: null });
    expect(text).toContain("Duration: N/A\n");
    expect(text).toContain("QPS: N/A\n");
    expect(text).toContain("TPS: N/A\n");
  });

  test("draws histogram bars scaled to 30 marks with a closed last bucket", () => {
    const lines = renderReportText(sampleSummary()).split("\n");
    const bars = lines.filter((l) => /^ {4}\[.*\|#* \d+$/.test(l));
    expect(bars.length).toBeGreaterThan(0);
    const widths = bars.map((l) => (l.match(/#/g) ?? []).length);
    expect(Math.max(...widths)).toBe(30);
    expect(bars.some((l) => /\] +\|/.test(l))).toBe(true);
  });

  test("leaves out a series that was not recorded, as upstream's report.py:505", () => {
    const text = renderReportText({ ...sampleSummary(), ttft: {} });
    expect(text).not.toContain("\nTTFT:");
    expect(text).toContain("\nTPOT:\n");
  });

  test.each([
    ["interrupted", "WARNING: run was interrupted"],
    ["failed", "WARNING: report is incomplete"],
  ] as const)("warns when the run is %s", (state, warning) => {
    const text = renderReportText(sampleSummary({ state }));
    expect(text.split("\n")[1]).toStartWith(warning);
  });

  test("has no warning for a complete run", () => {
    expect(renderReportText(sampleSummary())).not.toContain("WARNING");
  });

  test("lists errors by kind with samples on one line each", () => {
    const text = renderReportText(sampleSummary({}, true));
    expect(text).toContain(
      `${ERRORS_HEADER}\nFailed requests by kind:\n  http_5xx: 1\nSamples:\n  [http_5xx] 502 Bad gateway\n${REPORT_FOOTER}`,
    );
  });

  test("omits the errors section without errors", () => {
    expect(renderReportText(sampleSummary())).not.toContain(ERRORS_HEADER);
  });

  test("shows only the summary plus headline percentiles on the console", () => {
    const text = renderConsoleSummary(sampleSummary());
    expect(text.startsWith(SUMMARY_HEADER)).toBe(true);
    expect(text.endsWith(`${SUMMARY_FOOTER}\n`)).toBe(true);
    expect(text).not.toContain(BREAKDOWN_HEADER);
    expect(text).toContain("TTFT p50/p99: 19.00 / 28.00 ms\n");
    expect(text).toContain("Latency p50/p99: 190.00 / 280.00 ms\n");
    expect(text).toMatch(/TPOT p50: \d+\.\d\d ms\n/);
  });

  test("leaves out headlines of series that were not recorded", () => {
    const text = renderConsoleSummary({ ...sampleSummary(), ttft: {}, tpot: {} });
    expect(text).not.toContain("TTFT p50");
    expect(text).not.toContain("TPOT p50");
    expect(text).toContain("Latency p50/p99");
  });

  test("names the server under the version when it said what it is, and nothing when it did not", () => {
    const text = renderReportText({ ...sampleSummary(), server: LLAMA_IDENTITY });
    expect(text).toContain(
      "Git SHA: abc1234\nServer: llama.cpp b7000-abc, model models/tiny-64x2.gguf (GET /props)\n" +
        "Server settings: total_slots 2, model_ftype F16, n_ctx 2048\n",
    );
    const modelsOnly = { ...LLAMA_IDENTITY, engine: null, identified_by: null, version: null, settings: {} };
    expect(renderReportText({ ...sampleSummary(), server: modelsOnly })).toContain(
      "Server: engine not reported, model models/tiny-64x2.gguf (GET /v1/models only)\n",
    );
    expect(renderReportText(sampleSummary())).not.toContain("Server:");
  });
});
