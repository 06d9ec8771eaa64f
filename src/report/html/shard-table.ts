/**
 * @module report/html/shard-table — a merged run's shards, one row each (report/shard-health):
 * state, requests, schedule lag and the load generator's verdict, then the shards missing.
 */
import type { MergedShards } from "../shard-health.ts";
import { nsAsMs } from "../text-format.ts";
import { escapeHtml } from "./escape-html.ts";

const COLUMNS = [
  "shard",
  "state",
  "issued",
  "failed",
  "lag p50 (ms)",
  "lag p99 (ms)",
  "lag max (ms)",
  "load generator",
  "start wait (s)",
  "directory",
];

/** The Shards section, or nothing for a run that was not merged. */
export function renderShardTable(shards: MergedShards | undefined): string {
  if (!shards) return "";
  const head = COLUMNS.map((c) => `<th scope="col">${c}</th>`).join("");
  const rows = shards.merged.map((s) => {
    const state =
      s.state === "complete"
        ? `<span class="ok">${escapeHtml(s.state)}</span>`
        : `<span class="bad">${escapeHtml(s.state)}</span>`;
    const verdict =
      s.load_generator === null
        ? "N/A"
        : s.load_generator === "ok"
          ? `<span class="ok">ok</span>`
          : `<span class="bad">fell behind</span>`;
    const cells = [
      escapeHtml(s.shard),
      state,
      String(s.n_samples_issued),
      String(s.n_samples_failed),
      nsAsMs(s.schedule_lag_p50_ns),
      nsAsMs(s.schedule_lag_p99_ns),
      nsAsMs(s.schedule_lag_max_ns),
      verdict,
      s.start_wait_ms === null ? "-" : (s.start_wait_ms / 1000).toFixed(3),
      escapeHtml(s.dir),
    ];
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
  });
  const missing = shards.missing.map(
    (m) =>
      `<tr><td>${escapeHtml(m)}</td><td colspan="${COLUMNS.length - 1}"><span class="bad">missing</span>: not merged, the report is incomplete</td></tr>`,
  );
  return (
    `<section id="shards"><h2>Shards (${shards.merged.length} of ${shards.of} ` +
    `merged)</h2><table ` +
    `class="percentiles"><thead><tr>${head}</tr></thead><tbody>${[...rows, ...missing].join("")}</tbody></table></section>`
  );
}
