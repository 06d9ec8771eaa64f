/**
 * @module test/upstream/rulesets-rules — upstream's tests/unit/config/rulesets/mlcommons/test_rules.py against
 * our rulesets (src/mlperf/rulesets.ts, ruleset-models.ts) and upstream's sample count (config/rules/sample-count.ts).
 */
import { describe, expect, test } from "bun:test";
import { totalSamplesToIssue } from "../../src/config/rules/sample-count.ts";
import { RULESET_NAMES, RULESETS } from "../../src/mlperf/rulesets.ts";

const T = "tests/unit/config/rulesets/mlcommons/test_rules.py";
const round = (name: string) => {
  const ruleset = RULESETS.get(name);
  if (!ruleset) throw new Error(`${name} is not registered`);
  return ruleset;
};
const model = (rulesetName: string, name: string) => {
  const rule = round(rulesetName).models.get(name);
  if (!rule) throw new Error(`${name} is not in ${rulesetName}`);
  return rule;
};
const LLAMA3_8B = model("mlcommons-current", "llama3-1-8b");
/** What upstream's `apply_user_config` hands `total_samples_to_issue` for llama3-1-8b: the round's duration and counts. */
const llamaCount = (
  qps: number,
  paddingFactor: number,
  alignToDatasetSize: boolean,
  minSampleCount = LLAMA3_8B.minSampleCount,
) =>
  totalSamplesToIssue({
    minDurationMs: LLAMA3_8B.minDurationMs,
    targetQps: qps,
    datasetSize: LLAMA3_8B.datasetSize,
    minSampleCount,
    paddingFactor,
    alignToDatasetSize,
  });

describe("upstream test_rules.py", () => {
  test(`${T}:34 test_apply_user_config`, () => {
    expect(LLAMA3_8B.caps.interactive).toEqual({ ttftMs: 500, tpotMs: 30 });
    expect(LLAMA3_8B.minDurationMs).toBe(10 * 60 * 1000);
    expect(LLAMA3_8B.datasetSize).toBe(13368);
    expect(LLAMA3_8B.minSampleCount).toBe(270336);
    let expected = Math.trunc(1234.5 * 10 * 60);
    expect(llamaCount(1234.5, 1.0, false)).toBe(expected);
    const rem = expected % LLAMA3_8B.datasetSize;
    if (rem !== 0) expected += LLAMA3_8B.datasetSize - rem;
    expect(llamaCount(1234.5, 1.0, true)).toBe(expected);
  });

  test(`${T}:88 test_apply_user_config_insufficient_qps`, () => {
    expect(llamaCount(2, 1.0, true)).toBe(280728);
    expect(llamaCount(2, 1.0, false)).toBe(270336);
  });

  test(`${T}:107 test_apply_user_config_min_sample_count_override`, () => {
    expect(llamaCount(2, 1.0, true, 1)).toBe(13368);
    expect(llamaCount(2, 1.0, false, 1)).toBe(2 * 10 * 60);
  });

  test(`${T}:124 test_current_round_is_v6_1`, () => {
    expect(round("mlcommons-current").version).toBe("v6.1");
  });

  test(`${T}:129 test_v6_1_official_seeds`, () => {
    expect(round("mlperf-inference-v6.1").schedulerSeed).toBe(16159082839903944936n);
    expect(round("mlperf-inference-v6.1").sampleIndexSeed).toBe(2747215439041700203n);
  });

  test(`${T}:137 test_all_rounds_registered_by_version`, () => {
    const rounds = new Set(RULESETS.values());
    for (const r of rounds) {
      const prefix = r.version.startsWith("edge-") ? "mlperf-" : "mlperf-inference-";
      expect(RULESET_NAMES).toContain(`${prefix}${r.version}`);
    }
    expect(RULESET_NAMES).toContain("mlperf-inference-v5.1");
    expect(RULESET_NAMES).toContain("mlperf-inference-v6.1");
    expect(RULESETS.get("mlcommons-current")).toBe(round("mlperf-inference-v6.1"));
  });

  test(`${T}:148 test_round_versions_are_unique`, () => {
    const rounds = [...new Set(RULESETS.values())];
    expect(new Set(rounds.map((r) => r.version)).size).toBe(rounds.length);
  });

  test(`${T}:162 test_v6_1_latency_targets_match_v5_1`, () => {
    const v51 = round("mlperf-inference-v5.1");
    const v61 = round("mlperf-inference-v6.1");
    expect([...v61.models.entries()]).toEqual([...v51.models.entries()]);
    expect(model("mlperf-inference-v6.1", "llama3.1-405b").caps.throughput?.tpotMs).toBe(175);
    expect(v61.schedulerSeed).not.toBe(v51.schedulerSeed);
    expect(v61.sampleIndexSeed).not.toBe(v51.sampleIndexSeed);
  });

  test(`${T}:180 test_edge_ruleset_registered`, () => {
    expect(RULESETS.get("mlperf-edge-current")).toBe(round("mlperf-edge-v0.1"));
    expect(RULESET_NAMES).toContain("mlperf-edge-v0.1");
    expect(round("mlperf-edge-current").version).toBe("edge-v0.1");
  });

  test(`${T}:189 test_edge_model_accuracy_gate`, () => {
    const qwen = model("mlperf-edge-current", "qwen3.6-27b");
    expect(qwen.datasetSize).toBe(995);
    const [targets] = qwen.accuracy;
    const overall = targets?.find((t) => t.metric === "bfcl_overall_accuracy");
    expect(overall?.golden).toBeCloseTo(86.23, 10);
    expect(targets?.find((t) => t.metric === "bfcl_normalized_accuracy")?.golden).toBeCloseTo(87.96, 10);
    expect(overall?.factors).toEqual([0.97]);
    expect((overall?.golden ?? 0) * (overall?.factors[0] ?? 0)).toBeCloseTo(83.6431, 4);
  });

  test(`${T}:207 test_edge_ruleset_model_lookup`, () => {
    const qwen = model("mlperf-edge-current", "qwen3.6-27b");
    expect(Object.keys(qwen.caps)).toEqual(["edge_single_stream"]);
    expect(qwen.minSampleCount).toBe(995);
    expect(qwen.maxDurationMs).toBe(4 * 60 * 60 * 1000);
  });

  test(`${T}:219 test_edge_ruleset_apply_user_config`, () => {
    const qwen = model("mlperf-edge-current", "qwen3.6-27b");
    expect(qwen.minDurationMs).toBe(0);
    expect(qwen.maxDurationMs).toBe(4 * 60 * 60 * 1000);
    expect(qwen.datasetSize).toBe(995);
  });
});

// not transcribed:
// - :32/:210 metric_target and reported_metrics as Throughput/TTFT/TPOT objects — upstream's metric classes; the caps are checked above.
// - :155 test_register_ruleset_rejects_duplicate — upstream registers rulesets at run time; ours are a fixed table.
// - :157 "v6.1 holds an independent copy" — a Python aliasing concern; ours are read-only maps.
