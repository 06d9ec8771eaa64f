/**
 * @module client/send-attempt — one HTTP attempt, timed, turned into a RequestRecord.
 *
 * Timestamps: sentNs just before fetch(); responseHeadersNs when fetch() resolves (headers
 * parsed); for streams, each body read is stamped the moment it resolves and before its bytes
 * are decoded; doneNs after the last byte. Failures never throw: they become the record's
 * errorKind/errorMessage (with the start of the server's error body, secrets removed) —
 * including a connection reset that surfaces from `reader.read()` mid-body. Bodies past
 * `maxResponseBytes` abort the attempt as too_large.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { returnAbortController, takeAbortController } from "./abort-pool.ts";
import { ByteBudget, checkDeclaredLength, readTextLimited, ResponseTooLargeError } from "./body-limit.ts";
import { ABORT_STALLED, ABORT_TIMEOUT, ABORT_TOO_LARGE, classifyFetchError, kindForStatus, truncate } from "./classify-error.ts";
import { describeHttpError, readBodyPrefix, redactMessage, secretValues } from "./error-body.ts";
import { parseJsonObject, readChoice, readErrorMessage, readUsage } from "./openai-response.ts";
import type { OutgoingRequest, RegisterInFlight, RequestSettings } from "./request-settings.ts";
import { parseRetryAfterMs } from "./retry-policy.ts";
import { SseSplitter } from "./sse-splitter.ts";
import { StreamAccumulator, StreamProtocolError } from "./stream-accumulator.ts";
import { watchStream, type StreamWatch } from "./stall-watch.ts";

/** `--insecure`: any certificate, any host name. */
const INSECURE_TLS = { rejectUnauthorized: false };

export interface AttemptOutcome {
  record: RequestRecord;
  /** The server's Retry-After in ms (error responses only); null when absent. */
  retryAfterMs: number | null;
  /** A content token arrived before the attempt ended. */
  tokenSeen: boolean;
}

export async function sendAttempt(req: OutgoingRequest, attempt: number, settings: RequestSettings, register: RegisterInFlight): Promise<AttemptOutcome> {
  const controller = takeAbortController();
  let abortReason: string | null = null;
  const abort = (reason: string) => {
    if (abortReason === null) abortReason = reason;
    controller.abort(reason);
  };
  const unregister = register({ abort });
  const timer = settings.requestTimeoutMs > 0 ? setTimeout(() => abort(ABORT_TIMEOUT), settings.requestTimeoutMs) : null;
  const record = emptyRecord(req, attempt);
  const stream = { tokenSeen: false };
  let retryAfterMs: number | null = null;
  record.sentNs = settings.now();
  try {
    const init: BunFetchRequestInit = { method: "POST", headers: settings.headers, body: req.body, signal: controller.signal };
    if (settings.insecure) init.tls = INSECURE_TLS;
    const response = await fetch(req.url, init);
    record.responseHeadersNs = settings.now();
    settings.onProgress?.();
    record.httpStatus = response.status;
    if (!response.ok) {
      retryAfterMs = parseRetryAfterMs(response.headers.get("retry-after"), Date.now());
      const text = await readBodyPrefix(response);
      record.doneNs = settings.now();
      record.errorKind = kindForStatus(response.status);
      record.errorMessage = describeHttpError(response.status, text);
    } else {
      const declared = checkDeclaredLength(response.headers, settings.maxResponseBytes);
      if (settings.streaming && response.body && isEventStream(response.headers.get("content-type"))) {
        await readStream(response.body, record, settings, () => abort(ABORT_STALLED), stream);
      } else {
        readWholeBody(await readTextLimited(response, settings.maxResponseBytes, declared), record, settings);
      }
    }
  } catch (error) {
    record.doneNs = settings.now();
    if (error instanceof ResponseTooLargeError) {
      abort(ABORT_TOO_LARGE);
      record.errorKind = "too_large";
      record.errorMessage = error.message;
    } else if (error instanceof StreamProtocolError) {
      record.errorKind = "malformed_stream";
      record.errorMessage = truncate(error.message);
    } else {
      const { kind, message } = classifyFetchError(error, abortReason);
      record.errorKind = kind;
      record.errorMessage = explainFailure(kind, message, settings, record, stream.tokenSeen);
    }
  } finally {
    if (timer) clearTimeout(timer);
    unregister();
  }
  if (record.errorKind === null) returnAbortController(controller);
  if (record.errorMessage !== null) record.errorMessage = redactMessage(record.errorMessage, secretValues(settings.headers));
  return { record, retryAfterMs, tokenSeen: stream.tokenSeen || record.firstTokenNs !== null };
}

