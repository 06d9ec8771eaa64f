/**
 * @module metrics/summarize-phase — every number the reports show about one phase, from its columns.
 *
 * Counts (names as in result_summary.json):
 * - n_samples_issued: requests sent (plan entries; with retries, each entry's last attempt).
 * - n_samples_failed: requests with an error kind.
 * - n_samples_completed: requests that finished, failures INCLUDED (as upstream counts them).
 * - successful: completed − failed.
 * - retries: attempts that were retried (`--retries`); they are in events.db, not in the counts.
 *
 * Series (each a rollup, see series-rollup.ts; definitions in metric-names.ts):
 * - latency, ttft, ttfb, tpot, itl, input/output_sequence_lengths: successful requests only. The
 *   seed's latency includes failed requests; we do not, because a fast 500 would make latency
 *   look good.
 * - schedule_lag and scheduled_latency: every sent request — they describe the load generator
 *   and what a user waiting on the schedule experienced, errors included.
 * - ttft where a first token arrived; tpot where it did and output tokens ≥ 2;
 *   itl from the per-token gaps the columns already spread. TTFO, TPOT over the answer and the
 *   reasoning/answer token split only when a request reasoned (metrics/reasoning-metrics). Early-stopping estimates on
 *   ttft, tpot and latency only (as upstream).
 *
 * Duration and throughput: duration_ns = last doneNs − window start; qps/tps in throughput.ts;
 * inputs/s for embeddings and rerank in input-throughput.ts.
 */
import type { PhaseColumns } from "./phase-columns.ts";
import {
  countErrorKinds,
  countFinishReasons,
  tallyTokenSources,
  type FinishReasonCounts,
  type TokenCountSource,
} from "./phase-tallies.ts";
import { completionNs, successfulRows } from "./request-values.ts";
import { rollupSorted, type Rollup } from "./series-rollup.ts";
import { SortedSeries } from "./sorted-series.ts";
import { computeThroughput, legacyLoadgenWindowNs } from "./throughput.ts";
import {
  loadGeneratorHealth,
  meanScheduleGapNs,
  scheduledRate,
  verdictLagsNs,
  type LoadGeneratorHealth,
} from "./load-generator-health.ts";
import { tokenDiscrepancy, type TokenDiscrepancy } from "./token-discrepancy.ts";
import { goodput, type Goodput, type SloObjectives } from "./goodput.ts";
import { gpuCost, tpsPerGpu, type GpuCost } from "./gpu-cost.ts";
import { interactivity } from "./interactivity.ts";
import { inputThroughput, type InputThroughput } from "./input-throughput.ts";
import type { TokenSource } from "../record/request-record.ts";
import type { SeriesArray } from "./percentiles.ts";
import { countStreamNotes, type StreamNote } from "../record/stream-notes.ts";
import { reasoningMetrics, type ReasoningMetrics } from "./reasoning-metrics.ts";

export interface PhaseContext {
  /** Start of the performance window (ns since T0), usually the phase start. */
  windowStartNs: number;
  /** settings.load_pattern.type, e.g. "poisson", "max_throughput", "concurrency". */
  loadPatternType: string;
  /** settings.load_pattern use_legacy_loadgen_qps_metrics (applies to "poisson" only). */
  useLegacyQps: boolean;
  /** settings.early_stopping.enabled. */
  earlyStopping: boolean;
  /**
   * model_params.streaming resolved to on. Off, upstream records no TTFT or TPOT series, so their
   * empty rollups are `{}`, not the all-null early-stopping map; unknown (older runs) counts as on.
   */
  streaming?: boolean;
  /** Requests the phase's plan held (null when unknown, e.g. a crashed run). */
  plannedCount: number | null;
  /** Goodput objectives; null or all-null = no goodput. */
  slo?: SloObjectives | null;
  /** GPUs serving the endpoint (`--gpus`), for tokens/s per GPU; null or absent: unknown. */
  gpus?: number | null;
  /** USD per GPU-hour (`--gpu-hour-cost`, needs gpus), for the cost of a million tokens. */
  gpuHourCostUsd?: number | null;
}

export interface PhaseMetrics {
  nSamplesIssued: number;
  nSamplesCompleted: number;
  nSamplesFailed: number;
  nSuccessful: number;
  durationNs: number | null;
  qps: number | null;
  tps: number | null;
  qpsNative: number | null;
  tpsNative: number | null;
  /** The rate the schedule offered (metrics/load-generator-health scheduledRate). */
  scheduledQps: number | null;
  legacyLoadgenWindowDurationNs: number | null;
  ttftNs: Rollup;
  ttfbNs: Rollup;
  tpotNs: Rollup;
  itlNs: Rollup;
  latencyNs: Rollup;
  scheduleLagNs: Rollup;
  scheduledLatencyNs: Rollup;
  inputSequenceLengths: Rollup;
  outputSequenceLengths: Rollup;
  finishReasonCounts: FinishReasonCounts;
  tokenCountSource: TokenCountSource;
  tokenCountSources: Partial<Record<TokenSource, number>>;
  errorCounts: Record<string, number>;
  errorSamples: { kind: string; message: string }[];
  retries: number;
  reconnects: number;
  streamNotes: Partial<Record<StreamNote, number>>;
  loadGenerator: LoadGeneratorHealth;
  tokenCountDiscrepancy: TokenDiscrepancy | null;
  goodput: Goodput | null;
  /** tps ÷ gpus (metrics/gpu-cost); null without --gpus. */
  outputTpsPerGpu: number | null;
  /** Tokens/s per user, 1000 ÷ TPOT p50 in ms (metrics/interactivity); null without TPOT. */
  interactivity: number | null;
  /** GPU-hours and $/1M tokens (metrics/gpu-cost); null without --gpu-hour-cost. */
  cost: GpuCost | null;
  /** Inputs/s and input tokens/s of embeddings and rerank (metrics/input-throughput); null for the generating APIs. */
  inputs: InputThroughput | null;
  /** TTFO, TPOT over the answer, reasoning and answer tokens (metrics/reasoning-metrics); null when nothing reasoned. */
  reasoning: ReasoningMetrics | null;
}

