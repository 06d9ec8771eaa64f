/**
 * @module report/export/line-writer — appends text to a file in large writes, for exports of a million requests.
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** Pieces buffered before one write: enough to make syscalls rare, few enough to keep memory flat. */
const PIECES_PER_WRITE = 10_000;

export class LineWriter {
  private readonly fd: number;
  private readonly pieces: string[] = [];

  constructor(path: string) {
    this.fd = openSync(path, "w");
  }

  write(text: string): void {
    this.pieces.push(text);
    if (this.pieces.length >= PIECES_PER_WRITE) this.flush();
  }

  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }

  private flush(): void {
    if (this.pieces.length > 0) writeSync(this.fd, this.pieces.splice(0).join(""));
  }
}
