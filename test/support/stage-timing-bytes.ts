/**
 * @module test/support/stage-timing-bytes — vLLM's, Dynamo's and SGLang's per-request stage timings, as their servers write them.
 *
 * None of these servers runs here (each needs a GPU), so the bytes are built from the code that
 * serializes them, as each constant's comment says: which keys, in which order, which are left out
 * when absent, how numbers print (Python's repr and Rust's ryu both give the shortest round trip:
 * 312.90711300000004 is how 312_907_113 ns ÷ 1e9 × 1000 prints in either). The instants and
 * durations are ours, chosen consistent with one another (Dynamo's TTFT = its prefill wait +
 * prefill; vLLM's mean ITL = generation ÷ 15). The client reads only the keys named in
 * client/stage-timings and client/server-figures; the rest is there so the events are whole.
 */

const VLLM_ID = "chatcmpl-5f2e6a3b8c1d4e7f9a0b2c4d6e8f1a3b";
const VLLM_HEAD = `{"id":"${VLLM_ID}","object":"chat.completion.chunk","created":1760000000,"model":"Qwen/Qwen3-0.6B","choices":[`;

/**
 * vLLM's `metrics` (since v0.25.0, `--enable-per-request-metrics`): `PerRequestTimingMetrics` in
 * its declared order, from engine instants queued → scheduled (0.842 ms) → first token
 * (25.371 ms) → last token (284.405 ms later), 16 tokens. Python floats from `(b − a) * 1000`.
 */
export const VLLM_METRICS =
  '{"time_to_first_token_ms":25.371074676513672,"generation_time_ms":284.404993057251,' +
  '"queue_time_ms":0.8420944213867188,"mean_itl_ms":18.9603328704834,"tokens_per_second":51.65021338495107}';

/**
 * A vLLM chat stream's events (the `data:` payloads), `model_dump_json(exclude_unset=True)` of
 * ChatCompletionStreamResponse: the role chunk, 16 content chunks, the finish chunk, then the
 * final usage chunk (`choices: []`, UsageInfo's order: prompt, total, completion), the only one
 * `metrics` rides on (vllm docs/features/per_request_metrics.md: "attached to the final usage
 * chunk"), after `usage` as the docs' example shows it; then `[DONE]`.
 */
export const VLLM_STREAM_EVENTS: string[] = [
  `${VLLM_HEAD}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}`,
  ...Array.from(
    { length: 16 },
    (_, i) => `${VLLM_HEAD}{"index":0,"delta":{"content":" t${i}"},"logprobs":null,"finish_reason":null}]}`,
  ),
  `${VLLM_HEAD}{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"length","stop_reason":null}]}`,
  `{"id":"${VLLM_ID}","object":"chat.completion.chunk","created":1760000000,"model":"Qwen/Qwen3-0.6B","choices":[],` +
    `"usage":{"prompt_tokens":24,"total_tokens":40,"completion_tokens":16},"metrics":${VLLM_METRICS}}`,
  "[DONE]",
];

/**
 * vLLM's whole chat completion: Starlette's JSONResponse (compact separators) of the
 * ChatCompletionResponse's `model_dump()`, null fields kept; the choice as vLLM's 0.1x releases
 * write it; `metrics` the last top-level key.
 */
export const VLLM_WHOLE_BODY =
  `{"id":"${VLLM_ID}","object":"chat.completion","created":1760000000,"model":"Qwen/Qwen3-0.6B","choices":[{"index":0,` +
  '"message":{"role":"assistant","content":" sixteen tokens","refusal":null,"annotations":null,"audio":null,' +
  '"function_call":null,"tool_calls":[],"reasoning":null,"reasoning_content":null},"logprobs":null,' +
  '"finish_reason":"length","stop_reason":null,"token_ids":null}],"service_tier":null,"system_fingerprint":null,' +
  '"usage":{"prompt_tokens":24,"total_tokens":40,"completion_tokens":16,"prompt_tokens_details":null},' +
  `"prompt_logprobs":null,"prompt_token_ids":null,"kv_transfer_params":null,"metrics":${VLLM_METRICS}}`;

const DYNAMO_ID = "chatcmpl-0f9b3c1e-7a2d-4c5e-9b8a-6d4f2e1c3b5a";
const dynamoChunk = (choice: string, tail = "") =>
  `{"id":"${DYNAMO_ID}","choices":[${choice}],"created":1760000000,"model":"Qwen/Qwen3-0.6B","object":"chat.completion.chunk"${tail}}`;

/**
 * Dynamo's `nvext.timing` in disaggregated serving, asked for with `"nvext": {"extra_fields":
 * ["worker_id", "timing"]}`: TimingInfo (lib/llm/src/protocols/common/timing.rs) in its declared
 * order, serde_json, absent Options skipped; ms from `Duration::as_secs_f64() * 1000.0`. Arrival →
 * dispatch to the prefill worker 3.112871 ms, → first token 38.549587 ms more, → last token at
 * 312.907113 ms; the decode worker's first token 2.75034 ms after the prefill result.
 */
