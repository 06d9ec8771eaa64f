/**
 * @module client/read-stream — the body of a streaming request: its events timed as they arrive, and where the response ends.
 *
 * Each body read is stamped the moment it resolves, before its bytes are decoded. The body is
 * read by what it holds, not by its label: a first byte of `{` or `[` means one JSON body (read
 * whole, noted), anything else SSE — whether labelled text/event-stream, text/plain or nothing
 * (noted when not labelled as SSE). The response ends at `[DONE]`: its read's timestamp is
 * doneNs, and what follows in the body is read only so the connection can be reused, for at most
 * client/idle-watch's grace, then cut (noted). Without `[DONE]`, the response ends at its last
 * finish or usage event (doneNs is that event's arrival, not the end of the body). The stall
 * watch cuts a stream silent for --stall-timeout once its first body byte has arrived (before
 * it the server may be queueing the request: client/idle-watch).
 */
import type { RequestRecord } from "../record/request-record.ts";
import { noteBit } from "../record/stream-notes.ts";
import { ByteBudget } from "./body-limit.ts";
import { readWholeBody } from "./read-whole-body.ts";
import type { RequestSettings } from "./request-settings.ts";
import { SseSplitter } from "./sse-splitter.ts";
import { StreamAccumulator } from "./stream-accumulator.ts";
import { applyStreamTiming } from "./stream-record.ts";
import { BodyTail, StreamStallWatch } from "./idle-watch.ts";

const SSE_UNLABELLED = noteBit("sse_without_event_stream_type");
const JSON_FOR_STREAMING = noteBit("json_for_streaming_request");
const BODY_OPEN_AFTER_DONE = noteBit("body_open_after_done");
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;

/** Whether a content token arrived, for the retry policy (set even when reading fails midway). */
export interface StreamProgress {
  tokenSeen: boolean;
}

/** What is used of a body's reader. */
interface Reader {
  read(): Promise<{ done: true; value?: Uint8Array } | { done: false; value: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}

export async function readStreamedBody(
  body: ReadableStream<Uint8Array>,
  contentType: string | null,
  record: RequestRecord,
  settings: RequestSettings,
  onStall: () => void,
  progress: StreamProgress,
): Promise<void> {
  const reader = body.getReader();
  const budget = new ByteBudget(settings.maxResponseBytes);
  const labelled = contentType !== null && contentType.toLowerCase().startsWith("text/event-stream");
  let first: FirstRead | null = null;
  if (!labelled) {
    first = await firstRead(reader, settings);
    if (first === null) return readWholeBody("", record, settings.keepResponseText, settings.now());
    budget.take(first.bytes.byteLength);
    if (isJsonStart(first.bytes)) {
      record.streamNotes |= JSON_FOR_STREAMING;
      return readWholeBody(
        await readRest(reader, first.bytes, budget),
        record,
        settings.keepResponseText,
        settings.now(),
      );
    }
    record.streamNotes |= SSE_UNLABELLED;
  }
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(settings.keepResponseText, settings.thinkTags);
  const watch = new StreamStallWatch(settings.stallTimeoutMs * 1e6, settings.now, onStall);
  try {
    if (first !== null) {
      watch.progress(first.arrivalNs);
      accumulator.readNs = first.arrivalNs;
      splitter.push(first.bytes, accumulator);
    }
    await readEvents(reader, splitter, accumulator, record, settings, watch, budget);
  } finally {
    watch.stop();
    progress.tokenSeen = accumulator.hasToken;
  }
  applyStreamTiming(accumulator.result(), record, accumulator.done, true, splitter.strayLine);
}

/**
 * Reads to the end of the body. Until `[DONE]` every read is timed and split; after it, reads
 * are only split — events there are noted and ignored — so that the connection can be reused,
 * for at most the tail's grace, then the body is cut. A reset before `[DONE]` rejects here and
 * sendAttempt classifies it; after `[DONE]` the response was already complete.
 */
async function readEvents(
  reader: Reader,
  splitter: SseSplitter,
  accumulator: StreamAccumulator,
  record: RequestRecord,
  settings: RequestSettings,
  watch: StreamStallWatch,
  budget: ByteBudget,
): Promise<void> {
  let tail = accumulator.done
    ? endOfResponse(reader, record, accumulator, watch, accumulator.readNs, settings.now)
    : null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const arrivalNs = settings.now();
      if (tail !== null) {
        if (done) break;
        splitter.push(value, accumulator);
        continue;
      }
      settings.onProgress?.();
      accumulator.readNs = arrivalNs;
      if (done) {
        splitter.finish(accumulator);
        record.doneNs = accumulator.endNs ?? arrivalNs;
        break;
      }
      if (value.byteLength > 0) watch.progress(arrivalNs);
      budget.take(value.byteLength);
      splitter.push(value, accumulator);
      if (accumulator.done) tail = endOfResponse(reader, record, accumulator, watch, arrivalNs, settings.now);
    }
  } catch (error) {
    if (tail === null) throw error;
  } finally {
    tail?.stop();
  }
  if (tail?.cut) record.streamNotes |= BODY_OPEN_AFTER_DONE;
  record.releasedNs = settings.now();
}

interface FirstRead {
  bytes: Uint8Array;
  arrivalNs: number;
}

/** `[DONE]` has arrived in the read at `arrivalNs`: the response ends there, and what follows is its tail. */
function endOfResponse(
  reader: Reader,
  record: RequestRecord,
  accumulator: StreamAccumulator,
  watch: StreamStallWatch,
  arrivalNs: number,
  now: () => number,
): BodyTail {
  record.doneNs = accumulator.endNs ?? arrivalNs;
  watch.stop();
  return new BodyTail(reader, now);
}

/** The first read of the body with more than whitespace in it, or null when it has none (leading blank lines mean nothing in SSE or JSON). */
async function firstRead(reader: Reader, settings: RequestSettings): Promise<FirstRead | null> {
  for (;;) {
    const { done, value } = await reader.read();
    const arrivalNs = settings.now();
    settings.onProgress?.();
    if (done) return null;
    if (!isAllWhitespace(value)) return { bytes: value, arrivalNs };
  }
}

function isAllWhitespace(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b !== 32 && b !== 10 && b !== 13 && b !== 9) return false;
  return true;
}

function isJsonStart(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b === 32 || b === 10 || b === 13 || b === 9) continue;
    return b === OPEN_BRACE || b === OPEN_BRACKET;
  }
  return false;
}

async function readRest(reader: Reader, first: Uint8Array, budget: ByteBudget): Promise<string> {
  const decoder = new TextDecoder();
  let text = decoder.decode(first, { stream: true });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    budget.take(value.byteLength);
    text += decoder.decode(value, { stream: true });
  }
}
