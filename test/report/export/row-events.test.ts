import { describe, expect, test } from "bun:test";
import { type ExportRow, rowEvents } from "../../../src/report/export/row-events.ts";

const base: ExportRow = {
  kind: "performance",
  uuid: "u",
  workerId: 3,
  sentNs: 100,
  firstTokenNs: null,
  doneNs: 400,
  chunkGapsNs: null,
  errorKind: null,
  errorMessage: null,
  finishReason: "stop",
  responseText: "4 is the answer",
  streamed: false,
};
const line = (event_type: string, timestamp_ns: number, data: unknown = null) => ({
  event_type,
  timestamp_ns,
  sample_uuid: "u",
  conversation_id: "",
  turn: null,
  data,
});
const issued = line("sample.issued", 100, ["PromptData"]);
const complete = (data: unknown, extra: Record<string, unknown> = { finish_reason: "stop", worker_id: 3 }) => ({
  ...line("sample.complete", 400, data),
  ...extra,
});

describe("report/export/row-events", () => {
  test.each([
    ["a non-streamed success: the output is a string", {}, [issued, complete(["TextModelOutput", "4 is the answer"])]],
    [
      "an empty non-streamed output is TextModelOutput's default, left out",
      { responseText: "" },
      [issued, complete(["TextModelOutput"])],
    ],
    [
      "a streamed success: recv_first, then the output as one chunk array",
      { firstTokenNs: 150, streamed: true },
      [issued, line("sample.recv_first", 150), complete(["TextModelOutput", ["4 is the answer"]])],
    ],
    [
      "a stream with no content: an empty chunk array",
      { streamed: true, responseText: "" },
      [issued, complete(["TextModelOutput", []])],
    ],
    ["text not kept: data null", { responseText: null }, [issued, complete(null)]],
    [
      "a failure: ErrorData before a complete without output",
      { errorKind: "http_5xx", errorMessage: "HTTP 500: boom", finishReason: null },
      [
        issued,
        line("error.generic", 400, ["ErrorData", "http_5xx", "HTTP 500: boom"]),
        complete(null, { worker_id: 3 }),
      ],
    ],
    [
      "a failure without a message leaves the message out",
      { errorKind: "timeout", errorMessage: null, finishReason: null },
      [issued, line("error.generic", 400, ["ErrorData", "timeout"]), complete(null, { worker_id: 3 })],
    ],
    [
      "a warmup success has no complete",
      { kind: "warmup", firstTokenNs: 150 },
      [issued, line("sample.recv_first", 150)],
    ],
    [
      "a warmup failure keeps its error",
      { kind: "warmup", errorKind: "reset", errorMessage: "closed" },
      [issued, line("error.generic", 400, ["ErrorData", "reset", "closed"])],
    ],
    [
      "a lost worker's request has no issued event (no send time)",
      { sentNs: null, errorKind: "worker_lost", errorMessage: "gone", finishReason: null },
      [line("error.generic", 400, ["ErrorData", "worker_lost", "gone"]), complete(null, { worker_id: 3 })],
    ],
  ] as [string, Partial<ExportRow>, unknown[]][])("%s", (_name, change, expected) => {
    expect(rowEvents({ ...base, ...change }, false)).toEqual(expected as never);
  });

  test("with every chunk exported, one recv_non_first per later chunk at the first token plus the gaps so far", () => {
    const row = { ...base, firstTokenNs: 150, chunkGapsNs: Float64Array.from([10, 0, 25]), streamed: true };
    expect(rowEvents(row, true).map((e) => [e.event_type, e.timestamp_ns])).toEqual([
      ["sample.issued", 100],
      ["sample.recv_first", 150],
      ["sample.recv_non_first", 160],
      ["sample.recv_non_first", 160],
      ["sample.recv_non_first", 185],
      ["sample.complete", 400],
    ]);
    expect(rowEvents(row, false).map((e) => e.event_type)).toEqual([
      "sample.issued",
      "sample.recv_first",
      "sample.complete",
    ]);
  });

  test("keys are in upstream's EventRecord order, finish_reason and worker_id last", () => {
    const events = rowEvents({ ...base, firstTokenNs: 150, streamed: true }, false);
    expect(events.map((e) => Object.keys(e))).toEqual([
      ["event_type", "timestamp_ns", "sample_uuid", "conversation_id", "turn", "data"],
      ["event_type", "timestamp_ns", "sample_uuid", "conversation_id", "turn", "data"],
      ["event_type", "timestamp_ns", "sample_uuid", "conversation_id", "turn", "data", "finish_reason", "worker_id"],
    ]);
  });
});
