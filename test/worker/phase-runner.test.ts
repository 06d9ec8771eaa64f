/** @module test/worker/phase-runner.test — a worker's send loop reports "issued" as soon as nothing more will be sent, before its requests finish. */
import { afterEach, describe, expect, test } from "bun:test";
import { PhaseRunner, type PhaseShare } from "../../src/worker/phase-runner.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";

/** A loopback server that holds every request until `release()`; `held` counts the requests it holds. */
function holdingServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { held: 0 };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch() {
      state.held++;
      await released;
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/v1/chat/completions`, state, release, stop: () => server.stop(true) };
}

let server: ReturnType<typeof holdingServer> | undefined;
afterEach(() => {
  server?.release();
  server?.stop();
});

const now = () => Bun.nanoseconds();

function runner(
  url: string,
  entries: number,
  closedLoopSlots: number,
  onRecord: (r: RequestRecord) => void,
): PhaseRunner {
  const share: PhaseShare = {
    phase: "warmup",
    workerId: 0,
    planIndex: Uint32Array.from({ length: entries }, (_, i) => i),
    sampleIndex: new Uint32Array(entries),
    offsetNs: new Float64Array(entries),
    slotOffsetsNs: new Float64Array(closedLoopSlots),
    inFlightCap: 0,
  };
  const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] });
  return new PhaseRunner(
    share,
    {
      endpointUrls: [url],
      bodies: [body],
      maxInFlight: 16,
      settings: {
        headers: { "content-type": "application/json" },
        streaming: false,
        requestTimeoutMs: 0,
        stallTimeoutMs: 0,
        keepResponseText: false,
        insecure: false,
        now,
        maxResponseBytes: 0,
      },
    },
    onRecord,
  );
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(5);
}

describe("worker/phase-runner", () => {
  test("is issued once every entry was sent, and finishes only when they are answered", async () => {
    server = holdingServer();
    const records: RequestRecord[] = [];
    const phase = runner(server.url, 3, 0, (r) => records.push(r));
    let finished = false;
    const outcome = phase.run(now()).then((o) => ((finished = true), o));
    await phase.issued;
    await waitUntil(() => server?.state.held === 3);
    expect(finished).toBe(false);
    expect(records).toHaveLength(0);
    server.release();
    expect(await outcome).toEqual({ sent: 3, unsent: 0 });
    expect(records.map((r) => r.errorKind)).toEqual([null, null, null]);
  });

  test("closed loop: is issued when stopped, with the in-flight request still running", async () => {
    server = holdingServer();
    const records: RequestRecord[] = [];
    const phase = runner(server.url, 5, 1, (r) => records.push(r));
    const outcome = phase.run(now());
    await waitUntil(() => server?.state.held === 1);
    phase.stop(false);
    await phase.issued;
    expect(records).toHaveLength(0);
    server.release();
    expect(await outcome).toEqual({ sent: 1, unsent: 4 });
    expect(records).toHaveLength(1);
  });
});
