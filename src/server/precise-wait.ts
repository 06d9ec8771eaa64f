/**
 * @module server/precise-wait — waits until a `Bun.nanoseconds()` deadline with sub-millisecond precision.
 *
 * Bun's `setTimeout`/`Bun.sleep` truncate to whole milliseconds and fire a little late even when
 * idle: sleeping the rounded remainder is up to 1 ms off. We sleep whole milliseconds while at
 * least one remains, then yield to the event loop with `setImmediate` until the deadline. The
 * yield loop keeps serving other connections but costs CPU for the last < 1 ms of every wait.
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
