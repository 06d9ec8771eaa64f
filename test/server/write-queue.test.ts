/** @module test/server/write-queue.test — ordered writes across partial socket writes, with a scripted socket. */
import { describe, expect, test } from "bun:test";
import { WriteQueue } from "../../src/server/write-queue.ts";

/** A socket that takes at most `takes[i]` bytes on its i-th write (the last value repeats). */
function scriptedSocket(takes: number[]) {
  const received: number[] = [];
  let call = 0;
  return {
    received,
    write(data: Uint8Array): number {
      const take = takes[Math.min(call++, takes.length - 1)] as number;
      if (take < 0) return -1;
      const n = Math.min(take, data.byteLength);
      received.push(...data.subarray(0, n));
      return n;
    },
  };
}

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("server/write-queue", () => {
  test.each([
    ["everything at once", [100], true, [1, 2, 3, 4, 5]],
    ["two bytes, then nothing", [2, 0], false, [1, 2]],
    ["one byte per write", [1], true, [1, 2, 3, 4, 5]],
    ["a closed socket", [-1], true, []],
  ])("%s", (_name, takes, emptyAfterFlushes, expected) => {
    const socket = scriptedSocket(takes);
    const queue = new WriteQueue();
    queue.attach(socket);
    queue.write(bytes(1, 2, 3));
    queue.write(bytes(4, 5));
    for (let i = 0; i < 10 && !queue.empty; i++) queue.flush();
    expect(queue.empty).toBe(emptyAfterFlushes);
    expect(socket.received).toEqual(expected);
  });

  test("queues writes until a socket is attached, and keeps copies, not the caller's buffer", () => {
    const queue = new WriteQueue();
    const buffer = bytes(7, 8, 9);
    expect(queue.write(buffer)).toBe(false);
    buffer.fill(0);
    const socket = scriptedSocket([100]);
    expect(queue.attach(socket)).toBe(true);
    expect(socket.received).toEqual([7, 8, 9]);
  });
});
