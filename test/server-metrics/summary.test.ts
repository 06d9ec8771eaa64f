/** @module test/server-metrics/summary.test — the server's metrics over a window: gauges, histogram quantiles, counters. */
import { describe, expect, test } from "bun:test";
import { histogramBucket, histogramQuantile } from "../../src/server-metrics/histogram.ts";
import { gaugeTimeline, summarizeServerMetrics, type ScrapedRow } from "../../src/server-metrics/summary.ts";

const QUANTILES: [string, number, [number, number][], number | null][] = [
  [
    "the middle of one bucket",
    0.5,
    [
      [0.1, 0],
      [0.2, 10],
      [Infinity, 10],
    ],
    0.15,
  ],
  [
    "a bucket edge",
    0.5,
    [
      [0.1, 5],
      [0.2, 10],
      [Infinity, 10],
    ],
    0.1,
  ],
  [
    "the first bucket from 0",
    0.5,
    [
      [0.1, 10],
      [Infinity, 10],
    ],
    0.05,
  ],
  [
    "+Inf: the highest finite bound",
    0.99,
    [
      [0.1, 5],
      [Infinity, 10],
    ],
    0.1,
  ],
  [
    "no observations",
    0.5,
    [
      [0.1, 0],
      [Infinity, 0],
    ],
    null,
  ],
];

const row = (tNs: number, name: string, labels: Record<string, string>, value: number): ScrapedRow => ({
  tNs,
  name,
  labels: JSON.stringify(labels),
  value,
});

/** Scrapes every second: two engines of vLLM, running 3+4 then 5+5, and a TTFT histogram that grows. */
function rows(): ScrapedRow[] {
  const out: ScrapedRow[] = [];
  const running = [
    [1, 1],
    [3, 4],
    [5, 5],
    [2, 2],
  ];
  running.forEach(([a, b], s) => {
    const t = s * 1e9;
    out.push(
      row(t, "vllm:num_requests_running", { engine: "0" }, a as number),
      row(t, "vllm:num_requests_running", { engine: "1" }, b as number),
    );
    out.push(
      row(t, "vllm:kv_cache_usage_perc", { engine: "0" }, 0.2 * s),
      row(t, "vllm:kv_cache_usage_perc", { engine: "1" }, 0.4 * s),
    );
    // 10 new observations per second, all in (0.02, 0.04]; engine 1 adds its own.
    for (const [engine, per] of [
      ["0", 10],
      ["1", 10],
    ] as const) {
      out.push(row(t, "vllm:time_to_first_token_seconds_bucket", { engine, le: "0.02" }, 0));
      out.push(row(t, "vllm:time_to_first_token_seconds_bucket", { engine, le: "0.04" }, per * s));
      out.push(row(t, "vllm:time_to_first_token_seconds_bucket", { engine, le: "+Inf" }, per * s));
    }
    out.push(
      row(t, "vllm:prefix_cache_queries_total", {}, 100 * s),
      row(t, "vllm:prefix_cache_hits_total", {}, 25 * s),
    );
  });
  return out;
}

