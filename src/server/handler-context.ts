/** @module server/handler-context — what every completion handler shares with the server that owns it. */
import type { LatencySample } from "./latency-model.ts";
import type { Admission } from "./admission.ts";
import type { ObservationLog } from "./observations.ts";
import type { ServerMetrics } from "./server-metrics.ts";
import type { ApiKind } from "./openai-request.ts";
import type { MockServerOptions } from "./options.ts";

export const JSON_HEADERS = { "content-type": "application/json" } as const;
/** As vLLM and OpenAI send them. */
export const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" } as const;

/** The route each API kind is served on (also the `path` of its observations). */
export const API_PATHS: Record<ApiKind, string> = {
  chat: "/v1/chat/completions",
  completions: "/v1/completions",
};

export interface HandlerContext {
  options: MockServerOptions;
  /**
   * Draws the next request's latency sample for the model it names (seeded; call once per request). The model is
   * required, so a route cannot forget `--model-latency`; null where the dialect names none (SGLang's /generate).
   */
  sampleLatency: (model: string | null) => LatencySample;
  log: ObservationLog;
  /** A fresh response id, e.g. "chatcmpl-mock-1f". */
  nextId: (kind: ApiKind) => string;
  /** True once `stop()` was called. */
  stopping: () => boolean;
  /** Canned responses by prompt text (`--answers`). */
  answers: ReadonlyMap<string, string>;
  /** Counts prompt tokens with the configured tokenizer; null = whitespace words. */
  countTokens: ((text: string) => number) | null;
  /** `--served-model-name`: the only model names answered (others get a 404); null = any name. */
  servedModels: ReadonlySet<string> | null;
  /** Counts a fault the handler carried out (server/fault-plan: a drawn fault counts only then). */
  faultInjected: (label: string) => void;
  /** Lifts the idle timeout for one request whose response will take a while. */
  keepOpen: (request: Request) => void;
  /** Prompts answered so far, when the server caches outputs (`--response-cache`); null otherwise. */
  cachedPrompts: Set<string> | null;
  /** The running/waiting gate (`--max-concurrent`; unlimited but counted without it). */
  admission: Admission;
  /** What GET /metrics reports. */
  metrics: ServerMetrics;
}

/** A request handler for one route. */
export type RouteHandler = (request: Request) => Promise<Response>;

/** A dialect's error response, e.g. server/error-response's `errorResponse` (OpenAI's shape). */
export type ErrorResponder = (status: number, message: string) => Response;
