/**
 * @module test/client/stage-timing-quirks.test — vLLM's, Dynamo's and SGLang's stage timings off the wire, through the real send path.
 *
 * Raw-socket scenarios (test/support/quirk-server) writing the bytes of test/support/stage-timing-bytes:
 * vLLM's `metrics` on its final usage chunk, on a whole body and inside a Responses stream's
 * `response.completed`; Dynamo's `nvext.timing` on the finishing chunk with the usage chunk after it,
 * and on a whole body; SGLang's decode and TTFT from its meta_info. What is not on the wire stays null:
 * the report says "not reported by the server".
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { chunked, jsonResponse, LAST_CHUNK, SGLANG_META_WITH_METRICS, sse, sseHead } from "../support/quirk-bytes.ts";
import { send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";
import {
  DYNAMO_STREAM_EVENTS,
  DYNAMO_WHOLE_BODY,
  SGLANG_WHOLE_BODY,
  VLLM_METRICS,
  VLLM_STREAM_EVENTS,
  VLLM_WHOLE_BODY,
} from "../support/stage-timing-bytes.ts";

afterEach(stopQuirkServer);

const ns = (ms: number) => Math.round(ms * 1e6);
const figures = (r: RequestRecord) => ({
  queue: r.serverQueueNs ?? null,
  prefill: r.serverPrefillNs ?? null,
  decode: r.serverDecodeNs ?? null,
  inference: r.serverInferenceNs ?? null,
  total: r.serverTotalNs ?? null,
  ttft: r.serverTtftNs ?? null,
  kvTransfer: r.serverKvTransferNs ?? null,
  output: r.serverOutputTokens ?? null,
  cached: r.cachedTokens ?? null,
});
const none = {
  queue: null,
  prefill: null,
  decode: null,
  inference: null,
  total: null,
  ttft: null,
  kvTransfer: null,
  output: null,
  cached: null,
};

/** A stream of `events`, one write each (the last three together, as a server flushes its end), 1 ms apart. */
function streamOf(events: string[]): Step[] {
  const steps: Step[] = [sseHead()];
  const tail = events
    .slice(-3)
    .map((e) => sse(e))
    .join("");
  for (const event of events.slice(0, -3)) steps.push(chunked(sse(event)), { waitMs: 1 });
  steps.push(chunked(tail), LAST_CHUNK);
  return steps;
}

const vllm = {
  ...none,
  queue: ns(0.8420944213867188),
  prefill: ns(25.371074676513672),
  decode: ns(284.404993057251),
  inference: ns(25.371074676513672) + ns(284.404993057251),
  output: 16,
};

describe("client quirks: vLLM's per-request metrics (--enable-per-request-metrics)", () => {
  test("a chat stream: queue, prefill, decode from the final usage chunk; decode over usage's 16 tokens", async () => {
    const r = await send(() => streamOf(VLLM_STREAM_EVENTS));
    expect([r.errorKind, r.outputTokens, r.tokenSource]).toEqual([null, 16, "server_usage"]);
    expect(figures(r)).toEqual(vllm);
  });

  test("a whole chat body: the same figures from its top-level metrics", async () => {
    const r = await send(() => [jsonResponse(200, VLLM_WHOLE_BODY)], { streaming: false });
    expect(r.errorKind).toBeNull();
    expect(figures(r)).toEqual(vllm);
  });

  test("a Responses stream: the metrics inside response.completed's response", async () => {
    const typed = (type: string, rest: string) => `event: ${type}\ndata: {"type":"${type}",${rest}}\n\n`;
    const response = (status: string, rest = "") =>
      `"response":{"id":"resp_1","object":"response","status":"${status}"${rest}}`;
    const steps: Step[] = [
      sseHead(),
      chunked(typed("response.created", `"sequence_number":0,${response("in_progress")}`)),
      chunked(typed("response.output_text.delta", '"sequence_number":1,"item_id":"msg_1","delta":" a"')),
      { waitMs: 1 },
      chunked(
        typed(
          "response.completed",
          `"sequence_number":2,${response(
            "completed",
            `,"usage":{"input_tokens":24,"output_tokens":16,"total_tokens":40},"metrics":${VLLM_METRICS}`,
          )}`,
        ),
      ),
      LAST_CHUNK,
    ];
    const r = await send(() => steps);
    expect(r.errorKind).toBeNull();
    expect(figures(r)).toEqual(vllm);
  });

  test("without the flag, a stream carries no metrics: every stage figure not reported", async () => {
    const plain = VLLM_STREAM_EVENTS.map((e) => e.replace(/,"metrics":\{[^}]*\}/, ""));
    const r = await send(() => streamOf(plain));
    expect([r.errorKind, r.outputTokens]).toEqual([null, 16]);
    expect(figures(r)).toEqual(none);
  });
});

