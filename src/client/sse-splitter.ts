/**
 * @module client/sse-splitter — incremental Server-Sent Events framing.
 *
 * Bytes may be split anywhere (inside a line, inside a multi-byte UTF-8 character): one
 * streaming TextDecoder per response turns them into text, carrying an incomplete character
 * over to the next read. Lines end in LF, CRLF or a lone CR, as the SSE specification allows:
 * a read holding a CR has its line ends turned into LF first (a CR that ends a read may be the
 * first half of a CRLF split across reads, so an LF opening the next read is then dropped), and
 * lines are cut on LF. Each event (ended by a blank line) yields the payload of its `data:`
 * lines, with the name its `event:` line gave (OpenAI-compatible servers put everything in
 * `data:`; Anthropic-style streams name errors `event: error`, and older llama.cpp servers
 * write them as an `error:` field, which counts as the data of an event named `error`).
 * Comments (`:`), `id:` and `retry:` lines are ignored. Any other line is ignored too, as the
 * specification says, but the first is kept (`strayLine`): a server that writes its JSON chunks
 * without `data:` leaves a stream of no events, and the record should say why. Decoding a whole read
 * at once, rather than line by line, is what keeps a 32-chunk
 * stream cheap. Events go to an `EventSink` as they complete, in order; a sink that can
 * recognise a whole common event in the raw text (`takeWholeEvent`) is offered each event
 * boundary first, which skips cutting that event into lines.
 */
const DATA_PREFIX = "data:";
const EVENT_PREFIX = "event:";
/** Older llama.cpp servers write errors as an `error:` field, not as data. */
const ERROR_PREFIX = "error:";
/** Fields the specification defines that carry nothing for us. */
const IGNORED_FIELD = /^(?:id|retry)(?::|$)/;
/** Characters of a stray line kept for the error message. */
const STRAY_LINE_CHARS = 120;
const LF = "\n";
const LF_CODE = 10;
const CR = 13;
const SPACE = 32;
const COLON = 58;
const CR_LINE_ENDS = /\r\n?/g;
const STREAM = { stream: true };

export interface EventSink {
  /** One event's data payload (its `data:` lines joined by LF) and its `event:` name (undefined when it had none). */
  event(data: string, name?: string): void;
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
  /** The `event:` name of the event in progress. */
  private name: string | undefined = undefined;
  /** The last read ended in CR: an LF at the start of the next one completes that CRLF. */
  private afterCr = false;
  /** The first line that is neither a field we know nor a comment (its first characters); null while there is none. */
  strayLine: string | null = null;

  /** Feeds bytes; every event they complete goes to `sink`, in order. */
  push(bytes: Uint8Array, sink: EventSink): void {
    let decoded = this.decoder.decode(bytes, STREAM);
    // The bytes are scanned, not the text: a fresh string's first scan costs twice as much.
    if (this.afterCr || bytes.indexOf(CR) !== -1) decoded = this.toLf(decoded);
    const text = this.pending.length > 0 ? this.pending + decoded : decoded;
    let lineStart = 0;
    for (;;) {
      if (this.data === null && this.name === undefined && sink.takeWholeEvent) {
        const next = sink.takeWholeEvent(text, lineStart);
        if (next > 0) {
          lineStart = next;
          continue;
        }
      }
      const lf = text.indexOf(LF, lineStart);
      if (lf === -1) break;
      this.takeLine(text, lineStart, lf, sink);
      lineStart = lf + 1;
    }
    this.pending = lineStart < text.length ? text.slice(lineStart) : "";
  }

  /** End of stream: a final event without its blank line still counts. */
  finish(sink: EventSink): void {
    const last = this.pending + this.toLf(this.decoder.decode());
    this.pending = "";
    if (last.length > 0) this.takeLine(last, 0, last.length, sink);
    if (this.data !== null) this.takeLine("", 0, 0, sink);
  }

  /** `text` with CRLF and lone CR turned into LF, minding a CRLF split across reads. */
  private toLf(text: string): string {
    const rest = this.afterCr && text.charCodeAt(0) === LF_CODE ? text.slice(1) : text;
    this.afterCr = rest.length > 0 && rest.charCodeAt(rest.length - 1) === CR;
    return rest.indexOf("\r") === -1 ? rest : rest.replace(CR_LINE_ENDS, LF);
  }

  /** One line, text[start, end) without its line ending: a blank line ends the event, a `data:` line adds to it. */
  private takeLine(text: string, start: number, end: number, sink: EventSink): void {
    if (start === end) {
      const { data, name } = this;
      this.name = undefined;
      if (data !== null) {
        this.data = null;
        sink.event(data, name);
      }
      return;
    }
    if (text.startsWith(DATA_PREFIX, start)) {
      const value = text.slice(valueStart(text, start + DATA_PREFIX.length), end);
      this.data = this.data === null ? value : `${this.data}\n${value}`;
    } else if (text.startsWith(EVENT_PREFIX, start)) {
      this.name = text.slice(valueStart(text, start + EVENT_PREFIX.length), end);
    } else if (text.startsWith(ERROR_PREFIX, start)) {
      this.name = "error";
      this.data = text.slice(valueStart(text, start + ERROR_PREFIX.length), end);
    } else if (this.strayLine === null && text.charCodeAt(start) !== COLON) {
      const line = text.slice(start, Math.min(end, start + STRAY_LINE_CHARS));
      if (!IGNORED_FIELD.test(line)) this.strayLine = line;
    }
  }
}

/** Where a field's value starts: after the colon, and after one space if there is one. */
function valueStart(text: string, afterColon: number): number {
  return text.charCodeAt(afterColon) === SPACE ? afterColon + 1 : afterColon;
}
