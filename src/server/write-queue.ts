/**
 * @module server/write-queue — bytes bound for one socket, kept in order across partial writes.
 *
 * Bun's `socket.write` returns how many bytes the kernel took; the rest must be written again
 * from the `drain` callback. Until the target socket exists (an upstream still connecting) every
 * write is queued. `write` and `flush` report whether the queue is empty afterwards, so the
 * caller can pause the producing socket while the consumer is slow. Bytes that must wait are
 * copied: the caller's buffer (a socket's `data` argument) is not ours to keep.
 */

/** The part of a Bun socket the queue writes to. */
interface WritableSocket {
  write(data: Uint8Array): number;
}

export class WriteQueue {
  #chunks: Uint8Array[] = [];
  #target: WritableSocket | null = null;

  /** Starts writing to `target`, beginning with whatever was queued. */
  attach(target: WritableSocket): boolean {
    this.#target = target;
    return this.flush();
  }

  get empty(): boolean {
    return this.#chunks.length === 0;
  }

  /** Writes `bytes` after anything queued, queueing what the socket does not take; true when all went out. */
  write(bytes: Uint8Array): boolean {
    if (bytes.byteLength === 0) return this.flush();
    if (this.#target === null || this.#chunks.length > 0) {
      this.#chunks.push(bytes.slice());
      return this.flush();
    }
    const written = this.#target.write(bytes);
    if (written >= 0 && written < bytes.byteLength) this.#chunks.push(bytes.slice(written));
    return this.empty;
  }

  /** Writes queued bytes until the socket takes less than offered (call again on drain). */
  flush(): boolean {
    const target = this.#target;
    if (target === null) return this.empty;
    while (this.#chunks.length > 0) {
      const chunk = this.#chunks[0] as Uint8Array;
      const written = target.write(chunk);
      if (written >= chunk.byteLength) {
        this.#chunks.shift();
        continue;
      }
      // A closed socket reports -1: nothing more will go out, so drop what is left.
      if (written < 0) this.#chunks = [];
      else this.#chunks[0] = chunk.subarray(written);
      return this.empty;
    }
    return true;
  }
}