describe('client quirks: Dynamo\'s nvext.timing (extra_fields: ["timing"])', () => {
  test("disaggregated stream: its timing from the finishing chunk, the cached tokens from the usage chunk after it", async () => {
    const r = await send(() => streamOf(DYNAMO_STREAM_EVENTS));
    expect([r.errorKind, r.outputTokens, r.tokenSource]).toEqual([null, 16, "server_usage"]);
    expect(figures(r)).toEqual({
      ...none,
      queue: ns(3.112871),
      prefill: ns(38.549587),
      ttft: ns(41.662458),
      total: ns(312.90711300000004),
      decode: ns(312.90711300000004) - ns(41.662458),
      kvTransfer: ns(2.75034),
      output: 16,
      cached: 8,
    });
  });

  test("aggregated whole body: no KV transfer, so none reported", async () => {
    const r = await send(() => [jsonResponse(200, DYNAMO_WHOLE_BODY)], { streaming: false });
    expect(r.errorKind).toBeNull();
    expect(figures(r)).toEqual({
      ...none,
      queue: ns(1.2041179999999998),
      prefill: ns(42.814259),
      ttft: ns(44.018377),
      total: ns(298.441062),
      decode: ns(298.441062) - ns(44.018377),
      output: 16,
    });
  });
});

describe("client quirks: SGLang's decode and TTFT from meta_info (--enable-metrics)", () => {
  const near = (value: number | null, expected: number) => Math.abs((value ?? Number.NaN) - expected) < 1_000;

  test("a whole /generate body: decode = tokens ÷ decode_throughput, TTFT = e2e_latency − decode", async () => {
    const r = await send(() => [jsonResponse(200, SGLANG_WHOLE_BODY)], { streaming: false });
    expect(r.errorKind).toBeNull();
    const { prefill, decode, ttft, ...rest } = figures(r);
    expect([near(prefill, 25e6), near(decode, 271.2e6), near(ttft, 41.3e6)]).toEqual([true, true, true]);
    expect(rest).toEqual({
      queue: 12.5e6,
      inference: 297.5e6,
      total: 312.5e6,
      kvTransfer: null,
      output: 16,
      cached: 8,
    });
  });

  test("a stream: the same from its finishing event", async () => {
    const event = (text: string, meta: Record<string, unknown>) => ({ text, output_ids: [501], meta_info: meta });
    const running = { id: "s1", finish_reason: null, prompt_tokens: 24, completion_tokens: 1, cached_tokens: 8 };
    const r = await send(() => [
      sseHead(),
      chunked(sse(event(" a", running))),
      { waitMs: 1 },
      chunked(sse(event(" a b", SGLANG_META_WITH_METRICS)) + sse("[DONE]")),
      LAST_CHUNK,
    ]);
    expect(r.errorKind).toBeNull();
    // 16 tokens at 58.5 a second of decode; the whole 312.5 ms less that.
    expect([
      near(r.serverDecodeNs ?? null, (16 / 58.5) * 1e9),
      near(r.serverTtftNs ?? null, 312.5e6 - (16 / 58.5) * 1e9),
    ]).toEqual([true, true]);
  });
});
