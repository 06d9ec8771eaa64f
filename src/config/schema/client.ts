/** @module config/schema/client — `settings.client`: worker processes, connection pools, IPC tuning. */
import { z } from "zod";
import { bool, choice, int, num } from "./primitives.ts";

/** -1 means "choose automatically"; 0 is rejected because it would mean "no workers/connections". */
const autoOrAtLeastOne = () =>
  int(
    z
      .number()
      .min(-1)
      .refine((v) => v !== 0, { error: "0 is not allowed: use -1 for auto or a value ≥ 1" }),
  );

/**
 * IPC tuning of upstream's ZeroMQ transport. Accepted so seed YAML files load unchanged; ours
 * (unix sockets with batched msgpackr frames) has nothing to tune: a changed value gets a warning
 * (config/upstream/no-effect-fields).
 */
const TransportSchema = z.strictObject({
  type: choice(["zmq"]).default("zmq"),
  recv_buffer_size: int(z.number().min(1)).default(16_777_216),
  send_buffer_size: int(z.number().min(1)).default(16_777_216),
  io_threads: int(z.number().min(1)).default(4),
  worker_io_threads: int(z.number().min(1)).default(1),
  high_water_mark: int(z.number().min(0)).default(0),
  linger: int(z.number().min(-1)).default(-1),
  immediate: int(z.number().min(0).max(1)).default(1),
});

export const ClientSettingsSchema = z.strictObject({
  num_workers: autoOrAtLeastOne().default(-1).describe("worker processes; -1 = auto"),
  // Python's level names, WARN and FATAL included; DEBUG and NOTSET pass on every line a worker prints.
  log_level: choice(["DEBUG", "INFO", "WARNING", "WARN", "ERROR", "CRITICAL", "FATAL", "NOTSET"], {
    caseInsensitive: true,
  })
    .default("INFO")
    .describe("worker output: DEBUG also passes the runtime's per-response notices (-vv sets it)"),
  warmup_connections: int(z.number().min(-1))
    .default(-1)
    .describe("upstream's pre-opened connections; no effect here (a warning says so)"),
  auto_warmup_budget_fraction: num(z.number().gt(0).max(1))
    .default(0.25)
    .describe("upstream's pre-opened share of the port budget; no effect here (a warning says so)"),
  max_concurrent_warmup_connects: int(z.number().min(1))
    .default(128)
    .describe("upstream's pre-opening connect cap; no effect here (a warning says so)"),
  max_connections: autoOrAtLeastOne()
    .default(-1)
    .describe(
      "total connections (and requests in flight) across workers; -1 = auto (a slow rate schedule may hold more in flight: docs/tuning.md)",
    ),
  transport: TransportSchema.prefault({}).describe("upstream's ZeroMQ tuning; no effect here (a warning says so)"),
  stream_all_chunks: bool().default(false).describe("upstream: forward every chunk; here every chunk is always timed"),
  worker_initialization_timeout: num(z.number().gt(0)).default(60).describe("seconds the workers may take to start"),
  worker_graceful_shutdown_wait: num(z.number().min(0))
    .default(0.5)
    .describe("upstream's shutdown wait; no effect here (a warning says so)"),
  worker_force_kill_timeout: num(z.number().min(0))
    .default(0.5)
    .describe("upstream's kill timeout; no effect here (a warning says so)"),
  insecure: bool().default(false).describe("skip TLS certificate verification"),
  // ours: ids cost every row ~40 bytes and the client ~2 µs, so they are kept only when asked for.
  record_ids: bool()
    .default(false)
    .describe("keep each response's id and the server's x-request-id in events.db, to join rows with the server's log"),
  // ours: a reasoning model served without a reasoning parser writes its reasoning into the content between tags.
  think_tags: bool()
    .default(false)
    .describe(
      "read content that opens with <think> as reasoning until </think> (a model served without a reasoning " +
        "parser, or /v1/completions): TTFO and the token split follow it",
    ),
  // ours: a raw-socket probe beside the run, for the client's error bound (docs/metrics.md).
  calibrate: bool()
    .default(false)
    .describe(
      "a raw-socket client beside the run times TTFT one request at a time; the client error bound then covers the run's TTFT above it",
    ),
  max_idle_time: num(z.number().min(0))
    .default(4)
    .describe("upstream's idle-connection limit; no effect here (a warning says so)"),
  min_required_connections: int(z.number().min(-1))
    .default(-1)
    .describe("upstream's pre-opening check; no effect here (a warning says so)"),
  worker_gc_mode: choice(["disabled", "relaxed", "system"])
    .default("relaxed")
    .describe("upstream's Python GC tuning; no effect here (a warning says so)"),
  // ours: per-request deadline; upstream has none, so a hung request waits for the drain timeout.
  request_timeout_s: num(z.number().gt(0))
    .nullable()
    .default(null)
    .describe("per-request timeout in seconds; null = none"),
  // ours: a stream that sends nothing for this long after its first body byte is cut and recorded
  // as stalled_stream; before that byte the server may be queueing the request (vLLM sends the
  // headers at admission), which only request_timeout_s bounds.
  stall_timeout_s: num(z.number().gt(0))
    .nullable()
    .default(60)
    .describe(
      "seconds without a byte, once a stream's body has started, before it counts as stalled (queueing before the first " +
        "byte is not a stall), met within a quarter of it or 1 s; null = never",
    ),
  // ours: a response body past this (streaming or not) aborts that request as too_large.
  max_response_mb: num(z.number().gt(0))
    .default(64)
    .describe("largest response body in MB (2^20 bytes) before a request counts as too_large"),
  // ours: upstream never retries; we retry refused/reset-before-headers/429/5xx/timeout-before-first-token.
  retries: int(z.number().min(0).max(100))
    .default(0)
    .describe("retries per request after a connection failure, 429, 5xx or a timeout before the first token; 0 = off"),
});
