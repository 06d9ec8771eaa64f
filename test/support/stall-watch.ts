/**
 * @module test/support/stall-watch — how long this process's event loop was held up while a timed scenario ran.
 *
 * A timing test on a shared host cannot tell our lateness from the host's unless it measures the
 * host's in the same window: this keeps a 1 ms timer going beside the scenario and records how
 * late each tick fired. A preemption, a collection or a busy neighbour delays the tick exactly
 * as it delays the events under test, so a bound of "our margin + the worst stall seen" holds
 * whatever the host does, and still fails when our code is late by more than its margin.
 */

const TICK_MS = 1;

interface StallWatch {
  /** Stops watching; the worst lateness of a tick, in ms (0 when every tick was on time). */
  stop(): number;
}

/** Starts watching now; call `stop()` when the timed scenario is over. */
export function watchStalls(): StallWatch {
  let worstMs = 0;
  let dueMs = performance.now() + TICK_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = (): void => {
    const nowMs = performance.now();
    worstMs = Math.max(worstMs, nowMs - dueMs);
    dueMs = nowMs + TICK_MS;
    timer = setTimeout(tick, TICK_MS);
  };
  timer = setTimeout(tick, TICK_MS);
  return {
    stop(): number {
      clearTimeout(timer);
      // The tick that was pending when the scenario ended counts too.
      return Math.max(worstMs, performance.now() - dueMs);
    },
  };
}

/** Runs `scenario` with a stall watch around it; returns its result and the worst stall (ms). */
export async function withStallWatch<T>(scenario: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const watch = watchStalls();
  try {
    const result = await scenario();
    return { result, stallMs: watch.stop() };
  } finally {
    watch.stop();
  }
}
