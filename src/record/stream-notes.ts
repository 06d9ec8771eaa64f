/**
 * @module record/stream-notes — quirks of a response that did not make it fail but that a reader of the numbers should know.
 *
 * Each is one bit of `requests.stream_notes`; result_summary.json counts the responses that
 * carry each (`stream_notes`), and report.txt lists them with these meanings.
 */
export const STREAM_NOTES = {
  content_after_done: { bit: 1, meaning: "data events after [DONE] (ignored)" },
  body_open_after_done: { bit: 2, meaning: "the body stayed open after [DONE]; the client stopped reading it" },
  sse_without_event_stream_type: {
    bit: 4,
    meaning: "an SSE body labelled as something other than text/event-stream (read as SSE)",
  },
  json_for_streaming_request: { bit: 8, meaning: "a streaming request answered with one JSON body (no TTFT or ITL)" },
  sse_for_non_streaming_request: { bit: 16, meaning: "a non-streaming request answered with SSE (read whole)" },
  hidden_reasoning: {
    bit: 32,
    meaning: "usage counted reasoning tokens the stream never carried: in output tokens, not in ITL or TPOT",
  },
} as const;

export type StreamNote = keyof typeof STREAM_NOTES;

export const STREAM_NOTE_NAMES = Object.keys(STREAM_NOTES) as StreamNote[];

export function noteBit(note: StreamNote): number {
  return STREAM_NOTES[note].bit;
}

/** Responses carrying each note, for the notes that occur; `notes` holds one bitmask per response. */
export function countStreamNotes(notes: ArrayLike<number>): Partial<Record<StreamNote, number>> {
  const counts: Partial<Record<StreamNote, number>> = {};
  for (let i = 0; i < notes.length; i++) {
    const bits = notes[i] as number;
    if (bits === 0) continue;
    for (const name of STREAM_NOTE_NAMES) if (bits & STREAM_NOTES[name].bit) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
