/** @module test/e2e/export.test — `report DIR --export` and `--export-events` against real runs on the mock server: upstream's events.jsonl and sample_idx_map.json, line by line. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-export-");
afterAll(() => dirs.cleanup());

const BASE_KEYS = ["event_type", "timestamp_ns", "sample_uuid", "conversation_id", "turn", "data"];
const UUID = /^[0-9a-f]{32}$/;

interface Event {
  event_type: string;
  timestamp_ns: number;
  sample_uuid: string;
  conversation_id: string;
  turn: null;
  data: unknown;
  finish_reason?: string;
  worker_id?: number;
}
interface Row {
  phase: string;
  plan_index: number;
  sample_index: number;
  attempt: number;
  worker: number;
  sent_ns: number | null;
  first_token_ns: number | null;
  done_ns: number;
  error_kind: string | null;
  error_message: string | null;
  finish_reason: string | null;
  response_text: string | null;
  chunk_gaps_ns: Uint8Array | null;
}
type IdxMap = Record<string, Record<string, number>>;

function readEvents(report: string): Event[] {
  const text = readFileSync(join(report, "events.jsonl"), "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as Event);
}

function readDb(report: string): {
  rows: Row[];
  phases: { name: string; kind: string; start_ns: number; end_ns: number }[];
} {
  const db = new Database(join(report, "events.db"), { readonly: true });
  const rows = db.query("SELECT * FROM requests ORDER BY id").all() as Row[];
  const phases = db.query("SELECT name, kind, start_ns, end_ns FROM phases ORDER BY start_ns").all() as {
    name: string;
    kind: string;
    start_ns: number;
    end_ns: number;
  }[];
  db.close();
  return { rows, phases };
}

/** A sample's events as [type, time] pairs (times may be compared with nullable columns). */
const timeline = (list: readonly Event[]): unknown[][] => list.map((e) => [e.event_type, e.timestamp_ns]);

/** Each sample_uuid's events in file order. */
function bySample(events: readonly Event[]): Map<string, Event[]> {
  const map = new Map<string, Event[]>();
  for (const e of events) if (e.sample_uuid !== "") map.set(e.sample_uuid, [...(map.get(e.sample_uuid) ?? []), e]);
  return map;
}

/** uuid → its row: the uuid's last 16 hex digits are the plan index (docs/exports.md), the issued event's time is the row's send time. */
function rowOf(events: readonly Event[], rows: readonly Row[]): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const e of events.filter((x) => x.event_type === "sample.issued")) {
    const planIndex = Number.parseInt(e.sample_uuid.slice(16), 16);
    const matches = rows.filter((r) => r.plan_index === planIndex && r.sent_ns === e.timestamp_ns);
    expect(matches).toHaveLength(1);
    out.set(e.sample_uuid, matches[0] as Row);
  }
  return out;
}

function accuracyCsv(dir: string): string {
  const csv = join(dir, "acc.csv");
  writeFileSync(
    csv,
    "question,ground_truth\nalpha beta,alpha beta\ngamma,gamma\ndelta epsilon zeta,delta epsilon zeta\n",
  );
  return `acc:${csv},accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor`;
}

let streamed = "";
let streamedRun = { exitCode: -1, stderr: "" };
beforeAll(async () => {
  const server = await startMockServer({ mode: "echo", ttftMs: 2, tpotMs: 1 });
  try {
    const dir = dirs.make();
    streamed = join(dir, "r");
    streamedRun = await runCli([
      "benchmark",
      "online",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 10),
      "--dataset",
      accuracyCsv(dir),
      "--load-pattern",
      "concurrency",
      "--concurrency",
      "3",
      "--num-samples",
      "16",
      "--duration",
      "0",
      "--workers",
      "2",
      "--streaming",
      "on",
      "--warmup",
      "--warmup-requests",
      "4",
      "--report-dir",
      streamed,
      "--export-events",
    ]);
  } finally {
    await server.stop();
  }
}, 60_000);

