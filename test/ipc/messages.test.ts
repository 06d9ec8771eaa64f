/** @module test/ipc/messages.test — every frame is checked field by field on arrival, through the real codec. */
import { describe, expect, test } from "bun:test";
import { packBodies } from "../../src/ipc/body-table.ts";
import { encodeFrame, FrameDecoder } from "../../src/ipc/frame-codec.ts";
import { parseToMain, parseToWorker } from "../../src/ipc/messages.ts";
import { RecordBatchBuilder } from "../../src/ipc/record-batch.ts";
import { makeRecord } from "../metrics/make-record.ts";

/** `frame` as the other side receives it: encoded, framed and decoded. */
function received(frame: Record<string, unknown>): Record<string, unknown> {
  return new FrameDecoder().push(encodeFrame(frame))[0] as Record<string, unknown>;
}

const batch = new RecordBatchBuilder();
batch.add(makeRecord());
const TO_WORKER = {
  init: {
    type: "init",
    workerId: 1,
    t0MonoNs: "123",
    endpointUrls: ["http://h/v1/chat/completions"],
    headers: { a: "b" },
    streaming: true,
    requestTimeoutMs: 0,
    stallTimeoutMs: 60_000,
    maxResponseBytes: 1,
    retries: 0,
    maxInFlight: 64,
    bodies: packBodies(["{}"]),
    keepResponseText: false,
    insecure: false,
    recordIds: false,
    thinkTags: false,
    poolingApi: "",
    cpus: [1],
    helperCpus: [0],
  },
  phase: {
    type: "phase",
    phase: "performance",
    planIndex: Uint32Array.of(0),
    sampleIndex: Uint32Array.of(0),
    offsetNs: Float64Array.of(0),
    slotOffsetsNs: new Float64Array(0),
    inFlightCap: 0,
    keepResponseText: false,
  },
  go: { type: "go", phase: "performance", startNs: 5 },
  stop: { type: "stop", phase: "performance", abortInFlight: true },
  shutdown: { type: "shutdown" },
};
const TO_MAIN = {
  hello: { type: "hello", workerId: 0 },
  results: { type: "results", workerId: 0, phase: "performance", records: batch.take() },
  "phase-done": { type: "phase-done", workerId: 0, phase: "performance", sent: 3, unsent: 0 },
  fatal: { type: "fatal", workerId: 0, message: "boom" },
};

describe("ipc/messages", () => {
  test.each(Object.entries(TO_WORKER))("a whole %s frame reaches the worker as sent", (_type, frame) => {
    expect(parseToWorker(received(frame))).toEqual(frame as never);
  });

  test.each(Object.entries(TO_MAIN))("a whole %s frame reaches main as sent", (_type, frame) => {
    expect(parseToMain(received(frame)).type).toBe(frame.type as never);
  });

  test.each(
    [...Object.values(TO_WORKER), ...Object.values(TO_MAIN)].flatMap((frame) =>
      Object.keys(frame)
        .filter((k) => k !== "type")
        .map((field) => [frame.type, field, frame] as const),
    ),
  )("a %s frame without %s is refused, naming the field", (type, field, frame) => {
    const broken: Record<string, unknown> = { ...frame };
    delete broken[field];
    const parse = type in TO_WORKER ? parseToWorker : parseToMain;
    expect(() => parse(received(broken))).toThrow(
      `invalid ${type} frame from ${type in TO_WORKER ? "main" : "worker"}: field ${field}`,
    );
  });

  test.each([
    ["a wrong kind", { type: "go", phase: "p", startNs: "5" }, "field startNs (number)"],
    ["an unknown type", { type: "explode" }, "invalid frame from main"],
    ["no object at all", 42, "invalid frame from main"],
  ])("%s is refused", (_name, frame, message) => {
    expect(() => parseToWorker(typeof frame === "object" ? received(frame) : frame)).toThrow(message);
  });

  test("a results frame whose sparse pair names a record past the batch is refused", () => {
    const one = new RecordBatchBuilder();
    one.add(makeRecord({ cachedTokens: 8 }));
    const records = one.take();
    expect(() => parseToMain(received({ ...TO_MAIN.results, records }))).not.toThrow();
    const sparse = records.sparse.map((pairs) => (pairs.length > 0 ? Float64Array.of(1, pairs[1] as number) : pairs));
    expect(() => parseToMain(received({ ...TO_MAIN.results, records: { ...records, sparse } }))).toThrow(
      "invalid results frame from worker: field records (batch)",
    );
  });
});
