/**
 * @module scripts/bench/lib/jitter-floor-run — runs scripts/bench/jitter-floor.ts pinned to the client CPU: the schedule floors beside a run's lag.
 *
 * Empty, the event loop keeps the schedule and sends nothing: the machine's own lateness. With
 * a `target`, each due instant starts a request of the least client (bare fetch, the least
 * parsing, an events.db row) on the same thread: the lateness Bun's fetch alone costs.
 */
import { join } from "node:path";
import { removeEventsDb } from "./least-client.ts";
import { BUN, CLIENT_CPU, pinned, ROOT, track } from "./procs.ts";

const JITTER_FLOOR = join(ROOT, "scripts", "bench", "jitter-floor.ts");

/** A seeded Poisson schedule (the run's own seed, 42), or a file of offsets (JSON array of ns from the start). */
type FloorSchedule = { qps: number; seconds: number } | { offsetsFile: string };

/** What jitter-floor.ts sends at each due instant: nothing, or the least client's requests. */
interface FloorTarget {
  url: string;
  bodyFile: string;
  eventsDb: string;
}

/** Lag p50 and p99 (µs) of an event loop keeping `schedule` on the client CPU, sending to `target` if given. */
export async function jitterFloor(
  schedule: FloorSchedule,
  target?: FloorTarget,
): Promise<{ p50: number; p99: number }> {
  const when =
    "offsetsFile" in schedule ? ["--offsets", schedule.offsetsFile] : [String(schedule.qps), String(schedule.seconds)];
  const extra = target ? [`${target.url}/v1/chat/completions`, target.bodyFile, target.eventsDb] : [];
  const proc = track(pinned(CLIENT_CPU, [BUN, JITTER_FLOOR, ...when, ...extra]), { stdout: "pipe" });
  try {
    const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout as ReadableStream).text()]);
    if (code !== 0) throw new Error(`jitter-floor.ts exited ${code}`);
    const result = JSON.parse(out) as { p50_us: number; p99_us: number; failed: number };
    if (result.failed > 0) throw new Error(`jitter-floor.ts: ${result.failed} requests failed`);
    return { p50: result.p50_us, p99: result.p99_us };
  } finally {
    if (target) removeEventsDb(target.eventsDb);
  }
}
