/**
 * @module report/conversation-text — the Conversations lines of report.txt and the console (conversation runs only).
 *
 * Definitions are metrics/conversation-metrics'. The TTFT-by-turn table lists the first
 * SHOWN_TURNS turn indexes (later ones are in result_summary.json).
 */
import type { ConversationMetrics } from "../metrics/conversation-metrics.ts";

const SHOWN_TURNS = 12;

const ms = (value: number | null): string => (value === null ? "N/A" : value.toFixed(2));

/** One line: how many conversations ran and how they ended. */
export function conversationHeadline(c: ConversationMetrics): string {
  const turns = c.turns_per_conversation;
  const per = turns
    ? `; turns per conversation mean ${turns.mean.toFixed(1)} (min ${turns.min}, max ${turns.max})`
    : "";
  return `Conversations: ${c.conversations} (${c.completed} completed, ${c.failed} failed, ${c.unfinished} unfinished)${per}`;
}

export function conversationLines(c: ConversationMetrics): string[] {
  const lines = [conversationHeadline(c)];
  const latency = c.conversation_latency_ms;
  const duration = c.conversation_duration_ms;
  if (latency && duration) {
    lines.push(
      `Conversation latency (server time, think time excluded) p50/p99: ${ms(latency.p50)} / ` +
        `${ms(latency.p99)} ms; duration p50/p99: ${ms(duration.p50)} / ${ms(duration.p99)} ms`,
    );
  }
  if (c.by_turn.length > 0) {
    lines.push("TTFT by turn index (ms):", "  turn  count      p50      p90      p99  latency p50");
    for (const t of c.by_turn.slice(0, SHOWN_TURNS)) {
      lines.push(
        `  ${String(t.turn).padStart(4)}  ${String(t.count).padStart(5)}  ` +
          `${ms(t.ttft_p50_ms).padStart(7)}  ${ms(t.ttft_p90_ms).padStart(7)}  ` +
          `${ms(t.ttft_p99_ms).padStart(7)}  ${ms(t.latency_p50_ms).padStart(11)}`,
      );
    }
    if (c.by_turn.length > SHOWN_TURNS)
      lines.push(`  … ${c.by_turn.length - SHOWN_TURNS} more turn indexes in result_summary.json`);
  }
  return lines;
}
