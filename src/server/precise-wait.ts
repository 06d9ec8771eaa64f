/**
 * @module server/precise-wait — waits until a `Bun.nanoseconds()` deadline with sub-millisecond precision.
 *
 * `setTimeout`/`Bun.sleep` truncate to whole milliseconds and fire ~0.1 ms late when idle
 * (reference/bun-limits.md §7 item 8): sleeping the rounded remainder is up to 1 ms off. We sleep
 * whole milliseconds while at least one remains, then yield to the event loop with
 * `setImmediate` until the deadline. The yield loop keeps serving other connections but costs
 * CPU for the last < 1 ms of every wait (measured: single stream 7 µs p50 late, 14% CPU at one
 * 5 ms-TPOT stream; 1000 concurrent streams ~0.2 ms p50 late at ~90% of a core).
 */

/** Longest single sleep, so a cancelled wait (server stopped, client gone) ends within this time. */
const MAX_SLEEP_MS = 100;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Resolves at (or just after) `deadlineNs`, or early once `cancelled()` turns true. */
export async function waitUntilNs(deadlineNs: number, cancelled: () => boolean = () => false): Promise<void> {
  for (;;) {
    if (cancelled()) return;
    const remainingMs = (deadlineNs - Bun.nanoseconds()) / 1e6;
    if (remainingMs <= 0) return;
    if (remainingMs >= 1) await Bun.sleep(Math.min(MAX_SLEEP_MS, Math.floor(remainingMs)));
    else await nextTurn();
  }
}
