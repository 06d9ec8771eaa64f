import { describe, expect, test } from "bun:test";
import { EVENT_RANK, EventMerge } from "../../../src/report/export/event-merge.ts";
import { type EventLine, sampleEvent, sessionEvent } from "../../../src/report/export/event-record.ts";

const at = (uuid: string, ...times: number[]): EventLine[] => times.map((t) => sampleEvent("sample.issued", t, uuid));
const label = (e: EventLine) => `${e.sample_uuid || e.event_type}@${e.timestamp_ns}`;

describe("report/export/event-merge", () => {
  test("interleaves requests in time order, a request's own events in their order", () => {
    const merge = new EventMerge();
    const out: string[] = [];
    merge.add(at("a", 1, 5, 9));
    merge.add(at("b", 2, 3, 20));
    merge.add(at("c", 4, 4, 6));
    merge.flushAll((e) => out.push(label(e)));
    expect(out).toEqual(["a@1", "b@2", "b@3", "c@4", "c@4", "a@5", "c@6", "a@9", "b@20"]);
  });

  test("flushBefore emits only what is earlier than the next send: a later row can still come in between", () => {
    const merge = new EventMerge();
    const out: string[] = [];
    merge.add(at("a", 1, 10));
    merge.flushBefore(5, (e) => out.push(label(e)));
    expect(out).toEqual(["a@1"]);
    merge.add(at("b", 5, 7));
    merge.flushAll((e) => out.push(label(e)));
    expect(out).toEqual(["a@1", "b@5", "b@7", "a@10"]);
  });

  test("at one instant: tracking start before the samples, tracking stop after them, then the order added", () => {
    const merge = new EventMerge();
    const out: string[] = [];
    merge.add([sessionEvent("session.stop_performance_tracking", 8)], EVENT_RANK.stopTracking);
    merge.add(at("a", 3, 8));
    merge.add([sessionEvent("session.start_performance_tracking", 3)], EVENT_RANK.startTracking);
    merge.add(at("b", 3));
    merge.flushAll((e) => out.push(label(e)));
    expect(out).toEqual([
      "session.start_performance_tracking@3",
      "a@3",
      "b@3",
      "a@8",
      "session.stop_performance_tracking@8",
    ]);
  });
});