const DYNAMO_DISAGG_NVEXT =
  '{"worker_id":{"prefill_worker_id":7587888523446743052,"prefill_dp_rank":0,"decode_worker_id":7587888523446743061,' +
  '"decode_dp_rank":0},"timing":{"request_received_ms":1760000000105,"prefill_wait_time_ms":3.112871,' +
  '"prefill_time_ms":38.549587,"ttft_ms":41.662458,"total_time_ms":312.90711300000004,"kv_hit_rate":0.5,' +
  '"router_queue_depth":0,"kv_transfer_estimated_latency_ms":2.75034}}';

/**
 * A Dynamo chat stream's events: the frontend's chunks (serde_json of NvCreateChatCompletionStreamResponse:
 * the flattened OpenAI chunk — id, choices, created, model, object, absent Options skipped — then
 * `nvext`), the choice and delta as Dynamo's docs show its responses (`reasoning_content: null`
 * kept); the timing only on the chunk with the finish reason (`build_response_nvext`:
 * `finish_reason_present && timing`), the usage chunk after it with the cached prompt tokens, `[DONE]`.
 */
export const DYNAMO_STREAM_EVENTS: string[] = [
  dynamoChunk('{"index":0,"delta":{"content":" t0","role":"assistant","reasoning_content":null},"finish_reason":null}'),
  ...Array.from({ length: 15 }, (_, i) =>
    dynamoChunk(`{"index":0,"delta":{"content":" t${i + 1}","reasoning_content":null},"finish_reason":null}`),
  ),
  dynamoChunk(
    '{"index":0,"delta":{"content":"","reasoning_content":null},"finish_reason":"length"}',
    `,"nvext":${DYNAMO_DISAGG_NVEXT}`,
  ),
  dynamoChunk(
    "",
    ',"usage":{"prompt_tokens":24,"completion_tokens":16,"total_tokens":40,"prompt_tokens_details":{"cached_tokens":8}}',
  ),
  "[DONE]",
];

/**
 * Dynamo's whole chat completion, aggregated serving (one worker: no KV transfer, so no
 * `kv_transfer_estimated_latency_ms`), timing asked for alone: the aggregator's body with `nvext`
 * last. Arrival → dispatch 1.204118 ms, → first token 42.814259 ms more, → last at 298.441062 ms.
 */
export const DYNAMO_WHOLE_BODY =
  `{"id":"${DYNAMO_ID}","choices":[{"index":0,"message":{"content":" sixteen tokens","role":"assistant",` +
  '"reasoning_content":null},"finish_reason":"length"}],"created":1760000000,"model":"Qwen/Qwen3-0.6B",' +
  '"object":"chat.completion","usage":{"prompt_tokens":24,"completion_tokens":16,"total_tokens":40},' +
  '"nvext":{"timing":{"request_received_ms":1760000000105,"prefill_wait_time_ms":1.2041179999999998,' +
  '"prefill_time_ms":42.814259,"ttft_ms":44.018377,"total_time_ms":298.441062,"kv_hit_rate":0.25,"router_queue_depth":3}}}';

/**
 * SGLang's whole native `/generate` body with `--enable-metrics`, meta_info in the order
 * sgl-project/sglang builds it (managers/tokenizer_manager `_handle_batch_output`: id … num_retractions,
 * the scheduler's `convert_to_output_meta_info`, the token counts, `e2e_latency`, the API server's
 * `convert_to_output_meta_info`; then `_wait_one_response` appends `response_sent_to_client_ts`).
 * Instants in s since the epoch: arrival .1055, handed to the scheduler .1081, queued .108,
 * forward entry .1205, prefill done .1455, first token at the tokenizer .1468, finish .418; 16
 * tokens over .2712 s of decode.
 */
export const SGLANG_WHOLE_BODY =
  '{"text":" sixteen tokens","output_ids":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],"meta_info":{' +
  '"id":"9c2d4e6f8a0b1c3d5e7f9a1b3c5d7e9f","finish_reason":{"type":"length","length":16},"prompt_tokens":24,' +
  '"weight_version":"default","num_retractions":0,"forward_entry_time":1760000000.1205,' +
  '"prefill_finished_time":1760000000.1455,"queue_time":0.0125,"prefill_waiting_latency":0.0003,' +
  '"prefill_launch_latency":0.0241,"reasoning_tokens":0,"completion_tokens":16,"cached_tokens":8,"e2e_latency":0.3125,' +
  '"request_received_ts":1760000000.1055,"api_server_dispatch_finish_ts":1760000000.1081,' +
  '"request_finished_ts":1760000000.418,"inference_time":0.2975,"decode_throughput":58.99705014749263,' +
  '"response_sent_to_client_ts":1760000000.4183}}';
