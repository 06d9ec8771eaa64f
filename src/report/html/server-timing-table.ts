/**
 * @module report/html/server-timing-table — report.html's section on the server's own
 * per-request figures (metrics/server-timing): its prefill, TTFT's rest, its time per token
 * beside ours, its prefix-cache hits. A figure the server did not report says so.
 */
import type { MsSpread, ServerTimingSummary } from "../../metrics/server-timing.ts";
import { fixed2 } from "../text-format.ts";

const MISSING = "not reported by the server";

function row(label: string, s: MsSpread | null): string {
  const values = s ? [fixed2(s.p50), fixed2(s.p90), fixed2(s.p99), String(s.count)] : [MISSING, "", "", ""];
  return `<tr><td>${label}</td>${values.map((v) => `<td>${v}</td>`).join("")}</tr>`;
}

/** The section, or nothing when no response carried a server figure. */
export function renderServerTimingTable(t: ServerTimingSummary | undefined): string {
  if (!t) return "";
  const cache = t.cache
    ? `${t.cache.requests_hit} requests hit the prefix cache` +
      (t.cache.cached_prompt_share === null ? "" : `, ${fixed2(t.cache.cached_prompt_share * 100)} % of prompt tokens`)
    : `Prefix-cache hits: ${MISSING}`;
  return (
    `<section id="server-timing"><h2>The server's own figures</h2><p class="note">${t.requests_reporting} ` +
    "requests carried them. TTFT − prefill is what the server did not count as prefill (its queue, " +
    "tokenising, a decode step it waited for), the network and the client.</p>" +
    "<table><tr><th></th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>requests</th></tr>" +
    row("server prefill", t.prefill_ms) +
    row("TTFT − prefill", t.ttft_rest_ms) +
    row("server time per output token", t.server_tpot_ms) +
    row("TPOT (ours, same requests)", t.client_tpot_ms) +
    `</table><p class="note">${cache}.</p></section>`
  );
}
