/**
 * @module server/fault-response — answers a request the fault front marked (`x-mock-fault`) with that fault.
 *
 * The socket-level kinds (refuse, reset-before-headers) never get here: the front does them.
 * - `status:N`: N with an OpenAI-style error body; 429 also sends `Retry-After: 1`.
 * - `stall:S`: headers and one byte the client's parser ignores (an SSE comment, or a JSON
 *   space), then silence for S seconds, then the connection is reset.
 * - `malformed-sse`: an event whose data is not JSON, then [DONE].
 * - `invalid-json`: a 200 body that is not JSON (streaming: `data: {not json}`).
 * - `huge-body:MB`: a valid answer of about MB MB (streaming: ~64 KB events).
 * - `slow-drip[:MS]`: a small valid answer, one byte every MS ms (default 50).
 * - `reset-mid-stream`: headers and three content events (non-streaming: half the body), then
 *   the connection is reset.
 * A reset is a stream that errors with no reason: Bun then drops the connection without
 * logging anything (an Error reason would be printed on stderr).
 */
import { API_PATHS, JSON_HEADERS, SSE_HEADERS, type HandlerContext, type RouteHandler } from "./handler-context.ts";
import type { ResponseIdentity } from "./openai-encoding.ts";
import { errorResponse } from "./error-response.ts";
import { parseMockRequest, type ApiKind } from "./openai-request.ts";
import { waitUntilNs } from "./precise-wait.ts";
import { scanRequestFlags } from "./request-scan.ts";
import { FAULT_HEADER } from "./request-head.ts";
import { DEFAULT_DRIP_MS, parseFaultSpec, type FaultSpec } from "./fault-spec.ts";
import {
  faultErrorBody,
  firstEvents,
  hugeBody,
  hugeStream,
  INVALID_JSON_BODY,
  INVALID_JSON_SSE,
  MALFORMED_SSE,
  RETRY_AFTER_S,
  validAnswer,
} from "./fault-bodies.ts";

const encoder = new TextEncoder();
/** Content events sent before reset-mid-stream drops the connection. */
const EVENTS_BEFORE_RESET = 3;
/**
 * Pause after each write of a stream that ends in a reset. Bun sends a stream's writes at the end
 * of the event-loop turn; dropping the connection in the same turn would discard them, so the
 * bytes get a few ms to leave (and reach the client through the fault front) first.
 */
const WRITE_SETTLE_MS = 5;

interface FaultRequest {
  kind: ApiKind;
  streaming: boolean;
  identity: ResponseIdentity;
  cancelled: () => boolean;
}

function headersFor(streaming: boolean): Record<string, string> {
  return { ...(streaming ? SSE_HEADERS : JSON_HEADERS) };
}

/** Writes `parts` in order, each flushed on its own and followed by `afterEach`, then drops the connection. */
function resetAfter(
  parts: readonly string[],
  afterEach: () => Promise<void> = () => Bun.sleep(WRITE_SETTLE_MS),
): ReadableStream {
  return new ReadableStream({
    type: "direct",
    async pull(controller) {
      for (const part of parts) {
        if ((await controller.write(part)) === 0) break;
        await controller.flush();
        await afterEach();
      }
      await Bun.sleep(WRITE_SETTLE_MS);
      // A reason-less rejection makes Bun abort the response silently (see the module note).
      return Promise.reject(undefined);
    },
  });
}

/** Sends `body` one byte at a time, `msPerByte` apart (due times from the start, no drift). */
function dripStream(body: string, msPerByte: number, cancelled: () => boolean): ReadableStream {
  const bytes = encoder.encode(body);
  return new ReadableStream({
    type: "direct",
    async pull(controller) {
      const startNs = Bun.nanoseconds();
      for (let i = 0; i < bytes.length && !cancelled(); i++) {
        await waitUntilNs(startNs + i * msPerByte * 1e6, cancelled);
        if ((await controller.write(bytes.subarray(i, i + 1))) === 0) break;
        await controller.flush();
      }
      controller.close();
    },
  });
}

