/**
 * @module report/export/events-jsonl — events.jsonl, upstream's event log, rebuilt from events.db.
 *
 * One JSON object per line (report/export/event-record), in time order (report/export/event-merge):
 * `session.started` at T0, `session.start_performance_tracking` / `stop_performance_tracking`
 * at the performance phase's start and end, every request's events (report/export/row-events),
 * and `session.ended` at the last phase's end once the run finished (a killed run has none, as
 * upstream's file would not). Only the last attempt of a retried request is written: it is the
 * one the summary counts, so upstream's readers rebuild the same numbers. Rows stream in send
 * order; memory stays at the requests in flight. docs/exports.md lists what differs from upstream.
 */
import { parseExactJson } from "../../config/exact-json.ts";
import { garbagePacer } from "../../record/garbage-pacer.ts";
import { openEventsDbReadonly, readPhases, readRunMeta } from "../../metrics/read-phase.ts";
import { noteBit } from "../../record/stream-notes.ts";
import { CONVERSATIONS_META_KEY, parseStoredTrajectories, trajectoryOf } from "../../record/read-conversations.ts";
import { EVENT_RANK, EventMerge } from "./event-merge.ts";
import { type EventLine, sessionEvent } from "./event-record.ts";
import { LineWriter } from "./line-writer.ts";
import { rowEvents } from "./row-events.ts";
import { sampleUuids } from "./sample-uuid.ts";
import type { Database } from "bun:sqlite";

export const EVENTS_JSONL_FILE = "events.jsonl";

const JSON_FOR_STREAMING = noteBit("json_for_streaming_request");
const SSE_FOR_NON_STREAMING = noteBit("sse_for_non_streaming_request");

interface Row {
  phase: string;
  planIndex: number;
  sampleIndex: number;
  attempt: number;
  worker: number;
  sentNs: number | null;
  firstTokenNs: number | null;
  doneNs: number;
  gaps: Uint8Array | null;
  errorKind: string | null;
  errorMessage: string | null;
  finishReason: string | null;
  text: string | null;
  notes: number;
}

/** The two config facts the export needs, from the run's stored (redacted) config. */
function exportSettings(configJson: string | undefined): { allChunks: boolean; streaming: boolean } {
  const config = parseExactJson(configJson ?? "null") as {
    model_params?: { streaming?: string };
    settings?: { client?: { stream_all_chunks?: boolean } };
  } | null;
  return {
    allChunks: config?.settings?.client?.stream_all_chunks === true,
    streaming: config?.model_params?.streaming === "on",
  };
}

/** Retried plan entries (phase + plan index) → their last attempt; empty when nothing was retried. */
function lastAttempts(db: Database, withAttempts: boolean): Map<string, number> {
  if (!withAttempts) return new Map();
  const rows = db
    .query(
      "SELECT phase, plan_index AS p, MAX(attempt) AS a FROM requests WHERE attempt > 0 GROUP BY phase, plan_index",
    )
    .all() as { phase: string; p: number; a: number }[];
  return new Map(rows.map((r) => [`${r.phase}\0${r.p}`, r.a]));
}

function asFloat64(bytes: Uint8Array): Float64Array {
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  return new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 3);
}

/** Writes events.jsonl to `outPath` from the events.db at `dbPath`; returns the number of lines. */
export function writeEventsJsonl(dbPath: string, outPath: string): number {
  const db = openEventsDbReadonly(dbPath);
  const out = new LineWriter(outPath);
  let lines = 0;
  const emit = (event: EventLine) => {
    out.write(`${JSON.stringify(event)}\n`);
    lines++;
  };
  try {
    const meta = readRunMeta(db);
    const phases = readPhases(db);
    const { allChunks, streaming } = exportSettings(meta.config);
    const uuidOf = sampleUuids(meta.t0_epoch_ms ?? "");
    const kindOf = new Map(phases.map((p) => [p.name, p.kind]));
    const columns = new Set((db.query("PRAGMA table_info(requests)").all() as { name: string }[]).map((c) => c.name));
    const last = lastAttempts(db, columns.has("attempt"));

    const merge = new EventMerge();
    merge.add([sessionEvent("session.started", 0)], EVENT_RANK.started);
    const perf = phases.find((p) => p.kind === "performance");
    if (perf?.start_ns != null)
      merge.add([sessionEvent("session.start_performance_tracking", perf.start_ns)], EVENT_RANK.startTracking);
    if (perf?.end_ns != null)
      merge.add([sessionEvent("session.stop_performance_tracking", perf.end_ns)], EVENT_RANK.stopTracking);

    const trajectories = parseStoredTrajectories(meta[CONVERSATIONS_META_KEY]);
    const conversationOf = (row: Row) => {
      if (!trajectories || kindOf.get(row.phase) !== "performance") return undefined;
      return {
        id: trajectories.ids[trajectoryOf(trajectories.starts, row.planIndex)] ?? "",
        turn: trajectories.turns[row.sampleIndex] ?? 0,
      };
    };
    const query =
      db.query(`SELECT phase, plan_index AS planIndex, sample_index AS sampleIndex, ${columns.has("attempt") ? "attempt" : "0 AS attempt"}, worker,
      sent_ns AS sentNs, first_token_ns AS firstTokenNs, done_ns AS doneNs, ${allChunks ? "chunk_gaps_ns" : "NULL"} AS gaps,
      error_kind AS errorKind, error_message AS errorMessage, finish_reason AS finishReason, response_text AS text,
      ${columns.has("stream_notes") ? "stream_notes" : "0"} AS notes
      FROM requests ORDER BY COALESCE(sent_ns, done_ns), id`);
    const pace = garbagePacer();
    for (const row of query.iterate() as IterableIterator<Row>) {
      pace();
      if (last.size > 0 && row.attempt < (last.get(`${row.phase}\0${row.planIndex}`) ?? 0)) continue;
      merge.flushBefore(row.sentNs ?? row.doneNs, emit);
      const readAsStream = streaming
        ? (row.notes & JSON_FOR_STREAMING) === 0
        : (row.notes & SSE_FOR_NON_STREAMING) !== 0;
      merge.add(
        rowEvents(
          {
            kind: kindOf.get(row.phase) ?? "performance",
            uuid: uuidOf(row.phase, row.planIndex),
            workerId: row.worker,
            sentNs: row.sentNs,
            firstTokenNs: row.firstTokenNs,
            doneNs: row.doneNs,
            chunkGapsNs: row.gaps ? asFloat64(row.gaps) : null,
            errorKind: row.errorKind,
            errorMessage: row.errorMessage,
            finishReason: row.finishReason,
            responseText: row.text,
            streamed: row.firstTokenNs !== null || readAsStream,
            conversation: conversationOf(row),
            structured: trajectories?.structured === true && kindOf.get(row.phase) === "performance",
          },
          allChunks,
        ),
      );
    }
    merge.flushAll(emit);
    const ends = phases.map((p) => p.end_ns).filter((ns): ns is number => ns !== null);
    if (meta.state !== undefined && meta.state !== "running" && ends.length > 0)
      emit(sessionEvent("session.ended", Math.max(...ends)));
  } finally {
    out.close();
    db.close();
  }
  return lines;
}
