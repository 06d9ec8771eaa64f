/**
 * @module scripts/bench/jitter-floor — how late an empty Bun event loop is at Poisson instants on this core.
 *
 * The same seeded Poisson schedule as a run (src/load-pattern/arrivals.ts) and the send loop's waiting
 * strategy without its alarm thread (src/worker/phase-runner.ts: setTimeout while more than 2 ms
 * away, a setImmediate poll on the clock inside the last 2 ms), but "sending" is only taking the
 * timestamp. Whatever lag this shows comes from the machine (preemption, timer wake-ups), not
 * from HTTP or our bookkeeping; the Poisson section prints it beside inference-endpoint's own
 * schedule_lag.
 *
 * With URL, BODY_FILE and EVENTS_DB, each due instant also starts a request that the least
 * client of lib/least-client handles (bare fetch, the least parsing, one events.db row per
 * response), on the same thread: the lag then includes what Bun's fetch, JSON.parse and
 * bun:sqlite cost while the schedule is kept — the floor any Bun client pinned to one core
 * meets, with none of our code. Requests that fail, or are still open 30 s after the last due
 * instant, are counted (`failed`).
 * With `--offsets FILE` in place of QPS SECONDS, the schedule is FILE's JSON array of offsets
 * (ns from the start) instead: a trace's instants, kept the same way.
 * Prints `{"p50_us": …, "p99_us": …, "count": N, "failed": F}`.
 * Usage: `bun scripts/bench/jitter-floor.ts QPS SECONDS|--offsets FILE [URL BODY_FILE EVENTS_DB]`.
 */
import { readFileSync } from "node:fs";
import { poissonOffsets } from "../../src/load-pattern/arrivals.ts";
import { FloorRows, readLeast } from "./lib/least-client.ts";

const SPIN_WINDOW_NS = 2_000_000;
const DRAIN_MS = 30_000;
const [first, second, url, bodyFile, eventsDbPath] = process.argv.slice(2);
const fromFile = first === "--offsets";
const qps = Number(first);
const seconds = Number(second);
if ((fromFile ? !second : !(qps > 0) || !(seconds > 0)) || (url !== undefined && (!bodyFile || !eventsDbPath))) {
  console.error("usage: bun scripts/bench/jitter-floor.ts QPS SECONDS|--offsets FILE [URL BODY_FILE EVENTS_DB]");
  process.exit(2);
}
const body = bodyFile ? await Bun.file(bodyFile).text() : "";
const streamed = body !== "" && (JSON.parse(body) as { stream?: boolean }).stream === true;
const rows = eventsDbPath ? new FloorRows(eventsDbPath, streamed) : null;
const headers = { "content-type": "application/json" };
let settled = 0;
let failed = 0;

/** One request of the least client, started at its due instant and not awaited by the schedule. */
async function send(planIndex: number, scheduledNs: number): Promise<void> {
  const sentNs = Bun.nanoseconds();
  const response = await fetch(url as string, { method: "POST", headers, body });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const readNs: number[] = [];
  await readLeast(response.body as ReadableStream<Uint8Array>, streamed, readNs);
  rows?.add(planIndex, scheduledNs, sentNs, readNs);
}

const offsets = fromFile
  ? Float64Array.from(JSON.parse(readFileSync(second as string, "utf8")) as number[])
  : poissonOffsets(Math.round(qps * seconds), qps, 42);
const count = offsets.length;
const startNs = Bun.nanoseconds() + 20_000_000;
const dueNs = offsets.map((offset) => offset + startNs);
const lagNs = new Float64Array(count);
let next = 0;

await new Promise<void>((resolve) => {
  const pump = (): void => {
    for (;;) {
      if (next === count) return resolve();
      const waitNs = (dueNs[next] as number) - Bun.nanoseconds();
      if (waitNs > 0) {
        if (waitNs > SPIN_WINDOW_NS) setTimeout(pump, Math.max(1, Math.floor((waitNs - SPIN_WINDOW_NS) / 1e6)));
        else setImmediate(pump);
        return;
      }
      lagNs[next] = -waitNs;
      if (url) {
        send(next, dueNs[next] as number).then(
          () => settled++,
          () => (settled++, failed++),
        );
      }
      next++;
    }
  };
  pump();
});

// In-flight requests get DRAIN_MS after the last due instant; any still open then count as failed.
const drainUntil = performance.now() + DRAIN_MS;
while (url && settled < count && performance.now() < drainUntil) await Bun.sleep(10);
const stillOpen = url ? count - settled : 0;
failed += stillOpen;
rows?.close();
lagNs.sort();
const at = (q: number) => (lagNs[Math.min(count - 1, Math.floor(q * count))] as number) / 1e3;
console.log(JSON.stringify({ p50_us: at(0.5), p99_us: at(0.99), count, failed }));
if (stillOpen > 0) process.exit(0); // the open requests would keep the process alive