function hugeStreamBody(request: FaultRequest, mb: number): ReadableStream<Uint8Array> {
  const parts = hugeStream(request.kind, request.identity, mb);
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (request.cancelled()) return controller.close();
      if (sent === -1 && parts.head.byteLength > 0) controller.enqueue(parts.head);
      if (sent === -1) sent = 0;
      if (sent < parts.repeats) {
        controller.enqueue(parts.event);
        sent++;
        return;
      }
      controller.enqueue(parts.tail);
      controller.close();
    },
  });
}

/** The response for one fault (never a socket-level kind). */
function faultResponse(spec: FaultSpec, label: string, request: FaultRequest): Response {
  const { streaming } = request;
  const arg = spec.arg ?? 0;
  switch (spec.kind) {
    case "status": {
      const headers: Record<string, string> = { ...JSON_HEADERS };
      if (arg === 429) headers["retry-after"] = String(RETRY_AFTER_S);
      return new Response(faultErrorBody(arg, label), { status: arg, headers });
    }
    case "stall": {
      const stallUntilNs = Bun.nanoseconds() + arg * 1e9;
      const wait = () => waitUntilNs(stallUntilNs, request.cancelled);
      return new Response(resetAfter([streaming ? ": stall\n\n" : " "], wait), { headers: headersFor(streaming) });
    }
    case "malformed-sse":
      return new Response(MALFORMED_SSE, { headers: headersFor(true) });
    case "invalid-json":
      return new Response(streaming ? INVALID_JSON_SSE : INVALID_JSON_BODY, { headers: headersFor(streaming) });
    case "huge-body":
      if (!streaming)
        return new Response(hugeBody(request.kind, request.identity, arg), { headers: headersFor(false) });
      return new Response(hugeStreamBody(request, arg), { headers: headersFor(true) });
    case "slow-drip": {
      const body = validAnswer(request.kind, request.identity, streaming);
      return new Response(dripStream(body, spec.arg ?? DEFAULT_DRIP_MS, request.cancelled), {
        headers: headersFor(streaming),
      });
    }
    case "reset-mid-stream": {
      const whole = validAnswer(request.kind, request.identity, false);
      const parts = streaming
        ? firstEvents(request.kind, request.identity, EVENTS_BEFORE_RESET)
        : [whole.slice(0, whole.length >> 1)];
      return new Response(resetAfter(parts), { headers: headersFor(streaming) });
    }
    case "refuse":
    case "reset-before-headers":
      throw new Error(`${spec.kind} is carried out by the fault front, not by a handler`);
  }
}

/** Why the mock could not take this body (then it answers 400 instead of the fault), or null. */
export function requestProblem(kind: ApiKind, text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return `Invalid JSON body: ${error instanceof Error ? error.message : String(error)}`;
  }
  const parsed = parseMockRequest(kind, body);
  return parsed.ok ? null : `Invalid request: ${parsed.message}`;
}

/** Wraps a completion handler: requests the front marked get their fault (once their body parses), the rest go to `inner`. */
export function withFaults(kind: ApiKind, inner: RouteHandler, context: HandlerContext): RouteHandler {
  const path = API_PATHS[kind];
  return async (request) => {
    const label = request.headers.get(FAULT_HEADER);
    if (label === null) return inner(request);
    const receivedNs = Bun.nanoseconds();
    const text = await request.text();
    const problem = requestProblem(kind, text);
    if (problem !== null) return errorResponse(400, problem);
    context.faultInjected(label);
    const flags = scanRequestFlags(text);
    const identity = {
      id: context.nextId(kind),
      created: Math.floor(Date.now() / 1000),
      model: context.options.modelName,
    };
    context.keepOpen(request);
    const response = faultResponse(parseFaultSpec(label), label, {
      kind,
      streaming: flags.stream,
      identity,
      cancelled: () => context.stopping() || request.signal.aborted,
    });
    context.log.record({
      receivedNs,
      firstChunkNs: null,
      doneNs: Bun.nanoseconds(),
      outputTokens: 0,
      streaming: flags.stream,
      path,
      fault: label,
    });
    return response;
  };
}
