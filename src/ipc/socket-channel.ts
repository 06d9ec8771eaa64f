/**
 * @module ipc/socket-channel — a framed, typed duplex channel over one connected unix socket.
 *
 * Writes are queued and flushed on `drain` so a burst of frames never loses bytes to a short
 * write. Used by both sides: main (accepted sockets) and workers (connected socket).
 */
import type { Socket } from "bun";
import { encodeFrame, FrameDecoder } from "./frame-codec.ts";

export class SocketChannel {
  private readonly decoder = new FrameDecoder();
  private queue: Uint8Array[] = [];
  private closed = false;

  constructor(
    private readonly socket: Socket<unknown>,
    private readonly onMessage: (message: unknown) => void,
  ) {}

  send(message: unknown): void {
    if (this.closed) return;
    const frame = encodeFrame(message);
    if (this.queue.length > 0) {
      this.queue.push(frame);
      return;
    }
    const written = this.socket.write(frame);
    if (written < frame.length) this.queue.push(frame.subarray(Math.max(written, 0)));
  }

  /** Call from the socket's `drain` handler. */
  flush(): void {
    while (this.queue.length > 0) {
      const head = this.queue[0] as Uint8Array;
      const written = this.socket.write(head);
      if (written < head.length) {
        this.queue[0] = head.subarray(Math.max(written, 0));
        return;
      }
      this.queue.shift();
    }
  }

  /** Call from the socket's `data` handler. */
  receive(bytes: Uint8Array): void {
    for (const message of this.decoder.push(bytes)) this.onMessage(message);
  }

  get pendingBytes(): number {
    return this.queue.reduce((sum, frame) => sum + frame.length, 0);
  }

  /** Ends the socket once every queued frame has been handed to the kernel. */
  close(onClosed?: () => void): void {
    this.closed = true;
    const finish = () => {
      if (this.queue.length > 0) return void setTimeout(finish, 1);
      this.socket.end();
      onClosed?.();
    };
    finish();
  }
}
