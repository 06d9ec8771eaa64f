/**
 * @module report/export/event-merge — merges the event lists of many requests into one stream in time order.
 *
 * Upstream writes events as they happen, so its file is in time order across requests. Ours is
 * rebuilt from rows read in send order: each row's events are already in order, and no later
 * row has an event before its own send time. So a heap of the rows still in flight (one cursor
 * each) gives every event before the next row's send time in final order, and memory stays at
 * the requests in flight, not the run. Ties: the rank (session markers around the samples at
 * one instant), then the order the lists were added.
 */
import type { EventLine } from "./event-record.ts";

/** Tie order at one instant: session start, tracking start, the samples, tracking stop. */
export const EVENT_RANK = { started: 0, startTracking: 1, sample: 2, stopTracking: 3 } as const;

interface Cursor {
  events: readonly EventLine[];
  next: number;
  rank: number;
  seq: number;
}

const timeOf = (c: Cursor): number => (c.events[c.next] as EventLine).timestamp_ns;
const before = (a: Cursor, b: Cursor): boolean =>
  timeOf(a) !== timeOf(b) ? timeOf(a) < timeOf(b) : a.rank !== b.rank ? a.rank < b.rank : a.seq < b.seq;

export class EventMerge {
  private readonly heap: Cursor[] = [];
  private seq = 0;

  /** Adds one request's (or marker's) events, already in time order. */
  add(events: readonly EventLine[], rank: number = EVENT_RANK.sample): void {
    if (events.length === 0) return;
    this.heap.push({ events, next: 0, rank, seq: this.seq++ });
    this.siftUp(this.heap.length - 1);
  }

  /** Hands every event earlier than `ns` to `emit`, oldest first. */
  flushBefore(ns: number, emit: (event: EventLine) => void): void {
    while (this.heap.length > 0 && timeOf(this.heap[0] as Cursor) < ns) this.pop(emit);
  }

  flushAll(emit: (event: EventLine) => void): void {
    while (this.heap.length > 0) this.pop(emit);
  }

  private pop(emit: (event: EventLine) => void): void {
    const top = this.heap[0] as Cursor;
    emit(top.events[top.next++] as EventLine);
    if (top.next === top.events.length) {
      const last = this.heap.pop() as Cursor;
      if (this.heap.length === 0) return;
      this.heap[0] = last;
    }
    this.siftDown(0);
  }

  private siftUp(i: number): void {
    const { heap } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Cursor, heap[parent] as Cursor)) return;
      [heap[i], heap[parent]] = [heap[parent] as Cursor, heap[i] as Cursor];
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const { heap } = this;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && before(heap[left] as Cursor, heap[least] as Cursor)) least = left;
      if (right < heap.length && before(heap[right] as Cursor, heap[least] as Cursor)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least] as Cursor, heap[i] as Cursor];
      i = least;
    }
  }
}
