/**
 * @module test/e2e/warmup-server — a loopback chat server that tells warmup requests from performance ones.
 *
 * A salted warmup prompt starts with "[<16 hex>] " (dataset/warmup-salt); the test datasets never
 * do. Each kind answers after its own delay (null: never — the request is held until the client
 * cancels it), and every arrival notes how many requests of each kind were in flight, itself included.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { serveCompletions } from "./run-cli.ts";

export type RequestKind = "warmup" | "performance";

interface Arrival {
  kind: RequestKind;
  warmupInFlight: number;
  performanceInFlight: number;
}

const SALTED = /^\[[0-9a-f]{16}\] /;

/** Resolves after `ms`, or when the client goes away; null waits for the client only. */
function holdFor(ms: number | null, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = ms === null ? undefined : setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function warmupAwareServer(delayMs: Record<RequestKind, number | null>) {
  const inFlight: Record<RequestKind, number> = { warmup: 0, performance: 0 };
  const arrivals: Arrival[] = [];
  const server = serveCompletions(
    async (req) => {
      const body = (await req.json()) as { messages: { content: string }[] };
      const kind: RequestKind = SALTED.test(body.messages.at(-1)?.content ?? "") ? "warmup" : "performance";
      inFlight[kind]++;
      arrivals.push({ kind, warmupInFlight: inFlight.warmup, performanceInFlight: inFlight.performance });
      try {
        await holdFor(delayMs[kind], req.signal);
      } finally {
        inFlight[kind]--;
      }
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      });
    },
    { idleTimeout: 0 },
  );
  return { url: `http://127.0.0.1:${server.port}`, arrivals, stop: () => server.stop(true) };
}

interface PhaseRow {
  name: string;
  start_ns: number;
  end_ns: number;
  planned: number;
  sent: number;
  state: string;
}

interface RequestRow {
  plan_index: number;
  sent_ns: number | null;
  done_ns: number;
  error_kind: string | null;
}

/** The phases and per-phase request rows of a run's events.db. */
export function readRun(reportDir: string) {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    const phases = db.query("SELECT name, start_ns, end_ns, planned, sent, state FROM phases").all() as PhaseRow[];
    const rows = (phase: string) =>
      db
        .query("SELECT plan_index, sent_ns, done_ns, error_kind FROM requests WHERE phase = ? ORDER BY plan_index")
        .all(phase) as RequestRow[];
    const phase = (name: string) => {
      const row = phases.find((p) => p.name === name);
      if (!row) throw new Error(`no phase ${name} in ${reportDir}`);
      return row;
    };
    return {
      warmup: phase("warmup"),
      performance: phase("performance"),
      warmupRows: rows("warmup"),
      performanceRows: rows("performance"),
    };
  } finally {
    db.close();
  }
}
