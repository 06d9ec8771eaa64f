/**
 * @module client/sse-splitter — incremental Server-Sent Events framing at the byte level.
 *
 * Bytes may be split anywhere (inside a line, inside a multi-byte UTF-8 character). We cut
 * complete lines on LF (a trailing CR is dropped, per the SSE spec), decode only `data:` lines,
 * and emit one payload per event (blank line). Comments (`:`), `event:`, `id:` and `retry:`
 * lines are ignored: OpenAI-compatible servers put everything in `data:`.
 */
const LF = 10;
const CR = 13;
const DATA_PREFIX = [100, 97, 116, 97, 58]; // "data:"

const decoder = new TextDecoder();

function startsWithData(line: Uint8Array): boolean {
  if (line.length < DATA_PREFIX.length) return false;
  for (let i = 0; i < DATA_PREFIX.length; i++) if (line[i] !== DATA_PREFIX[i]) return false;
  return true;
}

export class SseSplitter {
  private pending: Uint8Array | null = null;
  private dataLines: string[] = [];

  /** Feeds bytes; returns the data payloads of every event completed by them, in order. */
  push(bytes: Uint8Array): string[] {
    const events: string[] = [];
    let chunk = bytes;
    if (this.pending) {
      const joined = new Uint8Array(this.pending.length + bytes.length);
      joined.set(this.pending);
      joined.set(bytes, this.pending.length);
      chunk = joined;
      this.pending = null;
    }
    let lineStart = 0;
    for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lineStart)) {
      const lineEnd = lf > lineStart && chunk[lf - 1] === CR ? lf - 1 : lf;
      this.takeLine(chunk.subarray(lineStart, lineEnd), events);
      lineStart = lf + 1;
    }
    if (lineStart < chunk.length) this.pending = chunk.slice(lineStart);
    return events;
  }

  /** End of stream: a final event without its blank line still counts. */
  finish(): string[] {
    const events: string[] = [];
    if (this.pending) {
      const last = this.pending;
      this.pending = null;
      this.takeLine(last[last.length - 1] === CR ? last.subarray(0, last.length - 1) : last, events);
    }
    if (this.dataLines.length > 0) this.takeLine(new Uint8Array(0), events);
    return events;
  }

  private takeLine(line: Uint8Array, events: string[]): void {
    if (line.length === 0) {
      if (this.dataLines.length > 0) {
        events.push(this.dataLines.length === 1 ? (this.dataLines[0] as string) : this.dataLines.join("\n"));
        this.dataLines = [];
      }
      return;
    }
    if (!startsWithData(line)) return;
    const valueStart = line[DATA_PREFIX.length] === 32 ? DATA_PREFIX.length + 1 : DATA_PREFIX.length;
    this.dataLines.push(decoder.decode(line.subarray(valueStart)));
  }
}
