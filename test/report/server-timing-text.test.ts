/** @module test/report/server-timing-text.test — the server's own figures in report.txt and report.html: what a server reported, and only that. */
import { describe, expect, test } from "bun:test";
import type { MsSpread, ServerTimingSummary } from "../../src/metrics/server-timing.ts";
import { renderServerTimingTable } from "../../src/report/html/server-timing-table.ts";
import { serverTimingLines } from "../../src/report/server-timing-text.ts";

const at = (p50: number): MsSpread => ({ count: 3, p50, p90: p50, p99: p50 });
const none: ServerTimingSummary = {
  requests_reporting: 3,
  queue_ms: null,
  prefill_ms: null,
  ttft_rest_ms: null,
  server_tpot_ms: null,
  client_tpot_ms: null,
  inference_ms: null,
  total_ms: null,
  latency_rest_ms: null,
  server_ttft_ms: null,
  ttft_outside_server_ms: null,
  kv_transfer_ms: null,
  cache: null,
};
/** TGI's whole responses: queue, inference, whole time; no prefill, so no TTFT split. */
const tgi: ServerTimingSummary = {
  ...none,
  queue_ms: at(12),
  inference_ms: at(305),
  total_ms: at(318),
  latency_rest_ms: at(2),
};
/** llama.cpp's streams: prefill and decode, no queue. */
const llama: ServerTimingSummary = { ...none, prefill_ms: at(3), ttft_rest_ms: at(1), server_tpot_ms: at(2) };

describe("report/server-timing-text", () => {
  test("TGI: the queue wait, inference, whole time and latency's rest; prefill not reported", () => {
    expect(serverTimingLines(tgi)).toEqual([
      "Server's own per-request figures (3 requests reported them):",
      "  queue wait p50/p90/p99: 12.00 / 12.00 / 12.00 ms",
      "  prefill p50/p90/p99: not reported by the server",
      "  server time per output token: not reported by the server",
      "  inference (prefill and decode) p50/p90/p99: 305.00 / 305.00 / 305.00 ms",
      "  server's whole time p50/p90/p99: 318.00 / 318.00 / 318.00 ms",
      "  latency − server's whole time p50/p90/p99: 2.00 / 2.00 / 2.00 ms (the network, HTTP, the client)",
      "  prefix-cache hits: not reported by the server",
      "  not reported by the server: server TTFT, KV transfer",
    ]);
  });

  test.each([
    [
      "with a queue wait, TTFT's rest is after queue and prefill",
      { ...llama, queue_ms: at(4) },
      "TTFT − (queue + prefill)",
    ],
    ["without one, after prefill alone", llama, "TTFT − prefill"],
  ])("%s", (_name, summary, label) => {
    expect(serverTimingLines(summary).some((l) => l.startsWith(`  ${label} p50/p90/p99: 1.00`))).toBe(true);
    expect(renderServerTimingTable(summary)).toContain(`<td>${label}</td><td>1.00</td>`);
  });

  test("Dynamo, disaggregated: its own TTFT beside ours and its KV transfer; what it does not report is named", () => {
    const dynamo: ServerTimingSummary = {
      ...none,
      queue_ms: at(3),
      prefill_ms: at(38),
      ttft_rest_ms: at(5),
      server_ttft_ms: at(41),
      ttft_outside_server_ms: at(5),
      total_ms: at(300),
      kv_transfer_ms: at(2.5),
    };
    const lines = serverTimingLines(dynamo);
    expect(lines).toContain("  server's TTFT (arrival to first token) p50/p90/p99: 41.00 / 41.00 / 41.00 ms");
    expect(lines).toContain(
      "  TTFT − server's TTFT p50/p90/p99: 5.00 / 5.00 / 5.00 ms (the network, HTTP, the client)",
    );
    expect(lines).toContain("  KV transfer, prefill to decode (upper bound) p50/p90/p99: 2.50 / 2.50 / 2.50 ms");
    expect(lines.at(-1)).toBe("  not reported by the server: inference");
    const html = renderServerTimingTable(dynamo);
    expect(html).toContain("<tr><td>server's TTFT</td><td>41.00</td>");
    expect(html).toContain("<tr><td>KV transfer, prefill to decode (upper bound)</td><td>2.50</td>");
    expect(html).toContain("Not reported by the server: inference.");
  });

  test("a server reporting every optional figure leaves no not-reported line", () => {
    const all = {
      ...none,
      queue_ms: at(1),
      server_ttft_ms: at(2),
      inference_ms: at(3),
      total_ms: at(4),
      kv_transfer_ms: at(5),
    };
    expect(serverTimingLines(all).some((l) => l.includes("not reported by the server:"))).toBe(false);
    expect(renderServerTimingTable(all)).not.toContain("Not reported by the server:");
  });

  test("report.html leaves out the rows only some servers report, and shows them when reported", () => {
    expect(renderServerTimingTable(llama)).not.toContain("server queue wait");
    expect(renderServerTimingTable(tgi)).toContain("<tr><td>server queue wait</td><td>12.00</td>");
    expect(renderServerTimingTable(tgi)).toContain("<tr><td>latency − server's whole time</td><td>2.00</td>");
  });
});
