/**
 * @module client/sse-splitter — incremental Server-Sent Events framing.
 *
 * Bytes may be split anywhere (inside a line, inside a multi-byte UTF-8 character): one
 * streaming TextDecoder per response turns them into text, carrying an incomplete character
 * over to the next read, and lines are cut in that text on LF (a trailing CR is dropped, per the
 * SSE spec). Each event (ended by a blank line) yields the payload of its `data:` lines.
 * Comments (`:`), `event:`, `id:` and `retry:` lines are ignored: OpenAI-compatible servers put
 * everything in `data:`. Decoding a whole read at once, rather than line by line, is what keeps
 * a 32-chunk stream cheap. Events go to an `EventSink` as they complete, in order; a sink that
 * can recognise a whole common event in the raw text (`takeWholeEvent`) is offered each event
 * boundary first, which skips cutting that event into lines.
 */
const DATA_PREFIX = "data:";
const LF = "\n";
const CR = 13;
const SPACE = 32;
const STREAM = { stream: true };

export interface EventSink {
  /** One event's data payload (its `data:` lines joined by LF). */
  event(data: string): void;
  /**
   * Offered at each event boundary: when `text` holds, from `at`, one whole event the sink has
   * taken itself, returns the index just past it (its blank line included); else -1.
   */
  takeWholeEvent?(text: string, at: number): number;
}

export class SseSplitter {
  private readonly decoder = new TextDecoder();
  /** Text after the last LF seen: an incomplete line. */
  private pending = "";
  /** The `data:` payload of the event in progress (lines joined by LF); null when it has none yet. */
  private data: string | null = null;

  /** Feeds bytes; every event they complete goes to `sink`, in order. */
  push(bytes: Uint8Array, sink: EventSink): void {
    const decoded = this.decoder.decode(bytes, STREAM);
    const text = this.pending.length > 0 ? this.pending + decoded : decoded;
    let lineStart = 0;
    for (;;) {
      if (this.data === null && sink.takeWholeEvent) {
        const next = sink.takeWholeEvent(text, lineStart);
        if (next > 0) {
          lineStart = next;
          continue;
        }
      }
      const lf = text.indexOf(LF, lineStart);
      if (lf === -1) break;
      const lineEnd = lf > lineStart && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
      this.takeLine(text, lineStart, lineEnd, sink);
      lineStart = lf + 1;
    }
    this.pending = lineStart < text.length ? text.slice(lineStart) : "";
  }

  /** End of stream: a final event without its blank line still counts. */
  finish(sink: EventSink): void {
    const last = this.pending + this.decoder.decode();
    this.pending = "";
    if (last.length > 0) this.takeLine(last, 0, last.endsWith("\r") ? last.length - 1 : last.length, sink);
    if (this.data !== null) this.takeLine("", 0, 0, sink);
  }

  /** One line, text[start, end) without its line ending: a blank line ends the event, a `data:` line adds to it. */
  private takeLine(text: string, start: number, end: number, sink: EventSink): void {
    if (start === end) {
      if (this.data !== null) {
        const data = this.data;
        this.data = null;
        sink.event(data);
      }
      return;
    }
    if (!text.startsWith(DATA_PREFIX, start)) return;
    const valueStart = text.charCodeAt(start + DATA_PREFIX.length) === SPACE ? start + DATA_PREFIX.length + 1 : start + DATA_PREFIX.length;
    const value = text.slice(valueStart, end);
    this.data = this.data === null ? value : `${this.data}\n${value}`;
  }
}
