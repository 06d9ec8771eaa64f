/**
 * @module test/metrics/gpu-cost.test — tokens/s per GPU and the cost of a million tokens, with known numbers; for
 * embeddings and rerank, the input tokens' price and the report line that shows it.
 */
import { describe, expect, test } from "bun:test";
import { gpuCost, tpsPerGpu } from "../../src/metrics/gpu-cost.ts";
import { gpuCostRows } from "../../src/report/gpu-cost-text.ts";

const S = 1e9;

describe("metrics/gpu-cost", () => {
  test.each([
    [1000, 8, 125],
    [1000, 1, 1000],
    [333, 2, 166.5],
    [null, 2, null],
    [1000, null, null],
    [0, 4, 0],
  ])("tps %p over %p GPUs is %p per GPU", (tps, gpus, perGpu) => {
    expect(tpsPerGpu(tps, gpus)).toBe(perGpu);
  });

  test.each([
    // 1 h on 1 GPU at $2 for 1M output tokens (and 1M input): $2 per 1M output, $1 per 1M tokens.
    ["an hour on one GPU", 3600 * S, 1, 2, 1e6, 1e6, { gpu_hours: 1, usd_total: 2, out: 2, all: 1 }],
    // 36 s × 2 GPUs = 0.02 GPU-hours; at $3.5 that is $0.07; 7,000 output tokens → $10 per 1M; +3,000 input → $7.
    ["36 s on two GPUs", 36 * S, 2, 3.5, 7000, 3000, { gpu_hours: 0.02, usd_total: 0.07, out: 10, all: 7 }],
    // 8 GPUs for 90 s at $4: 0.2 GPU-hours, $0.80; 400,000 output tokens → $2 per 1M; no input count → null.
    ["eight GPUs, no input count", 90 * S, 8, 4, 400_000, null, { gpu_hours: 0.2, usd_total: 0.8, out: 2, all: null }],
    [
      "no output tokens",
      10 * S,
      1,
      1,
      0,
      500,
      { gpu_hours: 10 / 3600, usd_total: 10 / 3600, out: null, all: (10 / 3600) * 2000 },
    ],
    [
      "unknown output tokens",
      10 * S,
      1,
      1,
      null,
      500,
      { gpu_hours: 10 / 3600, usd_total: 10 / 3600, out: null, all: null },
    ],
    ["no window", null, 2, 3.5, 100, 100, { gpu_hours: null, usd_total: null, out: null, all: null }],
    ["an empty window", 0, 2, 3.5, 100, 100, { gpu_hours: null, usd_total: null, out: null, all: null }],
  ] as const)("%s", (_what, durationNs, gpus, usdPerGpuHour, outputTokens, inputTokens, want) => {
    const c = gpuCost({ durationNs, gpus, usdPerGpuHour, outputTokens, inputTokens });
    expect(c.gpus).toBe(gpus);
    expect(c.usd_per_gpu_hour).toBe(usdPerGpuHour);
    const close = (got: number | null, expected: number | null) =>
      expected === null ? expect(got).toBeNull() : expect(got as number).toBeCloseTo(expected, 12);
    close(c.gpu_hours, want.gpu_hours);
    close(c.usd_total, want.usd_total);
    close(c.usd_per_million_output_tokens, want.out);
    close(c.usd_per_million_tokens, want.all);
    expect("usd_per_million_input_tokens" in c).toBe(false);
  });

  test.each([
    // 36 s × 2 GPUs at $3.5 = $0.07; 7,000 input tokens embedded → $10 per 1M input tokens (and per 1M tokens).
    ["36 s on two GPUs", 36 * S, 7000, { input: 10, all: 10 }],
    // The output count is unknown (none recorded) yet nothing was generated: 0, so the total is priced too.
    ["no input count", 36 * S, null, { input: null, all: null }],
    ["no input tokens", 36 * S, 0, { input: null, all: null }],
    ["no window", null, 7000, { input: null, all: null }],
  ] as const)("embeddings or rerank, %s: the input tokens are priced", (_what, durationNs, inputTokens, want) => {
    const c = gpuCost({
      durationNs,
      gpus: 2,
      usdPerGpuHour: 3.5,
      outputTokens: null,
      inputTokens,
      generatesNothing: true,
    });
    const close = (got: number | null | undefined, expected: number | null) =>
      expected === null ? expect(got).toBeNull() : expect(got as number).toBeCloseTo(expected, 12);
    close(c.usd_per_million_input_tokens, want.input);
    close(c.usd_per_million_tokens, want.all);
    expect(c.usd_per_million_output_tokens).toBeNull();
  });

  test("the report's cost line: per input token for embeddings and rerank, per output and total token otherwise", () => {
    const base = { output_tps_per_gpu: null, interactivity: null };
    const pooled = gpuCost({
      durationNs: 36 * S,
      gpus: 2,
      usdPerGpuHour: 3.5,
      outputTokens: null,
      inputTokens: 7000,
      generatesNothing: true,
    });
    expect(gpuCostRows({ ...base, cost: pooled })).toEqual([
      [
        "Cost",
        "$10.00 per 1M input tokens (nothing generated): 0.02 GPU-hours (2 GPUs over the window) at $3.5/GPU-hour = $0.07",
      ],
    ]);
    const generated = gpuCost({
      durationNs: 36 * S,
      gpus: 2,
      usdPerGpuHour: 3.5,
      outputTokens: 7000,
      inputTokens: 3000,
    });
    expect(gpuCostRows({ ...base, cost: generated })[0]?.[1]).toStartWith(
      "$10.00 per 1M output tokens, $7.00 per 1M tokens (input + output): 0.02 GPU-hours",
    );
  });
});
