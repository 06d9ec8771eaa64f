/** @module test/metrics/conversation-window.test — the measured window of a conversation run ends as upstream's does; per-conversation figures. */
import { describe, expect, test } from "bun:test";
import { conversationMetrics, type TurnRow } from "../../src/metrics/conversation-metrics.ts";
import { conversationWindow } from "../../src/metrics/conversation-window.ts";

const MS = 1e6;
/** A turn scheduled at s ms, sent at sent ms, done at d ms (times in ms for readability). */
const turn = (planIndex: number, s: number, d: number, extra: Partial<TurnRow> = {}): TurnRow => ({
  planIndex,
  scheduledNs: s * MS,
  sentNs: s * MS,
  firstTokenNs: (s + 1) * MS,
  doneNs: d * MS,
  failed: false,
  ...extra,
});

describe("metrics/conversation-window", () => {
  test.each<[string, number[], TurnRow[], number | null, number[]]>([
    // Budget 2, concurrency 2: both start at 0, the first end (a at 10) stops tracking; b's turn sent at 12 is not measured.
    [
      "budget = slots: the first end stops tracking",
      [0, 1, 3],
      [turn(0, 0, 10), turn(1, 0, 5), turn(2, 12, 20)],
      10,
      [2],
    ],
    // Budget 3, concurrency 2: a ends at 10 and starts c at 10; b ends at 15 → stop; c's turn sent at 16 is not measured.
    [
      "the end that starts the last trajectory does not count",
      [0, 1, 2, 4],
      [turn(0, 0, 10), turn(1, 0, 15), turn(2, 10, 14), turn(3, 16, 30)],
      15,
      [3],
    ],
    // A turn sent before the stop stays measured even though it ends after it.
    ["a turn sent before the stop stays measured", [0, 1, 3], [turn(0, 0, 10), turn(1, 0, 4), turn(2, 8, 40)], 10, []],
    ["one trajectory: its own end stops, nothing after", [0, 2], [turn(0, 0, 5), turn(1, 6, 9)], 9, []],
    [
      "aborted turns are placed at their abort instant",
      [0, 2, 3],
      [turn(0, 0, 5), turn(1, 5, 5, { sentNs: Number.NaN, failed: true }), turn(2, 0, 20)],
      5,
      [],
    ],
  ])("%s", (_name, starts, rows, stopMs, untracked) => {
    const window = conversationWindow(starts, rows);
    expect(window.stopNs).toBe(stopMs === null ? null : stopMs * MS);
    expect([...window.untracked].sort()).toEqual(untracked);
  });

  test("counts conversations by how they ended, latency without think time, TTFT by turn index", () => {
    const starts = Uint32Array.from([0, 2, 4, 6]);
    const rows = [
      turn(0, 0, 10),
      turn(1, 110, 115), // 100 ms think time between the turns
      turn(2, 0, 20),
      turn(3, 20, 20, { sentNs: Number.NaN, failed: true, firstTokenNs: null }),
      turn(4, 0, 30), // its second turn was never sent: the run stopped
    ];
    const m = conversationMetrics(starts, rows);
    expect([m.conversations, m.completed, m.failed, m.unfinished]).toEqual([3, 1, 1, 1]);
    expect(m.conversation_latency_ms).toMatchObject({ min: 15, max: 30 });
    expect(m.conversation_duration_ms).toMatchObject({ max: 115 });
    expect(m.turns_per_conversation).toMatchObject({ min: 1, max: 2 });
    expect(m.by_turn).toEqual([
      { turn: 1, count: 3, ttft_p50_ms: 1, ttft_p90_ms: 1, ttft_p99_ms: 1, latency_p50_ms: 20 },
      { turn: 2, count: 1, ttft_p50_ms: 1, ttft_p90_ms: 1, ttft_p99_ms: 1, latency_p50_ms: 5 },
    ]);
  });

  test("a trajectory never started is not counted", () => {
    expect(conversationMetrics(Uint32Array.from([0, 1, 2]), [turn(0, 0, 1)]).conversations).toBe(1);
  });
});
