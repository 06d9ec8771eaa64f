/**
 * @module test/support/thread-wake-floor — how late a plain helper thread wakes this one at an instant, measured beside a wake-up under test.
 *
 * A wake-up from a helper thread (clock/precise-alarm) is late by its own code's lateness plus the
 * host's delay in running two threads: the sleeper, then this thread, which its message wakes.
 * The stall watch sees only the second. This keeps a Worker that does nothing but sleep in
 * `Atomics.wait` until the instant and post a message: its lateness, taken in rounds interleaved
 * with the code under test, is the host's at that moment, and a bound of "our margin + this floor"
 * still fails when our code is late by more than its margin.
 */

/** The worker's whole body: waits until the epoch-ms instant it is sent, then answers. */
const SLEEPER = `const word = new Int32Array(new SharedArrayBuffer(4));
onmessage = (event) => {
  for (;;) {
    const leftMs = event.data - (performance.timeOrigin + performance.now());
    if (leftMs <= 0) break;
    Atomics.wait(word, 0, 0, leftMs);
  }
  postMessage(0);
};`;

interface ThreadWakeFloor {
  /** Wakes this thread from the helper `inMs` from now; resolves with how late the message arrived (ns). */
  lateNs(inMs: number): Promise<number>;
  close(): void;
}

/** Both threads read the same wall-clock-anchored time: performance.timeOrigin + performance.now(). */
const epochMs = () => performance.timeOrigin + performance.now();

/** Starts the helper thread; call `close()` when the rounds are over. */
export function threadWakeFloor(): ThreadWakeFloor {
  const worker = new Worker(URL.createObjectURL(new Blob([SLEEPER], { type: "application/javascript" })));
  let answered: (() => void) | null = null;
  worker.onmessage = () => answered?.();
  return {
    async lateNs(inMs: number): Promise<number> {
      const dueMs = epochMs() + inMs;
      const arrived = new Promise<number>((resolve) => (answered = () => resolve(epochMs())));
      worker.postMessage(dueMs);
      return ((await arrived) - dueMs) * 1e6;
    },
    close: () => worker.terminate(),
  };
}
