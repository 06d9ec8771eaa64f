/**
 * @module scripts/bench/lib/quiet — waits for the machine to be idle before a batch of measurements.
 *
 * On a shared 2-core VM another job skews what we measure, so each section first polls the
 * 1-minute load average (/proc/loadavg) every 20 s until it is below `maxLoad`, for at most
 * `maxWaitS`. Our own previous section raises it too, so a wait of about a minute is normal.
 */
import { readFileSync } from "node:fs";

interface QuietOutcome {
  load: number;
  waitedS: number;
  /** The limit passed without the load dropping: the section ran under load. */
  underLoad: boolean;
}

function loadAverage(): number {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}

export async function waitForQuiet(maxLoad: number, maxWaitS: number, pollS = 20): Promise<QuietOutcome> {
  const start = performance.now();
  let load = loadAverage();
  if (maxLoad <= 0) return { load, waitedS: 0, underLoad: false };
  while (load >= maxLoad) {
    const waitedS = (performance.now() - start) / 1000;
    if (waitedS >= maxWaitS) {
      console.error(`  load ${load.toFixed(2)} still ≥ ${maxLoad} after ${waitedS.toFixed(0)} s: measuring under load`);
      return { load, waitedS, underLoad: true };
    }
    console.error(`  load ${load.toFixed(2)} ≥ ${maxLoad}: waiting ${pollS} s`);
    await Bun.sleep(pollS * 1000);
    load = loadAverage();
  }
  return { load, waitedS: (performance.now() - start) / 1000, underLoad: false };
}
