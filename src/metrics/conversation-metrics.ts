/**
 * @module metrics/conversation-metrics — per-conversation figures of a conversation run: how
 * many ended well, their latency without think time, and time to first token by turn index.
 *
 * Definitions (docs/metrics.md "Conversations"):
 * - a conversation *completed* when every turn has a successful record, *failed* when any
 *   turn failed (aborted turns included), *unfinished* when the run stopped before its end;
 * - conversation latency = Σ over its sent turns of (done − sent): the time it waited on the
 *   server, think time and client gaps excluded; conversation duration = last done − first sent;
 * - TTFT by turn index k: TTFT of the k-th client turn (1-based) over every conversation that
 *   reached it successfully — later turns share a prefix with earlier ones, so a prefix cache
 *   shows as lower TTFT after turn 1.
 * Pure: rows and the trajectory table in, numbers out (ms).
 */
import { z } from "zod";
import { lowerPercentile } from "./percentiles.ts";
import { latencyNsOf, ttftNsOf } from "./request-values.ts";

export interface TurnRow {
  planIndex: number;
  scheduledNs: number;
  sentNs: number | null;
  firstTokenNs: number | null;
  doneNs: number;
  failed: boolean;
}

const num = z.number().nullable();
const SpreadSchema = z
  .strictObject({
    mean: z.number(),
    min: z.number(),
    max: z.number(),
    p50: z.number(),
    p90: z.number(),
    p99: z.number(),
  })
  .nullable();
type Spread = z.infer<typeof SpreadSchema>;

/** result_summary.json's `conversations` block: its shape, declared once. */
export const ConversationMetricsSchema = z.strictObject({
  conversations: z.number().int().min(0),
  completed: z.number().int().min(0),
  failed: z.number().int().min(0),
  unfinished: z.number().int().min(0),
  turns_per_conversation: SpreadSchema,
  conversation_latency_ms: SpreadSchema,
  conversation_duration_ms: SpreadSchema,
  by_turn: z.array(
    z.strictObject({
      turn: z.number().int().min(1),
      count: z.number().int().min(0),
      ttft_p50_ms: num,
      ttft_p90_ms: num,
      ttft_p99_ms: num,
      latency_p50_ms: z.number(),
    }),
  ),
  /** Turns sent after tracking stopped (metrics/conversation-window), left out of the request metrics; set by the report. */
  untracked_turns: z.number().int().min(0).optional(),
});

export type ConversationMetrics = z.infer<typeof ConversationMetricsSchema>;
type TurnIndexStats = ConversationMetrics["by_turn"][number];

const MS = 1e6;

function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return {
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
    p50: lowerPercentile(sorted, 50),
    p90: lowerPercentile(sorted, 90),
    p99: lowerPercentile(sorted, 99),
  };
}

const pct = (values: number[], p: number): number | null =>
  values.length === 0 ? null : lowerPercentile(Float64Array.from(values).sort(), p);

/** `starts[t]`…`starts[t+1]−1` are trajectory t's plan entries; `rows` the phase's records (one per entry at most). */
export function conversationMetrics(starts: Uint32Array, rows: readonly TurnRow[]): ConversationMetrics {
  const byPlan = new Map<number, TurnRow>();
  for (const row of rows) byPlan.set(row.planIndex, row);
  const trajectories = starts.length - 1;
  let completed = 0;
  let failed = 0;
  let unfinished = 0;
  const turns: number[] = [];
  const latencies: number[] = [];
  const durations: number[] = [];
  const ttftByTurn: number[][] = [];
  const latencyByTurn: number[][] = [];
  for (let t = 0; t < trajectories; t++) {
    const first = starts[t] as number;
    const end = starts[t + 1] as number;
    let latencyNs = 0;
    let firstSent = Number.POSITIVE_INFINITY;
    let lastDone = Number.NEGATIVE_INFINITY;
    let anyFailed = false;
    let missing = 0;
    for (let i = first; i < end; i++) {
      const row = byPlan.get(i);
      if (!row) {
        missing++;
        continue;
      }
      if (row.failed) anyFailed = true;
      if (row.sentNs === null || !Number.isFinite(row.sentNs)) continue;
      latencyNs += latencyNsOf(row);
      firstSent = Math.min(firstSent, row.sentNs);
      lastDone = Math.max(lastDone, row.doneNs);
      if (row.failed) continue;
      const k = i - first;
      (latencyByTurn[k] ??= []).push(latencyNsOf(row) / MS);
      if (row.firstTokenNs !== null) (ttftByTurn[k] ??= []).push(ttftNsOf(row) / MS);
    }
    if (missing === end - first) continue; // never started: not a conversation of this run
    if (anyFailed) failed++;
    else if (missing > 0) unfinished++;
    else completed++;
    turns.push(end - first - missing);
    if (Number.isFinite(firstSent)) {
      latencies.push(latencyNs / MS);
      durations.push((lastDone - firstSent) / MS);
    }
  }
  const by_turn: TurnIndexStats[] = [];
  for (let k = 0; k < latencyByTurn.length; k++) {
    const lat = latencyByTurn[k] ?? [];
    if (lat.length === 0) continue;
    const ttft = ttftByTurn[k] ?? [];
    by_turn.push({
      turn: k + 1,
      count: lat.length,
      ttft_p50_ms: pct(ttft, 50),
      ttft_p90_ms: pct(ttft, 90),
      ttft_p99_ms: pct(ttft, 99),
      latency_p50_ms: pct(lat, 50) as number,
    });
  }
  return {
    conversations: completed + failed + unfinished,
    completed,
    failed,
    unfinished,
    turns_per_conversation: spread(turns),
    conversation_latency_ms: spread(latencies),
    conversation_duration_ms: spread(durations),
    by_turn,
  };
}
