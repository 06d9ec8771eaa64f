/**
 * @module test/report/repeats-summary.test — repeats.json from three real summaries: the figures, the CV warning,
 * the text, and the committed JSON Schema.
 *
 * Expected spreads of [10, 12, 11]: numpy/scipy 1.17.1 give mean 11, std(ddof=1) 1, the 95 % t-interval
 * [8.51586228824967, 13.48413771175033] and CV 9.090909 %.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildRepeatsSummary, CV_WARNING_PCT } from "../../src/report/repeats-summary.ts";
import { RepeatsSummarySchema, repeatsJsonSchema } from "../../src/report/repeats-schema.ts";
import { renderRepeatsText, repeatsWarningText } from "../../src/report/repeats-text.ts";
import { sampleSummary } from "./sample-summary.ts";

/** Three runs of the sample summary, QPS 10, 12 and 11 and the latencies unchanged. */
function threeRuns(): { dir: string; summary: Record<string, unknown> }[] {
  return [10, 12, 11].map((qps, i) => ({
    dir: `run-${i + 1}`,
    summary: JSON.parse(JSON.stringify({ ...sampleSummary(), qps })) as Record<string, unknown>,
  }));
}

describe("report/repeats-summary", () => {
  test("each headline metric carries its values, mean, std, 95 % t-interval and CV", () => {
    const repeats = buildRepeatsSummary(threeRuns(), 3);
    const qps = repeats.metrics.qps!;
    expect(qps.values).toEqual([10, 12, 11]);
    expect(qps.n).toBe(3);
    expect(qps.mean).toBeCloseTo(11, 12);
    expect(qps.std).toBeCloseTo(1, 12);
    expect(qps.ci_low!).toBeCloseTo(8.51586228824967, 9);
    expect(qps.ci_high!).toBeCloseTo(13.48413771175033, 9);
    expect(qps.cv_pct!).toBeCloseTo(9.090909090909092, 9);
    // Identical runs: no spread, an interval of the point itself.
    const ttft = repeats.metrics.ttft_p99_ms!;
    const p99Ms = (sampleSummary().ttft.percentiles as Record<string, number>)["99.0"]! / 1e6;
    expect(ttft).toMatchObject({ unit: "ms", direction: "lower_is_better", std: 0, cv_pct: 0 });
    expect(ttft.mean!).toBeCloseTo(p99Ms, 9);
    expect(ttft.ci_low!).toBeCloseTo(p99Ms, 9);
    expect(repeats.runs).toEqual([
      { dir: "run-1", state: "complete" },
      { dir: "run-2", state: "complete" },
      { dir: "run-3", state: "complete" },
    ]);
  });

  test(`a CV above ${CV_WARNING_PCT} % is warned about, by name; a metric no run defines is left out`, () => {
    const repeats = buildRepeatsSummary(threeRuns(), 3);
    expect(repeats.warnings).toEqual([
      "QPS varies between runs: CV 9.09 % (above 5 %); quote its interval, not one run, or run longer",
    ]);
    // The sample ran without --gpus or an SLO.
    expect(repeats.metrics.output_tps_per_gpu).toBeUndefined();
    expect(repeats.metrics.goodput_qps).toBeUndefined();
  });

  /** The sample summary run with --gpus 2 --gpu-hour-cost 3: its per-GPU, per-user and cost figures scaled by `k`. */
  const priced = (k: number) =>
    JSON.parse(
      JSON.stringify({
        ...sampleSummary(),
        output_tps_per_gpu: 50 * k,
        interactivity: 200 * k,
        cost: {
          gpus: 2,
          usd_per_gpu_hour: 3,
          gpu_hours: 0.001 * k,
          usd_total: 0.003 * k,
          usd_per_million_output_tokens: 1.5 * k,
          usd_per_million_tokens: 0.25 * k,
        },
      }),
    ) as Record<string, unknown>;

  test.each([
    ["output_tps_per_gpu", "tok/s/GPU", "higher_is_better", 50, true],
    ["interactivity", "tok/s/user", "higher_is_better", 200, false],
    ["usd_per_million_output_tokens", "USD", "lower_is_better", 1.5, true],
    ["usd_per_million_tokens", "USD", "lower_is_better", 0.25, true],
  ] as const)("%s is a headline metric when the runs have it (%s, %s)", (key, unit, direction, v, needsFlags) => {
    const repeats = buildRepeatsSummary(
      [1, 2, 3].map((k, i) => ({ dir: `run-${i + 1}`, summary: priced(k) })),
      3,
    );
    expect(repeats.metrics[key]).toMatchObject({ unit, direction, values: [v, 2 * v, 3 * v], n: 3 });
    expect(repeats.metrics[key]?.mean as number).toBeCloseTo(2 * v, 12);
    // Without --gpus and --gpu-hour-cost the sample has no per-GPU figure nor cost: left out, not zero.
    if (needsFlags) expect(buildRepeatsSummary(threeRuns(), 3).metrics[key]).toBeUndefined();
  });

  test("fewer runs than asked for say so; one run has a mean and no interval", () => {
    const repeats = buildRepeatsSummary(threeRuns().slice(0, 1), 3);
    expect(repeats.warnings[0]).toBe("1 of 3 runs finished: the figures are over those");
    expect(repeats.metrics.qps).toMatchObject({ n: 1, mean: 10, std: null, ci_low: null, ci_high: null });
  });

  test("the text lists every metric with its interval and the warnings", () => {
    const text = renderRepeatsText(buildRepeatsSummary(threeRuns(), 3));
    expect(text).toMatch(/^Repeats: 3 runs \(run-1, run-2, run-3\); mean, sample std, 95 % Student-t interval, CV$/m);
    expect(text).toMatch(/^QPS \(req\/s\) +11\.00 +1\.00 +\[8\.52, 13\.48\] +9\.1 % +3$/m);
    expect(text).toMatch(/^warning: QPS varies between runs: CV 9\.09 %/m);
  });

  test("the console's table leaves the warnings out: they are stderr's lines, one each", () => {
    const repeats = buildRepeatsSummary(threeRuns(), 3);
    const table = renderRepeatsText(repeats, false);
    expect(table).not.toContain("warning:");
    expect(renderRepeatsText(repeats)).toStartWith(table.trimEnd());
    expect(repeatsWarningText(repeats)).toBe(repeats.warnings.map((w) => `warning: ${w}\n`).join(""));
    expect(repeatsWarningText(repeats)).toMatch(/^warning: QPS varies between runs: CV 9\.09 %.*\n$/);
  });

  test("repeats.json validates against its schema, and the committed JSON Schema is the generated one (scripts/make-repeats-schema.ts)", () => {
    const json = JSON.parse(JSON.stringify(buildRepeatsSummary(threeRuns(), 3)));
    expect(RepeatsSummarySchema.parse(json)).toEqual(json);
    expect(RepeatsSummarySchema.safeParse({ ...json, extra: 1 }).success).toBe(false);
    const committed = JSON.parse(
      readFileSync(join(import.meta.dir, "..", "..", "src", "report", "repeats.schema.json"), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(repeatsJsonSchema())));
  });
});