function maxFinite(values: SeriesArray): number | null {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) > max) max = values[i] as number;
  return Number.isFinite(max) ? max : null;
}

function sum(values: SeriesArray): number | null {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] as number;
  return values.length > 0 ? total : null;
}

/**
 * `series`: the phase's sorted series; pass the one the HTML report will read so that each
 * series is sorted once (see sorted-series.ts).
 */
export function summarizePhase(
  cols: PhaseColumns,
  ctx: PhaseContext,
  series: SortedSeries = new SortedSeries(cols),
): PhaseMetrics {
  const n = cols.count;
  const ok = successfulRows(cols);
  let completed = 0;
  let failed = 0;
  // Requests the run cancelled were issued and failed, but never completed: they count in no rate or window.
  const completions = completionNs(cols);
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(completions[i] as number)) completed++;
    if (cols.failed[i]) failed++;
  }
  const es = { earlyStopping: ctx.earlyStopping };
  const streamEs = { earlyStopping: ctx.earlyStopping && ctx.streaming !== false };
  const plain = { earlyStopping: false };

  const lastDoneNs = maxFinite(completions);
  const durationNs = lastDoneNs === null ? null : lastDoneNs - ctx.windowStartNs;
  const successful = ok.reduce((a, b) => a + b, 0);
  // Nothing succeeded: no tokens, so 0 tok/s as QPS is 0 (null means counts were not recorded).
  const outputTokens = successful === 0 ? 0 : sum(series.get("outputTokens"));
  const throughput = computeThroughput({
    completed,
    successful,
    outputTokens,
    durationNs,
    legacyWindowNs: legacyLoadgenWindowNs(cols.sentNs, completions),
    useLegacy: ctx.loadPatternType === "poisson" && ctx.useLegacyQps,
  });
  const inputTokens = successful === 0 ? 0 : sum(series.get("inputTokens"));
  const tpotNs = rollupSorted(series.get("tpot"), { ...streamEs, float: true });
  const sources = tallyTokenSources(cols.tokenSources, ok);
  const meanGapNs = meanScheduleGapNs(cols.scheduledNs);
  // Embeddings and rerank (their requests count inputs): no tokens generated, so inputs/s and input tokens are priced.
  const inputs = inputThroughput(series.get("inputCount"), series.get("inputTokens"), durationNs);

  return {
    nSamplesIssued: n,
    nSamplesCompleted: completed,
    nSamplesFailed: failed,
    nSuccessful: successful,
    durationNs,
    ...throughput,
    // Per-request values (request-values.ts), sorted once (sorted-series.ts); NaN entries (e.g. no first token) are skipped.
    ttftNs: rollupSorted(series.get("ttft"), streamEs),
    ttfbNs: rollupSorted(series.get("ttfb"), plain),
    tpotNs,
    itlNs: rollupSorted(series.get("itl"), plain),
    latencyNs: rollupSorted(series.get("latency"), es),
    scheduleLagNs: rollupSorted(series.get("scheduleLag"), plain),
    scheduledLatencyNs: rollupSorted(series.get("scheduledLatency"), plain),
    inputSequenceLengths: rollupSorted(series.get("inputTokens"), plain),
    outputSequenceLengths: rollupSorted(series.get("outputTokens"), plain),
    finishReasonCounts: countFinishReasons(cols.finishReasons, ok),
    tokenCountSource: sources.source,
    tokenCountSources: sources.counts,
    errorCounts: countErrorKinds(cols),
    errorSamples: cols.errorSamples.map((s) => ({ ...s })),
    retries: cols.retries ?? 0,
    reconnects: cols.reconnects ?? 0,
    streamNotes: countStreamNotes(cols.streamNotes),
    loadGenerator: loadGeneratorHealth(series.get("scheduleLag"), n, ctx.plannedCount, ctx.loadPatternType, {
      meanGapNs,
      verdictLagNs: verdictLagsNs(cols.scheduledNs, cols.sentNs, ctx.loadPatternType),
    }),
    scheduledQps: scheduledRate(meanGapNs, ctx.loadPatternType),
    tokenCountDiscrepancy: tokenDiscrepancy(cols),
    goodput: goodput(cols, ctx.slo, durationNs),
    outputTpsPerGpu: tpsPerGpu(throughput.tps, ctx.gpus ?? null),
    interactivity: interactivity(tpotNs.median),
    cost:
      ctx.gpus && ctx.gpuHourCostUsd
        ? gpuCost({
            durationNs,
            gpus: ctx.gpus,
            usdPerGpuHour: ctx.gpuHourCostUsd,
            outputTokens,
            inputTokens,
            generatesNothing: inputs !== null,
          })
        : null,
    inputs,
    reasoning: reasoningMetrics(cols, series),
  };
}
