/**
 * @module mlperf/ruleset-models — what each MLPerf round asks of each model, as data (the numbers
 * of mlcommons/endpoints' rulesets): the minimum duration and query count, the TTFT/TPOT caps per
 * optimisation priority, the dataset size, and the accuracy targets (golden value × factor; a
 * second factor makes an inclusive band; any one target set may be met).
 */

/** Upstream's OptimizationPriority: the "scenario" a latency cap belongs to. */
export const PRIORITIES = ["throughput", "interactive", "edge_single_stream"] as const;
export type Priority = (typeof PRIORITIES)[number];

interface LatencyCaps {
  ttftMs: number | null;
  tpotMs: number | null;
}

interface AccuracyTarget {
  metric: string;
  golden: number;
  /** [lower] or [lower, upper], each a factor of `golden`. */
  factors: readonly [number] | readonly [number, number];
}

export interface ModelRule {
  minDurationMs: number;
  /** A safety cap on the run; null: none. */
  maxDurationMs: number | null;
  minSampleCount: number;
  datasetSize: number;
  caps: Readonly<Partial<Record<Priority, LatencyCaps>>>;
  /** Alternative target sets: a run is accurate when it meets every target of one of them. */
  accuracy: readonly (readonly AccuracyTarget[])[];
}

const TEN_MINUTES = 600_000;
const MIN_QUERIES = 270_336;

const datacenter = (datasetSize: number, caps: ModelRule["caps"], accuracy: ModelRule["accuracy"]): ModelRule => ({
  minDurationMs: TEN_MINUTES,
  maxDurationMs: null,
  minSampleCount: MIN_QUERIES,
  datasetSize,
  caps,
  accuracy,
});

const rouge = (golden: Record<string, number>, factor: number): AccuracyTarget[] =>
  Object.entries(golden).map(([metric, value]) => ({ metric, golden: value, factors: [factor] as const }));

const LLAMA2_ROUGE = { rouge1: 44.4312, rouge2: 22.0352, rougeL: 28.6162 };
const LLAMA2_TPS: AccuracyTarget = { metric: "tokens_per_sample", golden: 294.45, factors: [0.9, 1.1] };

/** mlperf-inference-v5.1 and v6.1: the same five models and numbers. */
export const DATACENTER_MODELS: ReadonlyMap<string, ModelRule> = new Map([
  [
    "deepseek-r1",
    datacenter(4388, { throughput: { ttftMs: 2000, tpotMs: 80 } }, [
      [
        { metric: "exact_match", golden: 81.3582, factors: [0.99] },
        { metric: "tokens_per_sample", golden: 3886.2274, factors: [0.9, 1.1] },
      ],
    ]),
  ],
  [
    "llama3-1-8b",
    datacenter(13368, { throughput: { ttftMs: 2000, tpotMs: 100 }, interactive: { ttftMs: 500, tpotMs: 30 } }, [
      [
        ...rouge({ rouge1: 38.7792, rouge2: 15.9075, rougeL: 24.4957, rougeLsum: 35.793 }, 0.99),
        { metric: "gen_len", golden: 8167644, factors: [0.9, 1.1] },
      ],
    ]),
  ],
  [
    "llama2-70b",
    datacenter(24576, { throughput: { ttftMs: 2000, tpotMs: 200 }, interactive: { ttftMs: 450, tpotMs: 40 } }, [
      [...rouge(LLAMA2_ROUGE, 0.99), LLAMA2_TPS],
      [...rouge(LLAMA2_ROUGE, 0.999), LLAMA2_TPS],
    ]),
  ],
  [
    "llama3.1-405b",
    datacenter(8313, { throughput: { ttftMs: 6000, tpotMs: 175 }, interactive: { ttftMs: 4500, tpotMs: 80 } }, [
      [
        { metric: "rougeL", golden: 21.6666, factors: [0.99] },
        { metric: "exact_match", golden: 90.1335, factors: [0.99] },
        { metric: "tokens_per_sample", golden: 684.68, factors: [0.9, 1.1] },
      ],
    ]),
  ],
  [
    "mixtral-8x7b",
    datacenter(15000, { throughput: { ttftMs: 2000, tpotMs: 200 } }, [
      [
        ...rouge(
          { rouge1: 45.5989, rouge2: 23.3526, rougeL: 30.4608, gsm8k_accuracy: 73.66, mbxp_accuracy: 60.16 },
          0.99,
        ),
        { metric: "tokens_per_sample", golden: 144.84, factors: [0.9, 1.1] },
      ],
    ]),
  ],
]);

/** mlperf-edge-v0.1: latency is informational (the reference is a stock llama.cpp build). */
export const EDGE_MODELS: ReadonlyMap<string, ModelRule> = new Map([
  [
    "qwen3.6-27b",
    {
      minDurationMs: 0,
      maxDurationMs: 14_400_000,
      minSampleCount: 995,
      datasetSize: 995,
      caps: { edge_single_stream: { ttftMs: null, tpotMs: null } },
      accuracy: [
        [
          { metric: "bfcl_overall_accuracy", golden: 86.23, factors: [0.97] },
          { metric: "bfcl_normalized_accuracy", golden: 87.96, factors: [0.97] },
        ],
      ],
    },
  ],
]);
