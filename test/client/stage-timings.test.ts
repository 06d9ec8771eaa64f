/** @module test/client/stage-timings.test — vLLM's `metrics`, Dynamo's `nvext.timing` and SGLang's stage keys, read off the bodies that carry them. */
import { describe, expect, test } from "bun:test";
import {
  mergeFigures,
  NO_FIGURES,
  readServerFigures,
  readSglangFigures,
  type ServerFigures,
} from "../../src/client/server-figures.ts";
import { readResponsesEvent } from "../../src/client/responses-events.ts";
import {
  DYNAMO_STREAM_EVENTS,
  DYNAMO_WHOLE_BODY,
  SGLANG_WHOLE_BODY,
  VLLM_METRICS,
  VLLM_STREAM_EVENTS,
  VLLM_WHOLE_BODY,
} from "../support/stage-timing-bytes.ts";

/** ns from the ms a server printed, as the client rounds them. */
const ns = (ms: number) => Math.round(ms * 1e6);
const vllm = {
  queueNs: ns(0.8420944213867188),
  prefillNs: ns(25.371074676513672),
  decodeNs: ns(284.404993057251),
  inferenceNs: ns(25.371074676513672) + ns(284.404993057251),
};
const dynamoDisagg = {
  queueNs: ns(3.112871),
  prefillNs: ns(38.549587),
  ttftNs: ns(41.662458),
  totalNs: ns(312.90711300000004),
  decodeNs: ns(312.90711300000004) - ns(41.662458),
  kvTransferNs: ns(2.75034),
};
const at = (events: string[], i: number) => JSON.parse(events.at(i) as string) as Record<string, unknown>;

describe("client/stage-timings, through readServerFigures", () => {
  test.each([
    [
      "vLLM's final usage chunk: queue, prefill (its TTFT from scheduling), decode, inference",
      at(VLLM_STREAM_EVENTS, -2),
      vllm,
    ],
    [
      "vLLM's whole body: the same figures; no cache figure where prompt_tokens_details is null",
      JSON.parse(VLLM_WHOLE_BODY),
      vllm,
    ],
    [
      "vLLM for one token: mean_itl_ms null, generation 0",
      { metrics: { time_to_first_token_ms: 20.5, generation_time_ms: 0.0, queue_time_ms: 1.5, mean_itl_ms: null } },
      { queueNs: ns(1.5), prefillNs: ns(20.5), decodeNs: 0, inferenceNs: ns(20.5) },
    ],
    [
      "vLLM with every field null (no instants): no figure",
      { metrics: { time_to_first_token_ms: null, generation_time_ms: null, queue_time_ms: null } },
      null,
    ],
    ["vLLM for n > 1: metrics null, no figure", { usage: { prompt_tokens: 3 }, metrics: null }, null],
    [
      "Dynamo's finishing chunk, disaggregated: wait, prefill, TTFT, whole, decode, KV transfer",
      at(DYNAMO_STREAM_EVENTS, -3),
      dynamoDisagg,
    ],
    ["Dynamo's usage chunk after it: the cached prompt tokens only", at(DYNAMO_STREAM_EVENTS, -2), { cachedTokens: 8 }],
    [
      "Dynamo's whole body, aggregated: no KV transfer",
      JSON.parse(DYNAMO_WHOLE_BODY),
      {
        queueNs: ns(1.2041179999999998),
        prefillNs: ns(42.814259),
        ttftNs: ns(44.018377),
        totalNs: ns(298.441062),
        decodeNs: ns(298.441062) - ns(44.018377),
      },
    ],
    [
      "Dynamo without a prefill start (no router recorded it): TTFT and whole time only",
      { nvext: { timing: { request_received_ms: 1, ttft_ms: 40.5, total_time_ms: 300.25 } } },
      { ttftNs: ns(40.5), totalNs: ns(300.25), decodeNs: ns(300.25) - ns(40.5) },
    ],
    ["Dynamo's nvext with worker ids only: no figure", { nvext: { worker_id: { decode_worker_id: 9 } } }, null],
    ["a plain Dynamo chunk", at(DYNAMO_STREAM_EVENTS, 3), null],
  ] as [string, Record<string, unknown>, Partial<ServerFigures> | null][])("%s", (_name, body, expected) => {
    expect(readServerFigures(body)).toEqual(expected === null ? null : { ...NO_FIGURES, ...expected });
  });

  test("SGLang's whole body: decode from its throughput, TTFT as e2e − decode, beside queue, prefill, inference", () => {
    const meta = (JSON.parse(SGLANG_WHOLE_BODY) as { meta_info: Record<string, unknown> }).meta_info;
    const figures = readSglangFigures(meta);
    // Its instants are seconds since the epoch as doubles: differences are exact to well under a µs.
    expect(Math.abs((figures.prefillNs ?? 0) - 25e6)).toBeLessThan(1_000);
    expect(Math.abs((figures.decodeNs ?? 0) - 271.2e6)).toBeLessThan(1);
    const rest: ServerFigures = { ...figures, prefillNs: null, decodeNs: null };
    expect(rest).toEqual({
      ...NO_FIGURES,
      queueNs: 12.5e6,
      inferenceNs: 297.5e6,
      totalNs: 312.5e6,
      ttftNs: 312.5e6 - (figures.decodeNs ?? 0),
      outputTokens: 16,
      cachedTokens: 8,
    });
  });

  test.each([
    [
      "the later event's figures first, the earlier's where it has none",
      { ttftNs: 1, totalNs: 2 },
      { totalNs: 3, cachedTokens: 4 },
      { ttftNs: 1, totalNs: 3, cachedTokens: 4 },
    ],
    ["nothing later: the earlier stand", { ttftNs: 1 }, null, { ttftNs: 1 }],
    ["nothing earlier: the later stand", null, { cachedTokens: 4 }, { cachedTokens: 4 }],
  ] as [string, Partial<ServerFigures> | null, Partial<ServerFigures> | null, Partial<ServerFigures>][])(
    "mergeFigures: %s",
    (_name, earlier, later, expected) => {
      const full = (f: Partial<ServerFigures> | null) => (f === null ? null : { ...NO_FIGURES, ...f });
      expect(mergeFigures(full(earlier), full(later))).toEqual(full(expected));
    },
  );

  test("vLLM's Responses stream: the metrics inside response.completed's response are its figures", () => {
    const event = JSON.parse(
      '{"type":"response.completed","sequence_number":21,"response":{"id":"resp_1","object":"response",' +
        `"status":"completed","usage":{"input_tokens":24,"output_tokens":16,"total_tokens":40},"metrics":${VLLM_METRICS}}}`,
    );
    expect(readResponsesEvent(event).figures).toEqual({ ...NO_FIGURES, ...vllm });
  });
});
