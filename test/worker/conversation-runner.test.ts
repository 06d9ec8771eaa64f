/** @module test/worker/conversation-runner.test — a worker's conversation loop against a loopback server: salts, headers, turn timeouts, stop during think time. */
import { afterEach, describe, expect, test } from "bun:test";
import { SYSTEM_CONTENT_START } from "../../src/dataset/conversations/turn-body.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { ConversationRunner } from "../../src/worker/conversation-runner.ts";
import type { TrajectoryTable } from "../../src/plan/conversation-plan.ts";
import { withStallWatch } from "../support/stall-watch.ts";

interface Seen {
  body: { messages: { role: string; content: string }[] };
  session: string | null;
}

/** Answers after `delayMs`, or never (until stopped) for a last message containing "hang". */
function server(delayMs = 2) {
  const seen: Seen[] = [];
  const s = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = (await req.json()) as Seen["body"];
      seen.push({ body, session: req.headers.get("x-session-id") });
      if (body.messages.at(-1)?.content.includes("hang")) await Bun.sleep(10_000);
      await Bun.sleep(delayMs);
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      });
    },
  });
  return { url: `http://127.0.0.1:${s.port}/v1/chat/completions`, seen, stop: () => s.stop(true) };
}

let running: ReturnType<typeof server> | null = null;
afterEach(() => running?.stop());

const now = () => Bun.nanoseconds();
const bodyOf = (system: string, user: string) =>
  JSON.stringify({
    messages: [
      { role: "system", content: system },
      { role: "user", content: user },
    ],
    model: "m",
  });

/** Two trajectories (2 turns, then 1 turn) over `bodies`; one slot unless told. */
function runner(
  url: string,
  bodies: string[],
  table: Partial<TrajectoryTable>,
  offsetsNs: number[],
  records: RequestRecord[],
  slots = 1,
) {
  const n = offsetsNs.length;
  const systemEnds = Uint32Array.from(bodies, (b) => b.indexOf('"},{"role":"user"'));
  const conversations: TrajectoryTable = {
    starts: Uint32Array.from([0, 2, 3]),
    ids: ["a", "b"],
    salts: [],
    routingHeaders: ["X-Session-ID"],
    turnTimeoutMs: 5000,
    systemEnds,
    live: false,
    ownCounts: new Uint32Array(0),
    ...table,
  };
  return new ConversationRunner(
    {
      phase: "performance",
      workerId: 0,
      planIndex: Uint32Array.from({ length: n }, (_, i) => i),
      sampleIndex: Uint32Array.from({ length: n }, (_, i) => i),
      offsetNs: Float64Array.from(offsetsNs),
      slotOffsetsNs: new Float64Array(slots),
      inFlightCap: 0,
      conversations,
    },
    {
      endpointUrls: [url],
      bodies,
      maxInFlight: 4,
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
    (r) => records.push(r),
  );
}

describe("worker/conversation-runner", () => {
  test("sends each trajectory's turns in order with its session header and salted system prompt", async () => {
    running = server();
    const records: RequestRecord[] = [];
    const bodies = [bodyOf('sys "a"', "a1"), bodyOf('sys "a"', "a2"), bodyOf("sys b", "b1")];
    expect(SYSTEM_CONTENT_START).toBe('{"messages":[{"role":"system","content":"'.length);
    const phase = runner(running.url, bodies, { salts: ["4461", "aaaa", "ba75", "bbbb"] }, [0, 0, 0], records);
    expect(await phase.run(now())).toEqual({ sent: 3, unsent: 0 });
    expect(running.seen.map((s) => [s.session, s.body.messages[1]?.content])).toEqual([
      ["a", "a1"],
      ["a", "a2"],
      ["b", "b1"],
    ]);
    expect(running.seen[0]?.body.messages[0]?.content).toBe('[salt: 4461]\n\nsys "a"\n\n[salt: aaaa]');
    expect(running.seen[2]?.body.messages[0]?.content).toBe("[salt: ba75]\n\nsys b\n\n[salt: bbbb]");
    expect(records.every((r) => r.errorKind === null)).toBe(true);
  });

  test("a turn past the turn timeout fails and ends its trajectory; the next one starts", async () => {
    running = server();
    const records: RequestRecord[] = [];
    const bodies = [bodyOf("s", "hang"), bodyOf("s", "a2"), bodyOf("s", "b1")];
    const phase = runner(running.url, bodies, { turnTimeoutMs: 150 }, [0, 0, 0], records);
    expect(await phase.run(now())).toEqual({ sent: 3, unsent: 0 });
    const byPlan = records.sort((x, y) => x.planIndex - y.planIndex);
    expect(byPlan.map((r) => r.errorKind)).toEqual(["timeout", "conversation_aborted", null]);
    expect(byPlan[0]?.errorMessage).toBe("turn timeout after 0.15 s (agentic_inference.turn_timeout_s)");
    expect(byPlan[1]?.errorMessage).toBe("prior turn timed out");
    expect(Number.isNaN(byPlan[1]?.sentNs)).toBe(true);
    expect(running.seen.map((s) => s.body.messages[1]?.content)).toEqual(["hang", "b1"]);
  });

  test("waits the think time after the previous response; stopping during it sends nothing more", async () => {
    running = server();
    const records: RequestRecord[] = [];
    const bodies = [bodyOf("s", "a1"), bodyOf("s", "a2"), bodyOf("s", "b1")];
    const phase = runner(running.url, bodies, {}, [0, 300e6, 0], records);
    const outcome = phase.run(now());
    while (records.length === 0) await Bun.sleep(2);
    phase.stop(false);
    expect(await outcome).toEqual({ sent: 1, unsent: 2 });
    // The window runs past the second turn's instant (its think time after the first answer), then
    // a request of our own: the server sees it only after any turn the stopped runner sent before.
    const dueNs = (records[0]?.doneNs as number) + 300e6;
    while (now() < dueNs + 50e6) await Bun.sleep(5);
    await fetch(running.url, { method: "POST", body: bodyOf("w", "witness") });
    expect(running.seen.map((s) => s.body.messages.at(-1)?.content)).toEqual(["a1", "witness"]);
  });

  test("the think time is honoured within a few ms of its instant", async () => {
    const answering = server(1);
    running = answering;
    const records: RequestRecord[] = [];
    const bodies = [bodyOf("s", "a1"), bodyOf("s", "a2"), bodyOf("s", "b1")];
    const phase = runner(answering.url, bodies, {}, [0, 50e6, 0], records);
    const { stallMs } = await withStallWatch(() => phase.run(now()));
    const [first, second] = records.sort((x, y) => x.planIndex - y.planIndex);
    expect((second?.scheduledNs as number) - (first?.doneNs as number)).toBe(50e6);
    // The timer and polls that send it run on this event loop: within 5 ms of its instant, beyond
    // the worst stall of this process while the turns ran (a busy host delays both alike).
    const lateNs = (second?.sentNs as number) - (second?.scheduledNs as number);
    expect(lateNs).toBeGreaterThanOrEqual(0);
    expect(lateNs).toBeLessThan(5e6 + stallMs * 1e6);
  });
});
