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

  test("report.html leaves out the rows only some servers report, and shows them when reported", () => {
    expect(renderServerTimingTable(llama)).not.toContain("server queue wait");
    expect(renderServerTimingTable(tgi)).toContain("<tr><td>server queue wait</td><td>12.00</td>");
    expect(renderServerTimingTable(tgi)).toContain("<tr><td>latency − server's whole time</td><td>2.00</td>");
  });
});
