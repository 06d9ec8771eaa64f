/**
 * @module test/e2e/warmup-server — a loopback chat server that tells warmup requests from performance ones.
 *
 * A salted warmup prompt starts with "[<16 hex>] " (dataset/warmup-salt); the test datasets never
 * do. Each kind answers after its own delay (null: never — the request is held until the client
 * cancels it; "release": held until the test calls `release()`, once it has seen what it waits for),
 * which may depend on the request's place among its kind's arrivals; every arrival notes how many
 * requests of each kind were in flight, itself included.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { serveCompletions } from "./run-cli.ts";

type RequestKind = "warmup" | "performance";

interface Arrival {
  kind: RequestKind;
  warmupInFlight: number;
  performanceInFlight: number;
}

const SALTED = /^\[[0-9a-f]{16}\] /;

/** How long a request is held: ms, null (until the client goes away) or "release" (until `release()`, or the client goes). */
type Delay = number | null | "release";

/** Resolves after `delay`, or when the client goes away. */
function holdFor(delay: Delay, released: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = typeof delay === "number" ? setTimeout(resolve, delay) : undefined;
    if (delay === "release") void released.then(() => resolve());
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Each kind's delay, or a function of the request's place (0-based) among its kind's arrivals. */
export function warmupAwareServer(delayMs: Record<RequestKind, Delay | ((n: number) => Delay)>) {
  const inFlight: Record<RequestKind, number> = { warmup: 0, performance: 0 };
  const seen: Record<RequestKind, number> = { warmup: 0, performance: 0 };
  const arrivals: Arrival[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = serveCompletions(
    async (req) => {
      const body = (await req.json()) as { messages: { content: string }[] };
      const kind: RequestKind = SALTED.test(body.messages.at(-1)?.content ?? "") ? "warmup" : "performance";
      inFlight[kind]++;
      arrivals.push({ kind, warmupInFlight: inFlight.warmup, performanceInFlight: inFlight.performance });
      const delay = delayMs[kind];
      try {
        await holdFor(typeof delay === "function" ? delay(seen[kind]++) : delay, released, req.signal);
      } finally {
        inFlight[kind]--;
      }
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      });
    },
    { idleTimeout: 0 },
  );
  return { url: `http://127.0.0.1:${server.port}`, arrivals, release: () => release(), stop: () => server.stop(true) };
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

/** Whether the run in `reportDir` has stored its performance phase's end (false while events.db or the row is not there yet). */
export function performanceEnded(reportDir: string): boolean {
  let db: Database | undefined;
  try {
    db = new Database(join(reportDir, "events.db"), { readonly: true });
    const row = db.query("SELECT end_ns FROM phases WHERE name = 'performance'").get() as {
      end_ns: number | null;
    } | null;
    return row !== null && row.end_ns !== null && row.end_ns > 0;
  } catch {
    return false;
  } finally {
    db?.close();
  }
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