describe("cli/export", () => {
  test("--export-events writes both files after the run and says so on stderr", () => {
    expect(streamedRun.exitCode).toBe(0);
    expect(streamedRun.stderr).toContain(`wrote ${join(streamed, "events.jsonl")} (`);
    expect(streamedRun.stderr).toContain(`wrote ${join(streamed, "sample_idx_map.json")} (19 samples in 2 phases)\n`);
  });

  test("events.jsonl of a streamed run: upstream's keys and order, session markers at T0 and the phase bounds, time order", () => {
    const events = readEvents(streamed);
    const { phases } = readDb(streamed);
    const perf = phases.find((p) => p.name === "performance") as { start_ns: number; end_ns: number };
    for (const e of events) {
      expect(Object.keys(e)).toEqual(
        e.event_type === "sample.complete" ? [...BASE_KEYS, "finish_reason", "worker_id"] : BASE_KEYS,
      );
      expect(Number.isInteger(e.timestamp_ns)).toBe(true);
      expect([e.conversation_id, e.turn]).toEqual(["", null]);
      expect(e.sample_uuid === "" || UUID.test(e.sample_uuid)).toBe(true);
    }
    const session = events.filter((e) => e.sample_uuid === "");
    expect(session.map((e) => [e.event_type, e.timestamp_ns])).toEqual([
      ["session.started", 0],
      ["session.start_performance_tracking", perf.start_ns],
      ["session.stop_performance_tracking", perf.end_ns],
      ["session.ended", Math.max(...phases.map((p) => p.end_ns))],
    ]);
    expect(events[0]?.event_type).toBe("session.started");
    expect(events.at(-1)?.event_type).toBe("session.ended");
    for (let i = 1; i < events.length; i++)
      expect((events[i] as Event).timestamp_ns).toBeGreaterThanOrEqual((events[i - 1] as Event).timestamp_ns);
    // Upstream's default (stream_all_chunks off): the first chunk only.
    expect(events.some((e) => e.event_type === "sample.recv_non_first")).toBe(false);
  });

  test("every request is one sample with its row's times: warmup issued+first, the others issued+first+complete", () => {
    const events = readEvents(streamed);
    const { rows } = readDb(streamed);
    const rowByUuid = rowOf(events, rows);
    expect(rowByUuid.size).toBe(rows.length);
    const samples = bySample(events);
    const count = (phase: string) => [...rowByUuid.values()].filter((r) => r.phase === phase).length;
    expect([count("warmup"), count("performance"), count("acc")]).toEqual([4, 16, 3]);
    for (const [uuid, list] of samples) {
      const row = rowByUuid.get(uuid) as Row;
      const expected = [
        ["sample.issued", row.sent_ns],
        ["sample.recv_first", row.first_token_ns],
      ];
      if (row.phase !== "warmup") expected.push(["sample.complete", row.done_ns]);
      expect(timeline(list)).toEqual(expected);
      expect(list[0]?.data).toEqual(["PromptData"]);
      const complete = list[2];
      if (complete === undefined) continue;
      expect([complete.finish_reason, complete.worker_id]).toEqual([row.finish_reason as string, row.worker]);
      // Accuracy phases keep the text (one chunk array: events.db keeps it joined); the performance phase, without a tokenizer, does not.
      expect(complete.data).toEqual(row.phase === "acc" ? ["TextModelOutput", [row.response_text]] : null);
    }
  });

  test("the tracking window holds exactly the performance samples, as many as the summary issued", () => {
    const events = readEvents(streamed);
    const start = events.findIndex((e) => e.event_type === "session.start_performance_tracking");
    const stop = events.findIndex((e) => e.event_type === "session.stop_performance_tracking");
    const inside = events
      .slice(start, stop)
      .filter((e) => e.event_type === "sample.issued")
      .map((e) => e.sample_uuid);
    const map = JSON.parse(readFileSync(join(streamed, "sample_idx_map.json"), "utf8")) as IdxMap;
    expect(inside.sort()).toEqual(Object.keys(map.performance ?? {}));
    expect(inside.length).toBe(readSummary(streamed).n_samples_issued);
  });

  test("upstream's rebuild from events.jsonl (its early-stopping script's rules) gives the summary's TTFT and latency", () => {
    const rows = new Map<string, { issued: number; first: number | null }>();
    const ttft: number[] = [];
    const latency: number[] = [];
    let tracking = false;
    for (const e of readEvents(streamed)) {
      if (e.event_type === "session.start_performance_tracking") tracking = true;
      else if (e.event_type === "session.stop_performance_tracking") tracking = false;
      else if (e.event_type === "sample.issued" && tracking)
        rows.set(e.sample_uuid, { issued: e.timestamp_ns, first: null });
      else if (e.event_type === "sample.recv_first" && rows.has(e.sample_uuid))
        ttft.push(e.timestamp_ns - (rows.get(e.sample_uuid) as { issued: number }).issued);
      else if (e.event_type === "sample.complete" && rows.has(e.sample_uuid)) {
        latency.push(e.timestamp_ns - (rows.get(e.sample_uuid) as { issued: number }).issued);
        rows.delete(e.sample_uuid);
      }
    }
    const summary = readSummary(streamed);
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    expect(latency).toHaveLength(16);
    const observed: (number | null | undefined)[] = [sorted(ttft)[0], ttft.at(-1), sorted(latency)[0], latency.at(-1)];
    expect(observed).toEqual([summary.ttft.min, summary.ttft.max, summary.latency.min, summary.latency.max]);
    expect(sorted(latency)[Math.floor(0.5 * 15)]).toBe(summary.latency.percentiles?.["50.0"] as number);
  });

  test("sample_idx_map.json: performance then each accuracy dataset, uuid → dataset row in plan order, msgspec's 2-space text", () => {
    const text = readFileSync(join(streamed, "sample_idx_map.json"), "utf8");
    const map = JSON.parse(text) as IdxMap;
    expect(text).toBe(JSON.stringify(map, null, 2)); // no trailing newline, as upstream writes it
    expect(Object.keys(map)).toEqual(["performance", "acc"]);
    const events = readEvents(streamed);
    const rowByUuid = rowOf(events, readDb(streamed).rows);
    for (const [phase, entries] of Object.entries(map)) {
      const uuids = Object.keys(entries);
      const issued = events
        .filter((e) => e.event_type === "sample.issued" && rowByUuid.get(e.sample_uuid)?.phase === phase)
        .map((e) => e.sample_uuid);
      expect(uuids).toEqual(issued.sort());
      expect(uuids.map((u) => (rowByUuid.get(u) as Row).plan_index)).toEqual(uuids.map((_, i) => i));
      for (const uuid of uuids) expect(entries[uuid]).toBe((rowByUuid.get(uuid) as Row).sample_index);
    }
    expect(Object.values(map.acc ?? {})).toEqual([0, 1, 2]);
  });

  test("report DIR --export rebuilds the same bytes the run wrote (ids are derived, not random)", async () => {
    const before = ["events.jsonl", "sample_idx_map.json"].map((f) => readFileSync(join(streamed, f), "utf8"));
    const result = await runCli([
      "report",
      streamed,
      "--export",
      "events.jsonl",
      "--export",
      "sample_idx_map.json,events.jsonl",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr.split("\n").filter((l) => l.startsWith("wrote "))).toHaveLength(2);
    expect(["events.jsonl", "sample_idx_map.json"].map((f) => readFileSync(join(streamed, f), "utf8"))).toEqual(before);
  });

  test("a non-streamed run with server errors: ErrorData right before a complete without output; texts are strings", async () => {
    const server = await startMockServer({
      mode: "echo",
      faults: [{ kind: "status", arg: 500 }],
      faultRate: 0.4,
      faultSeed: 3,
    });
    const dir = dirs.make();
    const report = join(dir, "r");
    try {
      const run = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 10),
        "--dataset",
        accuracyCsv(dir),
        "--num-samples",
        "20",
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        report,
      ]);
      expect(run.exitCode).toBe(0);
    } finally {
      await server.stop();
    }
    expect((await runCli(["report", report, "--export", "events.jsonl"])).exitCode).toBe(0);
    const events = readEvents(report);
    const { rows } = readDb(report);
    const rowByUuid = rowOf(events, rows);
    const failed = rows.filter((r) => r.error_kind !== null);
    expect(failed.length).toBeGreaterThan(0);
    for (const [uuid, list] of bySample(events)) {
      const row = rowByUuid.get(uuid) as Row;
      if (row.error_kind === null) {
        expect(list.map((e) => e.event_type)).toEqual(["sample.issued", "sample.complete"]);
        expect(list[1]?.data).toEqual(row.phase === "acc" ? ["TextModelOutput", row.response_text] : null);
      } else {
        expect(timeline(list)).toEqual([
          ["sample.issued", row.sent_ns],
          ["error.generic", row.done_ns],
          ["sample.complete", row.done_ns],
        ]);
        expect(list[1]?.data).toEqual(["ErrorData", "http_5xx", row.error_message]);
        expect([list[2]?.data, list[2]?.finish_reason, list[2]?.worker_id]).toEqual([
          null,
          row.finish_reason ?? undefined,
          row.worker,
        ]);
      }
    }
    expect(bySample(events).size).toBe(rows.length);
  }, 30_000);

  test("stream_all_chunks: one recv_non_first per later chunk, at the first token plus the recorded gaps", async () => {
    const server = await startMockServer({ mode: "echo", ttftMs: 1, tpotMs: 2 });
    const dir = dirs.make();
    const report = join(dir, "r");
    try {
      const run = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 5),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "2",
        "--num-samples",
        "6",
        "--duration",
        "0",
        "--workers",
        "1",
        "--streaming",
        "on",
        "--client.stream-all-chunks",
        "true",
        "--report-dir",
        report,
      ]);
      expect(run.exitCode).toBe(0);
    } finally {
      await server.stop();
    }
    expect((await runCli(["report", report, "--export", "events.jsonl"])).exitCode).toBe(0);
    const events = readEvents(report);
    const rowByUuid = rowOf(events, readDb(report).rows);
    for (const [uuid, list] of bySample(events)) {
      const row = rowByUuid.get(uuid) as Row;
      const gaps = new Float64Array((row.chunk_gaps_ns as Uint8Array).slice().buffer);
      expect(gaps.length).toBeGreaterThan(3); // the echo of "what is N plus N+1 in words", word by word
      let at = row.first_token_ns as number;
      const chunks = [...gaps].map((g) => ["sample.recv_non_first", (at += g)]);
      expect(timeline(list)).toEqual([
        ["sample.issued", row.sent_ns],
        ["sample.recv_first", row.first_token_ns],
        ...chunks,
        ["sample.complete", row.done_ns],
      ]);
    }
  }, 30_000);

  test("a reconnected request is one sample: only its last attempt is exported, under one uuid", async () => {
    const server = await startMockServer({ mode: "echo", faults: [{ kind: "reset-before-headers", arg: null }] });
    const dir = dirs.make();
    const report = join(dir, "r");
    try {
      const run = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 4),
        "--num-samples",
        "4",
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        report,
      ]);
      expect(run.exitCode).toBe(4); // every request failed
    } finally {
      await server.stop();
    }
    const result = await runCli(["report", report, "--export", "events.jsonl,sample_idx_map.json"]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("(4 samples in 1 phase)");
    const { rows } = readDb(report);
    expect(rows).toHaveLength(8);
    const events = readEvents(report);
    const samples = bySample(events);
    expect([...samples.keys()].sort()).toEqual(
      Object.keys((JSON.parse(readFileSync(join(report, "sample_idx_map.json"), "utf8")) as IdxMap).performance ?? {}),
    );
    const lastSends = rows
      .filter((r) => r.attempt === 1)
      .map((r) => r.sent_ns)
      .sort((a, b) => (a as number) - (b as number));
    expect(events.filter((e) => e.event_type === "sample.issued").map((e) => e.timestamp_ns)).toEqual(
      lastSends as number[],
    );
    for (const list of samples.values())
      expect(list.map((e) => e.event_type)).toEqual(["sample.issued", "error.generic", "sample.complete"]);
  }, 30_000);

  test("an unknown export name is one error line naming it, exit 2, nothing written", async () => {
    const result = await runCli(["report", streamed, "--export", "events.jsonl,events.json"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("error: unknown export 'events.json' (known: events.jsonl, sample_idx_map.json)\n");
    expect(result.stdout).toBe("");
  });
});
