/**
 * Conversation runs (upstream's agentic_inference) against an independent server that logs
 * every request: at most `concurrency` conversations at once and never two requests of one
 * conversation in flight; every request's messages are the pre-built history; the session
 * header names the conversation; think times are honoured; a failed turn ends its conversation.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolConversationConfig, toolConversationRows } from "../../scripts/bench/lib/tool-conversations.ts";
import { measureHostLateness } from "../support/host-lateness.ts";
import { lowerMedian, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-conversations-");
afterAll(() => dirs.cleanup());

type Row = Record<string, unknown>;
type Message = Record<string, unknown>;
const CONVERSATIONS = 20;
const CONCURRENCY = 4;
const FAILING_MARK = "c7 t3";
/** What our send path may add to the host's median lateness at a turn's instant. */
const SEND_MARGIN_NS = 1_000_000;
/** What reading the previous answer to its end and handing the turn back may add on top (the think time starts there). */
const HAND_BACK_MARGIN_NS = 5_000_000;

/** What each client turn must carry, built here independently of the loader: mark → messages. */
function expectedMessages(rows: readonly Row[]): Map<string, Message[]> {
  const expected = new Map<string, Message[]>();
  let history: Message[] = [];
  let current = "";
  for (const row of rows) {
    if (row.conversation_id !== current) {
      current = row.conversation_id as string;
      history = [{ role: "system", content: row.system }];
    }
    if (row.role === "user") {
      history.push({ role: "user", content: row.content });
      expected.set(row.content as string, [...history]);
    } else if (row.role === "tool") {
      const [result] = row.tool_results as { tool_call_id: string; content: string }[];
      history.push({ role: "tool", tool_call_id: result?.tool_call_id, content: result?.content });
      expected.set(result?.content as string, [...history]);
    } else {
      history.push(
        row.tool_calls
          ? { role: "assistant", tool_calls: row.tool_calls }
          : { role: "assistant", content: row.content },
      );
    }
  }
  return expected;
}

interface Seen {
  mark: string;
  session: string | null;
  messages: Message[];
  arrivedNs: number;
  answeredNs: number;
}

