/**
 * @module report/export/row-events — the events.jsonl lines of one request row, as upstream's session would have published them.
 *
 * Upstream (mlcommons/endpoints' BenchmarkSession): `sample.issued` when the sample is handed
 * to the client, `sample.recv_first` at the first streamed chunk (and `sample.recv_non_first`
 * at every later one only with `stream_all_chunks`), then for a failure `error.generic` just
 * before the `sample.complete`. A warmup sample gets no complete (upstream drops warmup
 * completions), but its issued, first-chunk and error events are written. Our timestamps
 * map one to one: issued = sent_ns (the base of our TTFT and latency), recv_first =
 * first_token_ns, error and complete = done_ns.
 */
import { parseStructuredOutput } from "../../client/structured-output.ts";
import {
  completeEvent,
  EMPTY_PROMPT_DATA,
  errorData,
  type EventLine,
  sampleEvent,
  structuredOutputData,
  textOutputData,
} from "./event-record.ts";

/** One request as the export reads it from events.db. */
export interface ExportRow {
  /** The phase's kind: "warmup", "performance" or "accuracy". */
  kind: string;
  uuid: string;
  workerId: number;
  /** Null when the request's worker died before saying when it sent it (worker_lost). */
  sentNs: number | null;
  firstTokenNs: number | null;
  doneNs: number;
  /** Gaps before each later chunk (streaming); read only when every chunk is exported. */
  chunkGapsNs: Float64Array | null;
  errorKind: string | null;
  errorMessage: string | null;
  finishReason: string | null;
  /** Null when the run did not keep the text (no tokenizer and not an accuracy phase). */
  responseText: string | null;
  /** The response was read as a stream (its output is an array of chunks). */
  streamed: boolean;
  /** A conversation run's turn: its logical conversation id and turn number. */
  conversation?: { id: string; turn: number };
  /** The text is the response's parts as JSON (client/structured-output). */
  structured?: boolean;
}

function outputData(row: ExportRow): readonly unknown[] | null {
  if (row.errorKind !== null || row.responseText === null) return null;
  const parts = row.structured ? parseStructuredOutput(row.responseText) : null;
  return parts ? structuredOutputData(parts, row.streamed) : textOutputData(row.responseText, row.streamed);
}

/** The row's events in time order; `allChunks`: also one recv_non_first per later chunk (upstream's `stream_all_chunks`). */
export function rowEvents(row: ExportRow, allChunks: boolean): EventLine[] {
  const events: EventLine[] = [];
  // As upstream, a turn ended by its conversation's earlier failure is issued (never sent) when it is aborted.
  const issuedNs = row.sentNs ?? (row.errorKind === "conversation_aborted" ? row.doneNs : null);
  if (issuedNs !== null) events.push(sampleEvent("sample.issued", issuedNs, row.uuid, EMPTY_PROMPT_DATA));
  if (row.firstTokenNs !== null) {
    events.push(sampleEvent("sample.recv_first", row.firstTokenNs, row.uuid));
    if (allChunks && row.chunkGapsNs !== null) {
      let atNs = row.firstTokenNs;
      for (const gapNs of row.chunkGapsNs) {
        atNs += gapNs;
        events.push(sampleEvent("sample.recv_non_first", Math.round(atNs), row.uuid));
      }
    }
  }
  if (row.errorKind !== null)
    events.push(sampleEvent("error.generic", row.doneNs, row.uuid, errorData(row.errorKind, row.errorMessage)));
  // Upstream's failed result has no output (data null); so does a success whose text was not kept.
  if (row.kind !== "warmup")
    events.push(completeEvent(row.doneNs, row.uuid, outputData(row), row.finishReason, row.workerId));
  const { conversation } = row;
  if (conversation) {
    for (const event of events) {
      event.conversation_id = conversation.id;
      event.turn = conversation.turn;
    }
  }
  return events;
}
