/**
 * @module client/send-request — one HTTP request, timed, turned into a RequestRecord.
 *
 * Timestamps: sentNs just before fetch(); responseHeadersNs when fetch() resolves (headers
 * parsed); for streams, each body read is stamped the moment it resolves and before its bytes
 * are decoded; doneNs after the last byte. Failures never throw: they become the record's
 * errorKind/errorMessage (with the first bytes of the server's error body).
 */
import type { RequestRecord } from "../record/request-record.ts";
import { ABORT_STALLED, ABORT_TIMEOUT, classifyFetchError, kindForStatus, truncate } from "./classify-error.ts";
import { parseJsonObject, readChoice, readErrorMessage, readUsage } from "./openai-response.ts";
import { SseSplitter } from "./sse-splitter.ts";
import { StreamAccumulator, StreamProtocolError } from "./stream-accumulator.ts";
import { watchStream, type StreamWatch } from "./stall-watch.ts";

export interface RequestSettings {
  headers: Record<string, string>;
  streaming: boolean;
  requestTimeoutMs: number;
  /** Once the response headers arrived, the longest silence between body reads; 0 = none. */
  stallTimeoutMs: number;
  keepResponseText: boolean;
  insecure: boolean;
  now: () => number;
}

export interface OutgoingRequest {
  phase: string;
  workerId: number;
  planIndex: number;
  sampleIndex: number;
  endpointIndex: number;
  url: string;
  body: string;
  scheduledNs: number;
}

/** Lets the run abort every in-flight request at once. */
export interface InFlightHandle {
  abort(reason: string): void;
}

export async function sendRequest(req: OutgoingRequest, settings: RequestSettings, register: (h: InFlightHandle) => () => void): Promise<RequestRecord> {
  const controller = new AbortController();
  let abortReason: string | null = null;
  const abort = (reason: string) => {
    if (abortReason === null) abortReason = reason;
    controller.abort(reason);
  };
  const unregister = register({ abort });
  const timer = settings.requestTimeoutMs > 0 ? setTimeout(() => abort(ABORT_TIMEOUT), settings.requestTimeoutMs) : null;
  const record = emptyRecord(req);
  record.sentNs = settings.now();
  try {
    const response = await fetch(req.url, {
      method: "POST",
      headers: settings.headers,
      body: req.body,
      signal: controller.signal,
      ...(settings.insecure ? { tls: { rejectUnauthorized: false } } : {}),
    });
    record.responseHeadersNs = settings.now();
    record.httpStatus = response.status;
    if (!response.ok) {
      const text = await response.text();
      record.doneNs = settings.now();
      record.errorKind = kindForStatus(response.status);
      record.errorMessage = truncate(`HTTP ${response.status}: ${text}`);
    } else if (settings.streaming && response.body && isEventStream(response.headers.get("content-type"))) {
      await readStream(response.body, record, settings, () => abort(ABORT_STALLED));
    } else {
      readWholeBody(await response.text(), record, settings);
    }
  } catch (error) {
    record.doneNs = settings.now();
    if (error instanceof StreamProtocolError) {
      record.errorKind = "malformed_stream";
      record.errorMessage = truncate(error.message);
    } else {
      const { kind, message } = classifyFetchError(error, abortReason);
      record.errorKind = kind;
      record.errorMessage = message;
    }
  } finally {
    if (timer) clearTimeout(timer);
    unregister();
  }
  return record;
}

async function readStream(body: ReadableStream<Uint8Array>, record: RequestRecord, settings: RequestSettings, onStall: () => void): Promise<void> {
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(settings.keepResponseText);
  const watch = settings.stallTimeoutMs > 0 ? watchStream(settings.stallTimeoutMs * 1e6, settings.now, onStall) : null;
  try {
    await readEvents(body, splitter, accumulator, record, settings, watch);
  } finally {
    watch?.stop();
  }
  finishStream(accumulator, record);
}

async function readEvents(
  body: ReadableStream<Uint8Array>, splitter: SseSplitter, accumulator: StreamAccumulator,
  record: RequestRecord, settings: RequestSettings, watch: StreamWatch | null,
): Promise<void> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const arrivalNs = settings.now();
    if (watch) watch.lastByteNs = arrivalNs;
    if (done) {
      for (const data of splitter.finish()) accumulator.accept(data, arrivalNs);
      record.doneNs = arrivalNs;
      break;
    }
    for (const data of splitter.push(value)) accumulator.accept(data, arrivalNs);
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
    record.errorMessage = truncate(serverError ?? `response has no choices: ${text}`);
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

function emptyRecord(req: OutgoingRequest): RequestRecord {
  return {
    phase: req.phase, planIndex: req.planIndex, sampleIndex: req.sampleIndex, workerId: req.workerId,
    endpointIndex: req.endpointIndex, scheduledNs: req.scheduledNs, sentNs: 0, responseHeadersNs: null,
    firstTokenNs: null, doneNs: 0, httpStatus: 0, errorKind: null, errorMessage: null, inputTokens: null,
    outputTokens: null, reasoningTokens: null, tokenSource: "none", chunkCount: 0, chunkGapsNs: null,
    chunkTokens: null, finishReason: null, responseText: null,
  };
}
