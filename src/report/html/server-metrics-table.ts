/**
 * @module report/html/server-metrics-table — report.html's Server metrics section: each known
 * gauge's min/avg/max over the window (server-metrics/summary), and the server's TTFT
 * beside the client's at p50/p90/p99. Client minus server is what the server's clock does not
 * see: the network, the HTTP path and, for engines that count from admission, the queue.
 */
import type { ServerMetricsSummary } from "../../server-metrics/summary-block.ts";
import type { Rollup } from "../../metrics/series-rollup.ts";
import {
  bucketText,
  noFiguresReason,
  SERVER_GAUGE_LABELS,
  tokenRatesText,
  warmupShare,
} from "../server-metrics-text.ts";
import { fixed2 } from "../text-format.ts";
import { escapeHtml } from "./escape-html.ts";

const cells = (values: readonly string[], tag = "td") =>
  `<tr>${values.map((v) => `<${tag}>${v}</${tag}>`).join("")}</tr>`;
const table = (head: readonly string[], rows: readonly string[]) =>
  `<table class="percentiles"><thead>${cells(head, "th")}</thead><tbody>${rows.join("")}</tbody></table>`;

/** Client minus the bucket's bounds: what the server's clock cannot see lies in this range. */
function gapText(clientMs: number | null, bucket: [number, number | null] | null): string {
  if (clientMs === null || !bucket) return "N/A";
  const low = bucket[1] === null ? "−∞" : fixed2(clientMs - bucket[1]).replace(/^-/, "−");
  return `${low} to ${fixed2(clientMs - bucket[0]).replace(/^-/, "−")}`;
}

function ttftTable(s: ServerMetricsSummary, client: Rollup): string {
  const t = s.ttft_ms;
  if (!t || t.count === 0) return "";
  const rows = (["50", "90", "99"] as const).map((p) => {
    const raw = client.percentiles?.[`${p}.0`];
    const clientMs = typeof raw === "number" ? raw / 1e6 : null;
    const key = `p${p}` as const;
    return cells([
      key,
      fixed2(clientMs),
      fixed2(t[key]),
      escapeHtml(bucketText(t.buckets[key])),
      gapText(clientMs, t.buckets[key]),
    ]);
  });
  return (
    `<p class="note">TTFT, ms. The server's comes from its histogram ` +
    `<code>${escapeHtml(t.source)}</code> (${t.count} ` +
    `requests${warmupShare(t.warmup_requests)}): the true value lies in the bucket shown, the ` +
    `interpolated one is a guess within it. Client minus server is the network, the HTTP path ` +
    `and any queue the server's clock does not count; at the buckets' resolution it lies in ` +
    `the range shown.</p>` +
    table(["", "client", "server (interpolated)", "server bucket", "client − server"], rows)
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The section, or nothing when the run did not read the server's metrics. */
export function renderServerMetricsTable(s: ServerMetricsSummary | undefined, clientTtft: Rollup): string {
  if (!s) return "";
  const failed = s.failed_scrapes > 0 ? `, <span class="bad">${s.failed_scrapes} failed</span>` : "";
  const gauges = Object.entries(s.gauges).map(([key, g]) =>
    cells([
      escapeHtml(SERVER_GAUGE_LABELS[key] ?? key),
      fixed2(g.min),
      fixed2(g.avg),
      fixed2(g.max),
      `<code>${escapeHtml(g.source)}</code>`,
    ]),
  );
  const gaugeTable =
    gauges.length > 0
      ? table(["", "min", "avg", "max", "from"], gauges)
      : s.token_rates
        ? ""
        : `<p class="note">${escapeHtml(capitalized(noFiguresReason(s)))}.</p>`;
  const ratio = (label: string, v: number | null) =>
    v === null ? "" : `<p class="note">${label} over the window: ${fixed2(v * 100)} %</p>`;
  const counters =
    ratio("Prefix-cache hit rate", s.prefix_cache_hit_rate_window) +
    ratio("Speculative draft tokens accepted", s.spec_acceptance_rate_window) +
    (s.token_rates ? `<p class="note">${escapeHtml(capitalized(tokenRatesText(s.token_rates)))}.</p>` : "");
  return (
    `<section id="server-metrics"><h2>Server metrics</h2><p class="note">${escapeHtml(s.url)} ` +
    `· ${s.scrapes} scrapes in the ` +
    `window${failed}</p>${gaugeTable}${counters}${ttftTable(s, clientTtft)}</section>`
  );
}
