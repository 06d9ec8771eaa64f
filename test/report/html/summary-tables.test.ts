/** @module test/report/html/summary-tables.test — summary, run-config and error tables. */
import { describe, expect, test } from "bun:test";
import { errorBreakdown, renderErrorTable } from "../../../src/report/html/error-table.ts";
import { flattenConfig, renderSummaryTables, summaryRows } from "../../../src/report/html/summary-tables.ts";
import type { ResultSummary } from "../../../src/report/result-summary.ts";
import { sampleSummary } from "../sample-summary.ts";
import { LLAMA_IDENTITY } from "../server-identity-fixture.ts";

function row(s: ResultSummary, label: string): string | undefined {
  return summaryRows(s).find(([l]) => l === label)?.[1];
}

describe("report/html/summary-tables", () => {
  test("shows counts, duration, throughput, token source and the verdict", () => {
    const s = sampleSummary({}, true);
    expect(row(s, "State")).toBe('<span class="ok">complete</span>');
    expect(row(s, "Requests issued")).toBe("21");
    expect(row(s, "Requests failed")).toBe('<span class="bad">1</span>');
    expect(row(s, "Duration")).toMatch(/^\d+\.\d\d s$/);
    // A Poisson run with LoadGen's legacy QPS shows both definitions, each named; a native run one plain QPS.
    expect(s.legacy_loadgen_window_duration_ns).not.toBeNull();
    expect(row(s, "QPS (MLPerf LoadGen legacy: (completed − 1) / window, failures included)")).toMatch(/^\d+\.\d\d$/);
    expect(row(s, "QPS (successful requests / duration)")).toMatch(/^\d+\.\d\d$/);
    expect(row({ ...s, legacy_loadgen_window_duration_ns: null }, "QPS")).toMatch(/^\d+\.\d\d$/);
    expect(row(s, "Token counts from")).toBe("server_usage");
    const goodput = {
      slo: { ttft_ms: 500, tpot_ms: 5.2, latency_ms: null },
      completed: 20,
      met: 19,
      attainment_pct: 95,
      target_pct: 95,
      target_met: true,
      requests_per_s: 9.5,
    };
    expect(row({ ...s, goodput }, "Goodput")).toBe(
      "9.50 req/s meeting ttft ≤ 500 ms, tpot ≤ 5.2 ms (19 of 20, 95.00 %; SLO at p95 met)",
    );
    expect(row(s, "Load generator")).toMatch(
      /^<span class="ok">ok<\/span> \(schedule lag p99 \d+\.\d\d ms, limit \d+\.\d\d ms\)$/,
    );
  });

  test.each([
    ["fell_behind", "poisson", /^<span class="bad">fell behind<\/span>/],
    [null, "max_throughput", /^N\/A \(max_throughput has no schedule to keep\)$/],
    [null, "poisson", /^N\/A \(no requests sent\)$/],
  ] as const)("explains the load generator verdict %p for %p", (verdict, type, expected) => {
    const s = { ...sampleSummary({ runConfig: { load_pattern: { type } } }), load_generator: verdict };
    expect(row(s, "Load generator")).toMatch(expected);
  });

  test.each([
    [{}, []],
    [
      { a: 1, b: "x" },
      [
        ["a", 1],
        ["b", "x"],
      ],
    ],
    [
      { load_pattern: { type: "poisson", qps: { target: 5 } }, list: [1, 2] },
      [
        ["load_pattern.type", "poisson"],
        ["load_pattern.qps.target", 5],
        ["list", [1, 2]],
      ],
    ],
    [{ n: null }, [["n", null]]],
  ])("flattens the run config %p", (config, expected) => {
    expect(flattenConfig(config)).toEqual(expected as [string, unknown][]);
  });

  test("escapes config values and the state", () => {
    const s = sampleSummary({ runConfig: { "<k>": "<v>" }, state: "interrupted" });
    const html = renderSummaryTables(s);
    expect(html).toContain('<th scope="row">&lt;k&gt;</th><td>&lt;v&gt;</td>');
    expect(html).toContain('<span class="bad">interrupted</span>');
  });
});

describe("report/html/error-table", () => {
  const base = sampleSummary();
  const s: ResultSummary = {
    ...base,
    error_counts: { timeout: 2, http_5xx: 7, http_4xx: 2 },
    error_samples: [
      { kind: "http_5xx", message: "HTTP 500: <h1>oops</h1>" },
      { kind: "timeout", message: "no response within 30 s" },
      { kind: "http_5xx", message: "HTTP 502: 'bad' & \"gateway\"" },
    ],
  };

  test("orders kinds by count, then by name, each with its samples", () => {
    expect(errorBreakdown(s)).toEqual([
      { kind: "http_5xx", count: 7, samples: ["HTTP 500: <h1>oops</h1>", "HTTP 502: 'bad' & \"gateway\""] },
      { kind: "http_4xx", count: 2, samples: [] },
      { kind: "timeout", count: 2, samples: ["no response within 30 s"] },
    ]);
  });

  test("escapes every sample message", () => {
    const html = renderErrorTable(s);
    expect(html).toContain("<code>HTTP 500: &lt;h1&gt;oops&lt;/h1&gt;</code>");
    expect(html).toContain("<code>HTTP 502: &#39;bad&#39; &amp; &quot;gateway&quot;</code>");
    expect(html).not.toContain("<h1>");
  });

  test("is empty when no request failed", () => {
    expect(renderErrorTable(base)).toBe("");
  });

  test("a Server row names what served the run, escaped, when the summary has it", () => {
    const s = { ...sampleSummary(), server: { ...LLAMA_IDENTITY, model: "<m>" } };
    expect(row(s, "Server")).toBe("llama.cpp b7000-abc, model &lt;m&gt; (GET /props)");
    expect(row(s, "Server settings")).toBe("total_slots 2, model_ftype F16, n_ctx 2048");
    expect(row(sampleSummary(), "Server")).toBeUndefined();
  });
});
