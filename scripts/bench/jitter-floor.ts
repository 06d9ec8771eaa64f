/**
 * @module scripts/bench/jitter-floor — how late an empty Bun event loop is at Poisson instants on this core.
 *
 * The same seeded Poisson schedule as a run (src/plan/arrivals.ts) and the same waiting strategy as the send loop
 * (src/run/phase-runner.ts: setTimeout while more than 2 ms away, a setImmediate poll on the
 * clock inside the last 2 ms), but "sending" is only taking the timestamp. Whatever lag this
 * shows comes from the machine (preemption, timer wake-ups), not from HTTP or our bookkeeping;
 * the Poisson section prints it beside inference-endpoint's own schedule_lag.
 * Prints `{"p50_us": …, "p99_us": …, "count": N}`. Usage: `bun scripts/bench/jitter-floor.ts QPS SECONDS`.
 */
import { poissonOffsets } from "../../src/plan/arrivals.ts";

const SPIN_WINDOW_NS = 2_000_000;
const qps = Number(process.argv[2]);
const seconds = Number(process.argv[3]);
if (!(qps > 0) || !(seconds > 0)) {
  console.error("usage: bun scripts/bench/jitter-floor.ts QPS SECONDS");
  process.exit(2);
}

const count = Math.round(qps * seconds);
const startNs = Bun.nanoseconds() + 20_000_000;
const dueNs = poissonOffsets(count, qps, 42).map((offset) => offset + startNs);
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
      next++;
    }
  };
  pump();
});

lagNs.sort();
const at = (q: number) => (lagNs[Math.min(count - 1, Math.floor(q * count))] as number) / 1e3;
console.log(JSON.stringify({ p50_us: at(0.5), p99_us: at(0.99), count }));
