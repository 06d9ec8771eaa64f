/**
 * @module client/read-whole-body — a response read in one piece: a JSON completion, or an SSE body read whole.
 *
 * A non-streaming request may still be answered with SSE (servers that ignore `stream: false`),
 * and a streaming one with JSON: the body is read by what it is, not by what was asked or how it
 * is labelled (client/read-stream sniffs the same way). A 200 body that reports an error — or an
 * SGLang output whose finish reason is an abort — is the server's error, classified like its
 * HTTP twin (client/classify-error). Anthropic's Messages response (`type: "message"`, its
 * `content` blocks, `usage`, `stop_reason`) is read by client/anthropic-events.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { noteBit } from "../record/stream-notes.ts";
import { kindForServerError, truncate } from "./classify-error.ts";
import { parseJsonObject, readChoice, readServerError, readUsage } from "./openai-response.ts";
import { applyServerFigures, readServerFigures, responseIdOf } from "./server-figures.ts";
import { isResponsesObject, readResponsesWhole } from "./responses-whole.ts";
import { readSglangOutput } from "./sglang-response.ts";
import { readAnthropicMessage } from "./anthropic-events.ts";
import { SseSplitter } from "./sse-splitter.ts";
import { StreamAccumulator } from "./stream-accumulator.ts";
import { StructuredOutput, type KeepText } from "./structured-output.ts";
import { applyStreamTiming, applyUsage } from "./stream-record.ts";

const SSE_FOR_NON_STREAMING = noteBit("sse_for_non_streaming_request");

/** The body starts like an SSE stream (a field or a comment), not like JSON. */
function looksLikeSse(text: string): boolean {
  const start = text.trimStart();
  return start.startsWith("data:") || start.startsWith(":") || start.startsWith("event:") || start.startsWith("id:");
}

export function readWholeBody(text: string, record: RequestRecord, keepText: KeepText, doneNs: number): void {
  record.doneNs = doneNs;
  if (looksLikeSse(text)) return readSseText(text, record, keepText, doneNs);
  const body = parseJsonObject(text);
  if (body && isResponsesObject(body)) return readResponsesWhole(body, record, keepText);
  const native = body ? readSglangOutput(body) : null;
  const serverError = body ? (readServerError(body) ?? native?.abort ?? null) : null;
  if (serverError) {
    record.errorKind = kindForServerError(serverError);
    const status = serverError.status === null ? "" : ` (status ${serverError.status})`;
    record.errorMessage = truncate(`error in a ${record.httpStatus} response${status}: ${serverError.message}`);
    return;
  }
  if (native) {
    record.chunkCount = 1;
    record.finishReason = native.finishReason;
    if (keepText) record.responseText = native.text;
    applyUsage(record, native.usage);
    applyServerFigures(record, native.figures, native.id);
    return;
  }
  const message = body ? readAnthropicMessage(body) : null;
  const choice = message?.part ?? (body ? readChoice(body, false) : null);
  if (!body || !choice) {
    record.errorKind = "invalid_json";
    const problem = body ? "response has no choices" : "response is not a JSON object";
    record.errorMessage = truncate(`${problem}: ${text.replace(/\s+/g, " ").trim() || "(empty body)"}`);
    return;
  }
  record.chunkCount = 1;
  record.finishReason = choice.finishReason;
  if (keepText === "structured") {
    const parts = new StructuredOutput();
    parts.add(choice);
    record.responseText = parts.json();
  } else if (keepText) record.responseText = choice.reasoning + choice.content + choice.toolText;
  const usage = message ? message.usage : readUsage(body);
  applyUsage(record, usage);
  applyServerFigures(
    record,
    readServerFigures(body),
    message?.id ?? responseIdOf(body),
    usage?.completionTokens ?? null,
  );
}

/** SSE read after the fact: all its events arrived at `doneNs`, so it has no token timing. */
function readSseText(text: string, record: RequestRecord, keepText: KeepText, doneNs: number): void {
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(keepText);
  accumulator.readNs = doneNs;
  splitter.push(new TextEncoder().encode(text), accumulator);
  splitter.finish(accumulator);
  record.streamNotes |= SSE_FOR_NON_STREAMING;
  applyStreamTiming(accumulator.result(), record, accumulator.done, false, splitter.strayLine);
}
