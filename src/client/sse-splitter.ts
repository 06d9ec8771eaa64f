/**
 * @module client/sse-splitter — incremental Server-Sent Events framing.
 *
 * Bytes may be split anywhere (inside a line, inside a multi-byte UTF-8 character): one
 * streaming TextDecoder per response turns them into text, carrying an incomplete character
 * over to the next read, and lines are cut in that text on LF (a trailing CR is dropped, per the
 * SSE spec). Each event (ended by a blank line) yields the payload of its `data:` lines.
 * Comments (`:`), `event:`, `id:` and `retry:` lines are ignored: OpenAI-compatible servers put
 * everything in `data:`. Decoding a whole read at once, rather than line by line, is what keeps
 * a 32-chunk stream cheap.
 */
const DATA_PREFIX = "data:";
const LF = "\n";
const CR = 13;
const SPACE = 32;

export class SseSplitter {
  private readonly decoder = new TextDecoder();
  /** Text after the last LF seen: an incomplete line. */
  private pending = "";
  /** The `data:` payload of the event in progress (lines joined by LF); null when it has none yet. */
  private data: string | null = null;

  /** Feeds bytes; returns the data payloads of every event completed by them, in order. */
  push(bytes: Uint8Array): string[] {
    const events: string[] = [];
    const decoded = this.decoder.decode(bytes, { stream: true });
    const text = this.pending.length > 0 ? this.pending + decoded : decoded;
    let lineStart = 0;
    for (let lf = text.indexOf(LF); lf !== -1; lf = text.indexOf(LF, lineStart)) {
      const lineEnd = lf > lineStart && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
      this.takeLine(text, lineStart, lineEnd, events);
      lineStart = lf + 1;
    }
    this.pending = lineStart < text.length ? text.slice(lineStart) : "";
    return events;
  }

  /** End of stream: a final event without its blank line still counts. */
  finish(): string[] {
    const events: string[] = [];
    const last = this.pending + this.decoder.decode();
    this.pending = "";
    if (last.length > 0) this.takeLine(last, 0, last.endsWith("\r") ? last.length - 1 : last.length, events);
    if (this.data !== null) this.takeLine("", 0, 0, events);
    return events;
  }

  /** One line, text[start, end) without its line ending: a blank line ends the event, a `data:` line adds to it. */
  private takeLine(text: string, start: number, end: number, events: string[]): void {
    if (start === end) {
      if (this.data !== null) {
        events.push(this.data);
        this.data = null;
      }
      return;
    }
    if (!text.startsWith(DATA_PREFIX, start)) return;
    const valueStart = text.charCodeAt(start + DATA_PREFIX.length) === SPACE ? start + DATA_PREFIX.length + 1 : start + DATA_PREFIX.length;
    const value = text.slice(valueStart, end);
    this.data = this.data === null ? value : `${this.data}\n${value}`;
  }
}
