/**
 * @module client/responses-whole — a whole (non-streaming) Responses API answer read into a record.
 *
 * The body is the response object (`"object": "response"`): its `output[]` items give the text
 * (message `output_text` parts, reasoning items, function calls' name and arguments), `usage`
 * the token counts and `status` the finish reason (client/responses-events). A `failed` status
 * is the server's error, classified like an error inside any 200 body (client/classify-error).
 */
import type { RequestRecord } from "../record/request-record.ts";
import { kindForServerError, truncate } from "./classify-error.ts";
import { asObject } from "./openai-response.ts";
import {
  readResponsesError,
  readResponsesUsage,
  responsesFinishReason,
  responsesOutputText,
  responsesToolCalls,
} from "./responses-events.ts";
import { applyServerFigures, readServerFigures } from "./server-figures.ts";
import { applyUsage } from "./stream-record.ts";
import { StructuredOutput, type KeepText } from "./structured-output.ts";

type Json = Record<string, unknown>;

/** Whether a whole body is a Responses API response object. */
export function isResponsesObject(body: Json): boolean {
  return body.object === "response";
}

export function readResponsesWhole(body: Json, record: RequestRecord, keepText: KeepText): void {
  if (body.status === "failed") {
    const error = readResponsesError(asObject(body.error) ?? { message: "the response failed" });
    record.errorKind = kindForServerError(error);
    record.errorMessage = truncate(`error in a ${record.httpStatus} response (status failed): ${error.message}`);
    return;
  }
  const output = responsesOutputText(body);
  record.chunkCount = 1;
  record.finishReason = responsesFinishReason(body);
  if (keepText === "structured") {
    const parts = new StructuredOutput();
    parts.addText("content", output.text);
    parts.addText("reasoning", output.reasoning);
    const calls = responsesToolCalls(body);
    if (calls) parts.add(calls);
    record.responseText = parts.json();
  } else if (keepText) record.responseText = output.reasoning + output.text + output.toolText;
  const usage = readResponsesUsage(body);
  applyUsage(record, usage);
  applyServerFigures(
    record,
    readServerFigures(body),
    typeof body.id === "string" ? body.id : null,
    usage?.completionTokens ?? null,
  );
}
