/**
 * @module server/mock-server — starts the OpenAI-compatible mock on Bun.serve and routes its endpoints.
 *
 * With faults configured, Bun.serve listens on a loopback port of its own and the public port is
 * the raw TCP fault front (server/fault-front), which decides each completion request's fault.
 */
import { poolingRoutes } from "./pooling-handler.ts";
import { loadTokenizer } from "../tokens/load-tokenizer.ts";
import { loadCannedAnswers } from "./canned-answers.ts";
import { SetupError } from "../errors.ts";
import { createCompletionHandler } from "./completion-handler.ts";
import { errorResponse, modelNotFoundResponse, unknownRouteResponse } from "./error-response.ts";
import { createFixedHandler } from "./fixed-handler.ts";
import { startFaultFront, type FaultFront } from "./fault-front.ts";
import { FaultDealer } from "./fault-plan.ts";
import { requestProblem, withFaults } from "./fault-response.ts";
import { faultLabel } from "./fault-spec.ts";
import { API_PATHS, JSON_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import { createLatencyModel } from "./latency-model.ts";
import { createSglangHandler, SGLANG_PATH } from "./sglang-handler.ts";
import { createResponsesHandler, RESPONSES_PATH } from "./responses-handler.ts";
import { createAnthropicHandler, MESSAGES_PATH } from "./anthropic-handler.ts";
import { ObservationLog, type ServerObservation } from "./observations.ts";
import { createAdmission } from "./admission.ts";
import { createServerMetrics } from "./server-metrics.ts";
import type { ApiKind } from "./openai-request.ts";
import { resolveMockServerOptions, type MockServerOptions } from "./options.ts";

export interface MockServer {
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:40123". */
  url: string;
  port: number;
  /** Closes the listener and every open connection (in-flight streams end early). */
  stop(): Promise<void>;
  /** A copy of the recorded observations (empty unless `recordObservations`). */
  observations(): ServerObservation[];
  /** Injected faults so far per label, e.g. {"status:503": 12}; empty without faults. */
  faultCounts(): Record<string, number>;
  /** The profiler triggers received, in order ("start", "stop"), as vLLM's /start_profile and /stop_profile. */
  profilerCalls(): string[];
}

/**
 * Bun's maximum idle timeout in seconds. Paced responses also lift the timeout per request
 * (`server.timeout(request, 0)`), so a long TTFT before the first byte is never cut.
 */
const IDLE_TIMEOUT_S = 255;

/** A model card as vLLM lists it (id, object, created, owned_by, root, parent). */
function modelCard(id: string, created: number): Record<string, unknown> {
  return { id, object: "model", created, owned_by: "inference-endpoint", root: id, parent: null };
}

/** `GET /v1/models/{id}`: the card of a served model (ids may hold slashes: `Qwen/Qwen3-8B`), else vLLM's 404. */
function retrieveModel(request: Request, names: readonly string[], created: number): Response | null {
  const path = new URL(request.url).pathname;
  if (request.method !== "GET" || !path.startsWith(MODELS_PREFIX) || path.length === MODELS_PREFIX.length) return null;
  const id = decodeURIComponent(path.slice(MODELS_PREFIX.length));
  if (names.includes(id)) return Response.json(modelCard(id, created));
  return modelNotFoundResponse(id, new Set(names));
}

const MODELS_PREFIX = "/v1/models/";
const PROMETHEUS_HEADERS = { "content-type": "text/plain; version=0.0.4; charset=utf-8" };

function completionHandler(kind: ApiKind, context: HandlerContext): RouteHandler {
  const mode = context.options.mode;
  const handler = mode === "fixed" ? createFixedHandler(kind, context) : createCompletionHandler(kind, mode, context);
  return context.options.faults.length > 0 ? withFaults(kind, handler, context) : handler;
}

function flushCache(context: HandlerContext): Response {
  context.cachedPrompts?.clear();
  return new Response(null, { status: 200 });
}

/** Starts a mock server; options are validated (InputError) and defaulted by MockServerOptionsSchema. */
export async function startMockServer(input: Partial<MockServerOptions> = {}): Promise<MockServer> {
  const options = resolveMockServerOptions(input);
  const log = new ObservationLog(options.recordObservations);
  let stopping = false;
  let requestCount = 0;
  let server: ReturnType<typeof Bun.serve> | undefined;
  const dealer = new FaultDealer({ faults: options.faults, rate: options.faultRate, seed: options.faultSeed });
  const admission = createAdmission(options.maxConcurrent);
  const context: HandlerContext = {
    admission,
    metrics: createServerMetrics(admission, options.maxConcurrent, options.servedModelNames[0] ?? options.modelName),
    options,
    sampleLatency: createLatencyModel(options),
    log,
    nextId: (kind) => `${kind === "chat" ? "chatcmpl" : "cmpl"}-mock-${(++requestCount).toString(16)}`,
    stopping: () => stopping,
    countTokens: options.tokenizer ? loadTokenizer(options.tokenizer).count : null,
    answers: options.answers ? loadCannedAnswers(options.answers) : new Map(),
    servedModels: options.servedModelNames.length > 0 ? new Set(options.servedModelNames) : null,
    faultInjected: (label) => dealer.injected(label),
    keepOpen: (request) => server?.timeout(request, 0),
    cachedPrompts: options.responseCache ? new Set() : null,
  };
  const modelNames = options.servedModelNames.length > 0 ? options.servedModelNames : [options.modelName];
  const created = Math.floor(Date.now() / 1000);
  const models = JSON.stringify({ object: "list", data: modelNames.map((name) => modelCard(name, created)) });
  const profilerCalls: string[] = [];
  const profilerTrigger = (call: string) => () => {
    profilerCalls.push(call);
    return new Response(null, { status: 200 });
  };
  const routes = {
    "/health": { GET: () => Response.json({ status: "ok" }) },
    // vLLM answers these when started with a profiler config; `--profile vllm` runs call them.
    "/start_profile": { POST: profilerTrigger("start") },
    "/stop_profile": { POST: profilerTrigger("stop") },
    // SGLang's and vLLM's cache resets; they empty the --response-cache.
    "/flush_cache": { POST: () => flushCache(context) },
    "/reset_prefix_cache": { POST: () => flushCache(context) },
    "/v1/models": { GET: () => new Response(models, { headers: JSON_HEADERS }) },
    // vLLM's Prometheus metrics; fixed mode answers at once and has none (a 404, as a server without them).
    "/metrics": {
      GET: () =>
        options.mode === "fixed"
          ? errorResponse(404, "Invalid URL (GET /metrics)")
          : new Response(context.metrics.render(), { headers: PROMETHEUS_HEADERS }),
    },
    [API_PATHS.chat]: { POST: completionHandler("chat", context) },
    [API_PATHS.completions]: { POST: completionHandler("completions", context) },
    // SGLang's native route, for api_type sglang.
    [SGLANG_PATH]: { POST: createSglangHandler(context) },
    // OpenAI's Responses API, for api_type openai_responses.
    [RESPONSES_PATH]: { POST: createResponsesHandler(context) },
    // Anthropic's Messages API, for api_type anthropic_messages.
    [MESSAGES_PATH]: { POST: createAnthropicHandler(context) },
    // The embeddings and rerank API types' routes (server/pooling-handler).
    ...poolingRoutes(context),
  };
  const servedPaths = new Set(Object.keys(routes));
  const faulty = options.faults.length > 0;
  try {
    server = Bun.serve({
      // Behind the fault front, Bun.serve is reached only through loopback.
      hostname: faulty ? "127.0.0.1" : options.host,
      port: faulty ? 0 : options.port,
      idleTimeout: IDLE_TIMEOUT_S,
      routes,
      fetch: (request) => retrieveModel(request, modelNames, created) ?? unknownRouteResponse(request, servedPaths),
      error: (error) => errorResponse(500, `mock server error: ${error.message}`),
    });
  } catch (error) {
    throw new SetupError(`mock server could not listen on ${options.host}:${options.port}`, {
      hint: "pick another --port (0 chooses a free one) or stop whatever holds it",
      cause: error,
    });
  }
  const running = server;
  let front: FaultFront | null = null;
  if (faulty) {
    try {
      front = startFaultFront({
        host: options.host,
        port: options.port,
        upstreamPort: running.port ?? 0,
        dealer,
        faultPaths: new Set(Object.values(API_PATHS)),
        parses: (path, body) => requestProblem(path === API_PATHS.chat ? "chat" : "completions", body) === null,
        onSocketFault: (spec, path, receivedNs) =>
          log.record({
            receivedNs,
            firstChunkNs: null,
            doneNs: Bun.nanoseconds(),
            outputTokens: 0,
            streaming: false,
            path,
            fault: faultLabel(spec),
          }),
      });
    } catch (error) {
      await running.stop(true);
      throw error;
    }
  }
  const port = front?.port ?? running.port ?? options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    observations: () => log.snapshot(),
    faultCounts: () => dealer.counts(),
    profilerCalls: () => [...profilerCalls],
    stop: async () => {
      stopping = true;
      front?.stop();
      await running.stop(true);
    },
  };
}
