/**
 * @module server/admission — `serve --max-concurrent N`: at most N requests are served at once,
 * the rest wait in arrival order, as an engine's scheduler queues what its batch cannot hold.
 *
 * A request's TTFT and token times count from its admission, so latency grows with the queue
 * the way a saturated server's does. A request whose client goes away while it waits leaves the
 * queue. The running and waiting counts are what `/metrics` reports (server/server-metrics).
 */

export interface Admission {
  /** Resolves when the request may start; false when the client went away first. */
  admit(signal: AbortSignal): Promise<boolean>;
  /** Ends an admitted request, letting the next one in. */
  release(): void;
  running(): number;
  waiting(): number;
}

/** A gate of `limit` places (null: unlimited, but still counted). */
export function createAdmission(limit: number | null): Admission {
  let running = 0;
  const queue: { start: () => void; signal: AbortSignal }[] = [];
  const next = () => {
    while ((limit === null || running < limit) && queue.length > 0) {
      const waiter = queue.shift() as (typeof queue)[number];
      if (waiter.signal.aborted) continue;
      running++;
      waiter.start();
    }
  };
  return {
    admit(signal) {
      if (signal.aborted) return Promise.resolve(false);
      if (limit === null || (running < limit && queue.length === 0)) {
        running++;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const waiter = { start: () => resolve(true), signal };
        queue.push(waiter);
        signal.addEventListener(
          "abort",
          () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            resolve(false);
          },
          { once: true },
        );
      });
    },
    release() {
      running--;
      next();
    },
    running: () => running,
    waiting: () => queue.length,
  };
}
