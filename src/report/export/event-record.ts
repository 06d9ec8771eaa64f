/**
 * @module report/export/event-record — one line of events.jsonl, in mlcommons/endpoints' EventRecord shape.
 *
 * Upstream encodes each record with msgspec: the fields in declaration order (`event_type`,
 * `timestamp_ns`, `sample_uuid`, `conversation_id`, `turn`, `data`), then `finish_reason` and
 * `worker_id` only where set (sample completes). `data` is a tagged positional array
 * (`["PromptData", …]`, `["TextModelOutput", …]`, `["ErrorData", …]`) whose trailing fields
 * are left out when they hold their defaults. Objects are built in that key order, so
 * JSON.stringify writes the same line.
 */

/** The event types we write; upstream also has session.stop_loadgen and error.loadgen|session|client, which its own session never emits for a request. */
type EventType =
  | "session.started"
  | "session.ended"
  | "session.start_performance_tracking"
  | "session.stop_performance_tracking"
  | "sample.issued"
  | "sample.recv_first"
  | "sample.recv_non_first"
  | "sample.complete"
  | "error.generic";

type EventData = readonly unknown[] | null;

export interface EventLine {
  event_type: EventType;
  timestamp_ns: number;
  sample_uuid: string;
  /** A conversation run's logical conversation id (`<id>__repeat_<r>` after the first pass); "" otherwise. */
  conversation_id: string;
  /** The conversation turn a request sent; null outside conversation runs. */
  turn: number | null;
  data: EventData;
  finish_reason?: string;
  worker_id?: number;
}

export function sessionEvent(type: EventType, timestampNs: number): EventLine {
  return { event_type: type, timestamp_ns: timestampNs, sample_uuid: "", conversation_id: "", turn: null, data: null };
}

export function sampleEvent(type: EventType, timestampNs: number, uuid: string, data: EventData = null): EventLine {
  return { event_type: type, timestamp_ns: timestampNs, sample_uuid: uuid, conversation_id: "", turn: null, data };
}

/** A sample.complete: `finish_reason` only when the response gave one, `worker_id` always (upstream's worker stamps every result). */
export function completeEvent(
  timestampNs: number,
  uuid: string,
  data: EventData,
  finishReason: string | null,
  workerId: number,
): EventLine {
  const line = sampleEvent("sample.complete", timestampNs, uuid, data);
  if (finishReason !== null) line.finish_reason = finishReason;
  line.worker_id = workerId;
  return line;
}

/**
 * The prompt is not stored in events.db, so every issued event carries upstream's empty
 * PromptData: what upstream itself writes for a sample whose prompt it cannot read (ISL unavailable).
 */
export const EMPTY_PROMPT_DATA: readonly unknown[] = ["PromptData"];

/**
 * The response as TextModelOutput's `output`: a string when the body was read whole, an array of
 * chunk strings when streamed. events.db keeps the streamed text joined, not per chunk, so a
 * stream is one element holding all of it (upstream: the first chunk, then the rest joined).
 */
export function textOutputData(text: string, streamed: boolean): readonly unknown[] {
  if (streamed) return ["TextModelOutput", text === "" ? [] : [text]];
  return text === "" ? ["TextModelOutput"] : ["TextModelOutput", text];
}

/**
 * A response kept as its parts (client/structured-output) as TextModelOutput(output, reasoning,
 * tool_calls), trailing defaults left out as upstream's encoder leaves them.
 */
export function structuredOutputData(
  parts: { content: string; reasoningContent: string; toolCalls: readonly unknown[] },
  streamed: boolean,
): readonly unknown[] {
  const output = streamed ? (parts.content === "" ? [] : [parts.content]) : parts.content;
  const reasoning = parts.reasoningContent === "" ? null : streamed ? [parts.reasoningContent] : parts.reasoningContent;
  const fields: unknown[] = [output, reasoning, parts.toolCalls.length > 0 ? parts.toolCalls : null];
  const defaults: unknown[] = ["", null, null];
  while (fields.length > 0 && fields[fields.length - 1] === defaults[fields.length - 1]) fields.pop();
  return ["TextModelOutput", ...fields];
}

/** ErrorData(error_type, error_message); an empty message is the default and is left out. */
export function errorData(errorType: string, message: string | null): readonly unknown[] {
  return message ? ["ErrorData", errorType, message] : ["ErrorData", errorType];
}