describe("server-metrics/summary", () => {
  for (const [what, q, buckets, expected] of QUANTILES) {
    test(`histogramQuantile at ${what}`, () => {
      const got = histogramQuantile(q, buckets);
      if (expected === null) expect(got).toBeNull();
      else expect(got as number).toBeCloseTo(expected, 12);
    });
  }

  test.each([
    [
      "the middle of one bucket",
      0.5,
      [
        [0.1, 0],
        [0.2, 10],
        [Infinity, 10],
      ],
      [0.1, 0.2],
    ],
    [
      "exactly at a bucket's upper edge: that bucket",
      0.5,
      [
        [0.1, 5],
        [0.2, 10],
        [Infinity, 10],
      ],
      [0, 0.1],
    ],
    [
      "+Inf: no upper bound",
      0.99,
      [
        [0.1, 5],
        [Infinity, 10],
      ],
      [0.1, null],
    ],
    [
      "no observations",
      0.5,
      [
        [0.1, 0],
        [Infinity, 0],
      ],
      null,
    ],
  ] as const)("histogramBucket at %s", (_what, q, cumulative, expected) => {
    expect(histogramBucket(q, cumulative as unknown as [number, number][])).toEqual(
      expected as unknown as [number, number | null] | null,
    );
  });

  test("over the window of scrapes 1 and 2: gauges summed or averaged over engines, TTFT from the histogram's growth, hit rate from counters", () => {
    const summary = summarizeServerMetrics(rows(), 0.5e9, 2.5e9, { ok: 2, failed: 1, errors: {} }, "http://h/metrics");
    expect(summary.gauges.running).toEqual({
      source: "vllm:num_requests_running",
      min: 7,
      avg: 8.5,
      max: 10,
      samples: 2,
    });
    expect(summary.gauges.kv_cache_usage?.avg).toBeCloseTo(0.45, 12);
    expect(summary.gauges.waiting).toBeUndefined();
    // Baseline: scrape 0 (none yet); end: scrape 2: 40 new, all in (0.02, 0.04].
    expect(summary.ttft_ms).toMatchObject({ source: "vllm:time_to_first_token_seconds", count: 40 });
    expect(summary.ttft_ms?.p50 as number).toBeCloseTo(30, 9);
    expect(summary.ttft_ms?.buckets).toEqual({ p50: [20, 40], p90: [20, 40], p99: [20, 40] });
    expect(summary.prefix_cache_hit_rate_window).toBeCloseTo(0.25, 12);
    expect([summary.scrapes, summary.failed_scrapes]).toEqual([2, 1]);
  });

  test.each([
    ["the current names", "vllm:prefix_cache", []],
    ["vLLM v1's first names (gpu_…)", "vllm:gpu_prefix_cache", []],
    [
      "both, as the releases that kept the old ones deprecated: the current ones win",
      "vllm:prefix_cache",
      ["vllm:gpu_prefix_cache"],
    ],
  ] as const)("prefix-cache hit rate over the window from %s", (_what, prefix, decoys) => {
    const counters = (t: number, p: string, hits: number, queries: number) => [
      row(t, `${p}_hits_total`, { engine: "0" }, hits),
      row(t, `${p}_queries_total`, { engine: "0" }, queries),
    ];
    // Before the window 10 of 40; at its last scrape 70 of 160: 60 hits of 120 queries inside it.
    const rows = [
      ...counters(0, prefix, 10, 40),
      ...counters(2e9, prefix, 70, 160),
      ...decoys.flatMap((d) => [...counters(0, d, 0, 10), ...counters(2e9, d, 10, 11)]),
    ];
    expect(
      summarizeServerMetrics(rows, 1e9, 3e9, { ok: 2, failed: 0, errors: {} }, "u").prefix_cache_hit_rate_window,
    ).toBeCloseTo(0.5, 12);
  });

  test("growth runs from the bounding scrapes when the run took them, else from the first scrape in the window, never from zero", () => {
    const ttftRows = (t: number, count: number) =>
      [
        ["0.04", count],
        ["+Inf", count],
      ].map(([le, n]) => row(t, "vllm:time_to_first_token_seconds_bucket", { le: le as string }, n as number));
    // The server had answered 1,000 requests before; 10 come in the window [1 s, 3 s], 5 more after it.
    const rows = [
      ...ttftRows(0.5e9, 1000),
      ...ttftRows(1.5e9, 1002),
      ...ttftRows(2.5e9, 1008),
      ...ttftRows(3.2e9, 1010),
      ...ttftRows(9e9, 1015),
    ];
    const count = (bounds?: { baselineNs: number | null; finalNs: number | null }, start = 1e9) =>
      summarizeServerMetrics(rows, start, 3e9, { ok: 5, failed: 0, errors: {} }, "u", bounds).ttft_ms?.count;
    expect(count({ baselineNs: 0.5e9, finalNs: 3.2e9 })).toBe(10);
    // Without bounds: the last scrape before the window to the last inside it.
    expect(count()).toBe(8);
    // No scrape before the window (the page answered late): from its first scrape (1,000), not from zero (1,008: the server's whole past).
    expect(count(undefined, 0.4e9)).toBe(8);
    // A failed closing scrape: up to the last inside.
    expect(count({ baselineNs: 0.5e9, finalNs: null })).toBe(8);
  });

  test("warmup requests whose first token came between the bounding scrapes are named among the count", () => {
    const rows = [0.5e9, 3.2e9].flatMap((t, i) =>
      [
        ["0.04", 10 * i],
        ["+Inf", 10 * i],
      ].map(([le, n]) => row(t, "vllm:time_to_first_token_seconds_bucket", { le: le as string }, n as number)),
    );
    const warmup = (instants: number[]) =>
      summarizeServerMetrics(
        rows,
        1e9,
        3e9,
        { ok: 2, failed: 0, errors: {} },
        "u",
        { baselineNs: 0.5e9, finalNs: 3.2e9 },
        instants,
      ).ttft_ms?.warmup_requests;
    // Before the baseline scrape: already in its count; at 0.5 s exactly: too (the scrape saw it).
    expect(warmup([0.1e9, 0.5e9])).toBe(0);
    expect(warmup([0.1e9, 0.6e9, 1.1e9, 3.2e9, 3.3e9])).toBe(3);
    expect(warmup([])).toBe(0);
  });

  test("a histogram reported by every TP rank of each DP engine counts each engine once", () => {
    const rows = [0, 2e9].flatMap((t, scrape) =>
      ["0", "1"].flatMap((dp) =>
        ["0", "1"].flatMap((tp) =>
          [
            ["0.04", 5 * scrape],
            ["+Inf", 5 * scrape],
          ].map(([le, n]) =>
            row(
              t,
              "sglang:time_to_first_token_seconds_bucket",
              { dp_rank: dp, tp_rank: tp, le: le as string },
              n as number,
            ),
          ),
        ),
      ),
    );
    // Two engines, 5 requests each in the window: 10, not 20.
    expect(
      summarizeServerMetrics(rows, 1e9, 3e9, { ok: 2, failed: 0, errors: {} }, "u", { baselineNs: 0, finalNs: 2e9 })
        .ttft_ms?.count,
    ).toBe(10);
  });

  test("the timeline has every scrape of each known gauge", () => {
    const timeline = gaugeTimeline(rows());
    expect(timeline.running).toEqual({ tNs: [0, 1e9, 2e9, 3e9], values: [2, 7, 10, 4] });
    expect(Object.keys(timeline).sort()).toEqual(["kv_cache_usage", "running"]);
  });

  // SGLang labels its scheduler gauges with the rank that reported them.
  test.each([
    [
      "two DP groups are two engines: summed",
      [
        [{ dp_rank: "0", tp_rank: "0" }, 3],
        [{ dp_rank: "1", tp_rank: "0" }, 4],
      ],
      7,
    ],
    [
      "every TP rank of one engine (--enable-metrics-for-all-schedulers): counted once",
      [
        [{ tp_rank: "0", pp_rank: "0" }, 5],
        [{ tp_rank: "1", pp_rank: "0" }, 5],
        [{ tp_rank: "2", pp_rank: "0" }, 5],
      ],
      5,
    ],
    [
      "pipeline stages of one engine: the most any stage holds",
      [
        [{ tp_rank: "0", pp_rank: "0" }, 6],
        [{ tp_rank: "0", pp_rank: "1" }, 4],
      ],
      6,
    ],
    [
      "two DP groups, two TP ranks each",
      [
        [{ dp_rank: "0", tp_rank: "0" }, 2],
        [{ dp_rank: "0", tp_rank: "1" }, 2],
        [{ dp_rank: "1", tp_rank: "0" }, 3],
        [{ dp_rank: "1", tp_rank: "1" }, 3],
      ],
      5,
    ],
  ] as const)("running requests: %s", (_name, series, expected) => {
    const rows = series.map(([labels, v]) =>
      row(1, "sglang:num_running_reqs", { model_name: "m", engine_type: "unified", ...labels }, v),
    );
    expect(summarizeServerMetrics(rows, 0, 10, { ok: 1, failed: 0, errors: {} }, "u").gauges.running?.avg).toBe(
      expected,
    );
  });

  test("SGLang's names map to the same keys", () => {
    const summary = summarizeServerMetrics(
      [
        row(1, "sglang:num_running_reqs", {}, 6),
        row(1, "sglang:num_queue_reqs", {}, 2),
        row(1, "sglang:token_usage", {}, 0.5),
      ],
      0,
      10,
      { ok: 1, failed: 0, errors: {} },
      "u",
    );
    expect(Object.fromEntries(Object.entries(summary.gauges).map(([k, g]) => [k, [g.source, g.avg]]))).toEqual({
      running: ["sglang:num_running_reqs", 6],
      waiting: ["sglang:num_queue_reqs", 2],
      kv_cache_usage: ["sglang:token_usage", 0.5],
    });
  });
});