/** Timeouts, stalls and resets say which limit fired or how far the response had got. */
function explainFailure(kind: string, message: string, settings: RequestSettings, record: RequestRecord, tokenSeen: boolean): string {
  const stage = record.responseHeadersNs === null ? "before the response headers" : tokenSeen ? "mid-stream, after the first token" : "while reading the body";
  if (kind === "timeout") return `no complete response within --request-timeout ${settings.requestTimeoutMs / 1000} s (${stage})`;
  if (kind === "stalled_stream") return `no bytes for --stall-timeout ${settings.stallTimeoutMs / 1000} s (${stage})`;
  if (kind === "reset") return `${message} (${stage})`;
  return message;
}

async function readStream(
  body: ReadableStream<Uint8Array>, record: RequestRecord, settings: RequestSettings, onStall: () => void, stream: { tokenSeen: boolean },
): Promise<void> {
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(settings.keepResponseText);
  const watch = settings.stallTimeoutMs > 0 ? watchStream(settings.stallTimeoutMs * 1e6, settings.now, onStall) : null;
  try {
    await readEvents(body, splitter, accumulator, record, settings, watch);
  } finally {
    watch?.stop();
    stream.tokenSeen = accumulator.hasToken;
  }
  finishStream(accumulator, record);
}

async function readEvents(
  body: ReadableStream<Uint8Array>, splitter: SseSplitter, accumulator: StreamAccumulator,
  record: RequestRecord, settings: RequestSettings, watch: StreamWatch | null,
): Promise<void> {
  const reader = body.getReader();
  const budget = new ByteBudget(settings.maxResponseBytes);
  for (;;) {
    // A reset mid-body rejects here; sendAttempt classifies it like a fetch() failure.
    const { done, value } = await reader.read();
    const arrivalNs = settings.now();
    settings.onProgress?.();
    if (watch) watch.lastByteNs = arrivalNs;
    accumulator.readNs = arrivalNs;
    if (done) {
      splitter.finish(accumulator);
      record.doneNs = arrivalNs;
      break;
    }
    budget.take(value.byteLength);
    splitter.push(value, accumulator);
  }
}

function finishStream(accumulator: StreamAccumulator, record: RequestRecord): void {
  const timing = accumulator.result();
  record.firstTokenNs = timing.firstTokenNs;
  record.chunkCount = timing.chunkCount;
  record.chunkGapsNs = timing.chunkGapsNs;
  record.chunkTokens = timing.chunkTokens;
  record.finishReason = timing.finishReason;
  record.responseText = timing.text;
  applyUsage(record, timing.usage?.promptTokens ?? null, timing.usage?.completionTokens ?? null, timing.usage?.reasoningTokens ?? null);
  if (record.outputTokens === null && timing.chunkCount > 0) {
    record.outputTokens = timing.chunkTokens ? 1 + timing.chunkTokens.reduce((a, b) => a + b, 0) : timing.chunkCount;
    record.tokenSource = "chunk_count";
  }
  if (!accumulator.done && timing.chunkCount === 0) {
    record.errorKind = "malformed_stream";
    record.errorMessage = "stream ended without any content or [DONE]";
  }
}

function readWholeBody(text: string, record: RequestRecord, settings: RequestSettings): void {
  record.doneNs = settings.now();
  const body = parseJsonObject(text);
  const choice = body ? readChoice(body, false) : null;
  if (!body || !choice) {
    record.errorKind = "invalid_json";
    const serverError = body ? readErrorMessage(body) : null;
    const problem = body ? "response has no choices" : "response is not a JSON object";
    record.errorMessage = truncate(serverError ?? `${problem}: ${text.replace(/\s+/g, " ").trim() || "(empty body)"}`);
    return;
  }
  record.chunkCount = 1;
  record.finishReason = choice.finishReason;
  if (settings.keepResponseText) record.responseText = choice.reasoning + choice.content;
  const usage = readUsage(body);
  applyUsage(record, usage?.promptTokens ?? null, usage?.completionTokens ?? null, usage?.reasoningTokens ?? null);
}

/** A server asked to stream may still answer with one JSON body; read it as such. */
function isEventStream(contentType: string | null): boolean {
  return contentType === null || contentType.toLowerCase().startsWith("text/event-stream");
}

function applyUsage(record: RequestRecord, prompt: number | null, completion: number | null, reasoning: number | null): void {
  record.inputTokens = prompt;
  record.reasoningTokens = reasoning;
  if (completion !== null) {
    record.outputTokens = completion;
    record.tokenSource = "server_usage";
  }
}

function emptyRecord(req: OutgoingRequest, attempt: number): RequestRecord {
  return {
    phase: req.phase, planIndex: req.planIndex, sampleIndex: req.sampleIndex, workerId: req.workerId,
    endpointIndex: req.endpointIndex, scheduledNs: req.scheduledNs, sentNs: 0, responseHeadersNs: null,
    firstTokenNs: null, doneNs: 0, httpStatus: 0, errorKind: null, errorMessage: null, inputTokens: null,
    outputTokens: null, reasoningTokens: null, tokenSource: "none", chunkCount: 0, chunkGapsNs: null,
    chunkTokens: null, finishReason: null, responseText: null, attempt,
  };
}