/** Streams a short answer after 5–15 ms; fails the turn marked FAILING_MARK with a 500. Logs every request. */
function loggingServer() {
  const seen: Seen[] = [];
  const inFlight = new Map<string, number>();
  const state = { maxInFlight: 0, total: 0, sameConversationOverlap: 0 };
  const server = serveCompletions(async (req) => {
    const arrivedNs = Bun.nanoseconds();
    const body = (await req.json()) as { messages: Message[] };
    const last = body.messages.at(-1) as Message;
    const entry: Seen = {
      mark: last.content as string,
      session: req.headers.get("x-session-id"),
      messages: body.messages,
      arrivedNs,
      answeredNs: 0,
    };
    seen.push(entry);
    const conversation = entry.session ?? "";
    inFlight.set(conversation, (inFlight.get(conversation) ?? 0) + 1);
    if ((inFlight.get(conversation) ?? 0) > 1) state.sameConversationOverlap++;
    state.total++;
    state.maxInFlight = Math.max(state.maxInFlight, state.total);
    await Bun.sleep(5 + (seen.length % 3) * 5);
    inFlight.set(conversation, (inFlight.get(conversation) ?? 1) - 1);
    state.total--;
    entry.answeredNs = Bun.nanoseconds();
    if (entry.mark === FAILING_MARK) return new Response("overloaded", { status: 500 });
    const events = [
      { choices: [{ index: 0, delta: { role: "assistant", content: "ok" }, finish_reason: null }] },
      { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
      { choices: [], usage: { prompt_tokens: 5, completion_tokens: 1 } },
    ];
    return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n", {
      headers: { "content-type": "text/event-stream" },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, state, stop: () => server.stop(true) };
}

/** The run's config, writing its report to `dir/r`. */
const configYaml = (dir: string, endpoint: string, datasetPath: string) =>
  toolConversationConfig(dir, endpoint, datasetPath, CONCURRENCY, join(dir, "r"));

/** Most intervals [start, end] covering one instant. */
function maxOverlap(intervals: readonly [number, number][]): number {
  const edges = intervals
    .flatMap(
      ([s, e]) =>
        [
          [s, 1],
          [e, -1],
        ] as const,
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (open += step));
  return most;
}

describe("cli/conversations", () => {
  test("20 conversations at concurrency 4 against a logging server", async () => {
    const dir = dirs.make();
    const rows = toolConversationRows(CONVERSATIONS);
    const datasetPath = join(dir, "agentic.jsonl");
    writeFileSync(datasetPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const server = loggingServer();
    let floor: ReturnType<typeof measureHostLateness> | undefined;
    try {
      // The host's own lateness while the run sends: an empty loop on the worker CPU for the run's whole span (about
      // three seconds from spawn to report), so a busy stretch of the host weighs on the floor as on the sends.
      floor = measureHostLateness(1_000, 3);
      const result = await runCli(["benchmark", "from-config", "-c", configYaml(dir, server.url, datasetPath)]);
      const hostLateness = await floor.result;
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const expected = expectedMessages(rows);
      const clientTurns = expected.size;
      // c7 fails at its tool turn 3: its closing user turn is never sent.
      expect(server.seen.length).toBe(clientTurns - 1);
      expect(server.seen.some((s) => s.mark === "c7 u5")).toBe(false);
      for (const s of server.seen) {
        expect(s.messages).toEqual(expected.get(s.mark) as Message[]);
        expect(s.session).toBe(s.mark.split(" ")[0] as string);
      }
      expect(server.state.sameConversationOverlap).toBe(0);
      expect(server.state.maxInFlight).toBeLessThanOrEqual(CONCURRENCY);
      const spans = new Map<string, [number, number]>();
      for (const s of server.seen) {
        const span = spans.get(s.session as string);
        spans.set(
          s.session as string,
          span ? [Math.min(span[0], s.arrivedNs), Math.max(span[1], s.answeredNs)] : [s.arrivedNs, s.answeredNs],
        );
      }
      expect(maxOverlap([...spans.values()])).toBeLessThanOrEqual(CONCURRENCY);
      // A tool turn reaches the server no sooner than its think time after the previous answer.
      for (const s of server.seen.filter((x) => / t\d+$/.test(x.mark))) {
        const previous = server.seen
          .filter((x) => x.session === s.session && x.answeredNs <= s.arrivedNs)
          .at(-1) as Seen;
        const row = rows.find(
          (r) => (r.tool_results as { content: string }[] | undefined)?.[0]?.content === s.mark,
        ) as Row;
        expect(s.arrivedNs - previous.answeredNs).toBeGreaterThanOrEqual((row.delay_seconds as number) * 1e9);
      }

      const db = new Database(join(dir, "r", "events.db"), { readonly: true });
      const records = db
        .query(
          "SELECT plan_index AS i, scheduled_ns AS scheduled, sent_ns AS sent, done_ns AS done, error_kind AS kind FROM requests WHERE phase = 'performance' ORDER BY plan_index",
        )
        .all() as { i: number; scheduled: number; sent: number | null; done: number; kind: string | null }[];
      db.close();
      expect(records.length).toBe(clientTurns);
      const kinds = records.map((r) => r.kind).filter((k) => k !== null);
      expect(kinds.sort()).toEqual(["conversation_aborted", "http_5xx"]);
      // Each think time starts when the client let go of the previous response (at or just after
      // its end): never early. The sends keep those instants as well as the host lets an empty
      // loop keep its own (medians: a host stall moves a few turns, not the middle one).
      const delays = rows
        .filter((r) => r.role === "user" || r.role === "tool")
        .map((r) => (r.delay_seconds as number | undefined) ?? 0);
      const excessNs: number[] = [];
      const lateNs: number[] = [];
      records.forEach((r, i) => {
        const delayNs = (delays[i] as number) * 1e9;
        if (delayNs === 0 || r.sent === null) return;
        expect(r.scheduled - (records[i - 1] as { done: number }).done).toBeGreaterThanOrEqual(delayNs);
        expect(r.sent).toBeGreaterThanOrEqual(r.scheduled);
        lateNs.push(r.sent - r.scheduled);
        excessNs.push(r.sent - (records[i - 1] as { done: number }).done - delayNs);
      });
      expect(lowerMedian(lateNs)).toBeLessThan(hostLateness.p50Ns + SEND_MARGIN_NS);
      expect(lowerMedian(excessNs)).toBeLessThan(hostLateness.p50Ns + HAND_BACK_MARGIN_NS);
      const summary = JSON.parse(readFileSync(join(dir, "r", "performance", "result_summary.json"), "utf8")) as {
        n_samples_issued: number;
        n_samples_failed: number;
        n_samples_dropped: number | null;
        error_counts: Record<string, number>;
        conversations: {
          conversations: number;
          completed: number;
          failed: number;
          unfinished: number;
          untracked_turns: number;
          by_turn: { turn: number; count: number }[];
        };
      };
      // As upstream, turns sent after the first conversation ended with none left to start are not
      // measured (metrics/conversation-window, unit-tested there): how many that is depends on
      // when the last turns were sent, which the host moves (0 seen with a busy loop on each core).
      expect(summary.conversations.untracked_turns).toBeGreaterThanOrEqual(0);
      expect(summary.n_samples_issued).toBe(clientTurns - summary.conversations.untracked_turns);
      expect(summary.n_samples_dropped ?? 0).toBe(0);
      expect(summary.conversations).toMatchObject({
        conversations: CONVERSATIONS,
        completed: CONVERSATIONS - 1,
        failed: 1,
        unfinished: 0,
      });
      expect(summary.conversations.by_turn.map((t) => t.turn)).toEqual([1, 2, 3, 4]);
      expect(summary.conversations.by_turn[0]?.count).toBe(CONVERSATIONS);
      expect(readFileSync(join(dir, "r", "report.txt"), "utf8")).toContain(
        `Conversations: ${CONVERSATIONS} (${CONVERSATIONS - 1} completed, 1 failed, 0 unfinished)`,
      );
      const html = readFileSync(join(dir, "r", "report.html"), "utf8");
      for (const chart of ["ttft-by-turn", "latency-by-turn", "turns-reached"])
        expect(html).toContain(`data-chart="${chart}"`);
      expect(html).toContain(`${CONVERSATIONS} conversations: ${CONVERSATIONS - 1} completed, 1 failed, 0 unfinished`);
      expect(summary.n_samples_failed).toBe(2);
      expect(summary.error_counts).toMatchObject({ http_5xx: 1, conversation_aborted: 1 });
    } finally {
      floor?.kill();
      server.stop();
    }
  }, 60_000);

  test("stop_issuing_on_first_user_complete: the second conversation to end stops the third mid-way (budget 3, concurrency 2)", async () => {
    const dir = dirs.make();
    // c0 has one slow turn (its end starts c2); c1 and c2 have three 40 ms turns: c1 ends well before c2's third turn is due.
    const rows: Row[] = [{ conversation_id: "c0", turn: 1, role: "user", content: "c0 u1" }];
    for (const id of ["c1", "c2"]) {
      rows.push(
        { conversation_id: id, turn: 1, role: "user", content: `${id} u1` },
        { conversation_id: id, turn: 2, role: "assistant", content: "A" },
      );
      rows.push(
        { conversation_id: id, turn: 3, role: "user", content: `${id} u3` },
        { conversation_id: id, turn: 4, role: "assistant", content: "A" },
      );
      rows.push({ conversation_id: id, turn: 5, role: "user", content: `${id} u5` });
    }
    const datasetPath = join(dir, "three.jsonl");
    writeFileSync(datasetPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const seen: string[] = [];
    const server = serveCompletions(async (req) => {
      const mark = ((await req.json()) as { messages: { content: string }[] }).messages.at(-1)?.content ?? "";
      seen.push(mark);
      // c1 ends at 600 ms, c0 (slow first turn) at 850 ms, while c2 (started at 600 ms) waits on its second turn
      // until 1,000 ms: 150 ms either side of the stop, five times the margins a busy host once broke.
      await Bun.sleep(mark === "c0 u1" ? 450 : 200);
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      });
    });
    try {
      const config = readFileSync(configYaml(dir, `http://127.0.0.1:${server.port}`, datasetPath), "utf8")
        .replace(
          "agentic_inference: {inject_tool_delay: true, turn_timeout_s: 30}",
          "agentic_inference: {stop_issuing_on_first_user_complete: true}",
        )
        .replace(`target_concurrency: ${CONCURRENCY}`, "target_concurrency: 2")
        .replace("num_workers: 2", "num_workers: 1");
      writeFileSync(join(dir, "config.yaml"), config);
      const result = await runCli(["benchmark", "from-config", "-c", join(dir, "config.yaml")]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain("no more turns are issued (stop_issuing_on_first_user_complete)");
      expect(seen.filter((m) => m.startsWith("c1"))).toEqual(["c1 u1", "c1 u3", "c1 u5"]);
      const c2 = seen.filter((m) => m.startsWith("c2"));
      expect(c2.length).toBeGreaterThanOrEqual(1);
      expect(c2).not.toContain("c2 u5");
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("history: live carries the server's own replies, tool calls and their ids, into later turns", async () => {
    const dir = dirs.make();
    const rows: Row[] = [];
    for (const id of ["a", "b"]) {
      rows.push({
        conversation_id: id,
        turn: 1,
        role: "user",
        system: "S",
        content: `${id} fix`,
        tools: [{ type: "function", function: { name: "bash" } }],
      });
      rows.push({
        conversation_id: id,
        turn: 2,
        role: "assistant",
        tool_calls: [{ id: "recorded_0", type: "function", function: { name: "bash", arguments: "{}" } }],
      });
      rows.push({
        conversation_id: id,
        turn: 3,
        role: "tool",
        tool_results: [{ tool_call_id: "recorded_0", content: `${id} output` }],
      });
      rows.push({ conversation_id: id, turn: 4, role: "assistant", content: "recorded answer" });
      rows.push({ conversation_id: id, turn: 5, role: "user", content: `${id} thanks` });
    }
    const datasetPath = join(dir, "live.jsonl");
    writeFileSync(datasetPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const seen: { mark: string; messages: Message[] }[] = [];
    let n = 0;
    const server = serveCompletions(async (req) => {
      const body = (await req.json()) as { messages: Message[] };
      const mark = body.messages.at(-1)?.content as string;
      seen.push({ mark, messages: body.messages });
      const k = ++n;
      // A user turn that offers tools gets a tool call; everything else a text reply.
      const message = mark.endsWith("fix")
        ? {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: `server_${k}`, type: "function", function: { name: "bash", arguments: `{"command":"ls ${k}"}` } },
            ],
          }
        : { role: "assistant", content: `server reply ${k}`, reasoning_content: `thought ${k}` };
      return Response.json({
        choices: [{ index: 0, message, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      });
    });
    try {
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        "m",
        "--streaming",
        "off",
        "--load-pattern",
        "agentic_inference",
        "--concurrency",
        "1",
        "--dataset",
        `${datasetPath},agentic_inference.history=live`,
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      expect(seen.map((s) => s.mark)).toEqual(["a fix", "a output", "a thanks", "b fix", "b output", "b thanks"]);
      const [, toolTurn, lastTurn] = seen;
      expect(toolTurn?.messages).toEqual([
        { role: "system", content: "S" },
        { role: "user", content: "a fix" },
        {
          role: "assistant",
          tool_calls: [
            { id: "server_1", type: "function", function: { name: "bash", arguments: '{"command":"ls 1"}' } },
          ],
        },
        { role: "tool", tool_call_id: "server_1", content: "a output" },
      ]);
      expect(lastTurn?.messages.slice(4)).toEqual([
        { role: "assistant", content: "server reply 2", reasoning_content: "thought 2" },
        { role: "user", content: "a thanks" },
      ]);
      expect(JSON.stringify(seen)).not.toContain("recorded");
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("random,turns=3 builds conversations whose turns carry the growing history", async () => {
    const dir = dirs.make();
    const server = loggingServer();
    try {
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--load-pattern",
        "agentic_inference",
        "--concurrency",
        "2",
        "--dataset",
        "random,turns=3,isl=12,osl=4,max_rows=5,prefix=6",
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      expect(server.seen.length).toBe(15);
      const lengths = server.seen.map((s) => s.messages.length).sort();
      expect(lengths).toEqual([2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6]);
      const systems = new Set(server.seen.map((s) => s.messages[0]?.content));
      expect(systems.size).toBe(1); // one shared 6-word prefix
      expect((server.seen[0]?.messages[1]?.content as string).split(" ").length).toBe(12);
      expect(new Set(server.seen.map((s) => s.session))).toEqual(
        new Set(["random_0", "random_1", "random_2", "random_3", "random_4"]),
      );
    } finally {
      server.stop();
    }
  }, 60_000);
});
