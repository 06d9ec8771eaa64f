/**
 * @module report/html/server-timing-table — report.html's section on the server's own
 * per-request figures (metrics/server-timing): its queue wait, its prefill, TTFT's rest, its time
 * per token beside ours, its whole time beside our latency, its prefix-cache hits. A figure the
 * server did not report says so; one only some servers report (queue, its own TTFT, inference,
 * whole time, KV transfer) is left out when absent and named in the note.
 */
import type { MsSpread, ServerTimingSummary } from "../../metrics/server-timing.ts";
import { optionalFigures } from "../server-timing-text.ts";
import { fixed2 } from "../text-format.ts";

const MISSING = "not reported by the server";

function row(label: string, s: MsSpread | null): string {
  const values = s ? [fixed2(s.p50), fixed2(s.p90), fixed2(s.p99), String(s.count)] : [MISSING, "", "", ""];
  return `<tr><td>${label}</td>${values.map((v) => `<td>${v}</td>`).join("")}</tr>`;
}

/** A row only when the server reported the figure. */
const optional = (label: string, s: MsSpread | null) => (s ? row(label, s) : "");

/** The section, or nothing when no response carried a server figure. */
export function renderServerTimingTable(t: ServerTimingSummary | undefined): string {
  if (!t) return "";
  const absent = optionalFigures(t).filter(([, s]) => s === null);
  const unreported = absent.length > 0 ? ` Not reported by the server: ${absent.map(([n]) => n).join(", ")}.` : "";
  const cache = t.cache
    ? `${t.cache.requests_hit} requests hit the prefix cache` +
      (t.cache.cached_prompt_share === null ? "" : `, ${fixed2(t.cache.cached_prompt_share * 100)} % of prompt tokens`)
    : `Prefix-cache hits: ${MISSING}`;
  return (
    `<section id="server-timing"><h2>The server's own figures</h2><p class="note">${t.requests_reporting} ` +
    "requests carried them. TTFT's rest is what the server did not count (tokenising, a decode step it " +
    "waited for, and its queue where it does not report one), the network and the client; latency's rest " +
    "is the network, HTTP and the client.</p>" +
    "<table><tr><th></th><th>p50 ms</th><th>p90 ms</th><th>p99 ms</th><th>requests</th></tr>" +
    optional("server queue wait", t.queue_ms) +
    row("server prefill", t.prefill_ms) +
    row(t.queue_ms ? "TTFT − (queue + prefill)" : "TTFT − prefill", t.ttft_rest_ms) +
    optional("server's TTFT", t.server_ttft_ms) +
    optional("TTFT − server's TTFT", t.ttft_outside_server_ms) +
    row("server time per output token", t.server_tpot_ms) +
    row("TPOT (ours, same requests)", t.client_tpot_ms) +
    optional("server inference (prefill and decode)", t.inference_ms) +
    optional("server's whole time", t.total_ms) +
    optional("latency − server's whole time", t.latency_rest_ms) +
    optional("KV transfer, prefill to decode (upper bound)", t.kv_transfer_ms) +
    `</table><p class="note">${cache}.${unreported}</p></section>`
  );
}
