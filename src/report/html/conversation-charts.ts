/**
 * @module report/html/conversation-charts — a conversation run's charts: TTFT and latency by turn index, conversations by how they ended.
 *
 * From `summary.conversations` (metrics/conversation-metrics): x = the turn's position in its
 * conversation (1 = first). A prefix cache shows as a TTFT that falls after turn 1. Nothing is
 * drawn for other runs.
 */
import type { ConversationMetrics } from "../../metrics/conversation-metrics.ts";
import { escapeHtml } from "./escape-html.ts";
import { renderChart, type ChartSeries } from "./svg-chart.ts";

const line = (label: string, color: string, xs: number[], ys: number[]): ChartSeries => ({
  kind: "line",
  label,
  color,
  xs,
  ys,
});

export function renderConversationCharts(c: ConversationMetrics | undefined): string {
  if (!c || c.by_turn.length === 0) return "";
  const turns = c.by_turn.map((t) => t.turn);
  const nan = (v: number | null) => (v === null ? Number.NaN : v);
  const ttft: ChartSeries[] = [
    line(
      "p50",
      "#1f77b4",
      turns,
      c.by_turn.map((t) => nan(t.ttft_p50_ms)),
    ),
    line(
      "p90",
      "#ff7f0e",
      turns,
      c.by_turn.map((t) => nan(t.ttft_p90_ms)),
    ),
    line(
      "p99",
      "#d62728",
      turns,
      c.by_turn.map((t) => nan(t.ttft_p99_ms)),
    ),
  ].filter((s) => s.kind === "line" && s.ys.some(Number.isFinite));
  const charts = [
    ttft.length > 0
      ? renderChart({
          name: "ttft-by-turn",
          title: "TTFT by turn index",
          xLabel: "turn index in its conversation",
          yLabel: "TTFT (ms)",
          xCounts: true,
          series: ttft,
        })
      : "",
    renderChart({
      name: "latency-by-turn",
      title: "Latency p50 by turn index",
      xLabel: "turn index in its conversation",
      yLabel: "latency (ms)",
      xCounts: true,
      series: [
        line(
          "p50",
          "#2ca02c",
          turns,
          c.by_turn.map((t) => t.latency_p50_ms),
        ),
      ],
    }),
    renderChart({
      name: "turns-reached",
      title: "Conversations reaching each turn",
      xLabel: "turn index in its conversation",
      yLabel: "successful turns",
      yCounts: true,
      xCounts: true,
      series: [
        {
          kind: "bars",
          label: "turns",
          color: "#9467bd",
          x0s: turns.map((t) => t - 0.4),
          x1s: turns.map((t) => t + 0.4),
          ys: c.by_turn.map((t) => t.count),
        },
      ],
    }),
  ].join("");
  const ended = `${c.conversations} conversations: ${c.completed} completed, ${c.failed} failed, ${c.unfinished} unfinished`;
  return (
    `<section id="conversations"><h2>Conversations</h2><p class="note">${escapeHtml(ended)}. ` +
    `Each turn's position in its conversation; think time is not part of any figure.</p><div ` +
    `class="charts">${charts}</div></section>`
  );
}
