/**
 * @module test/support/host-lateness — the host's own schedule-keeping floor, measured beside a timed run.
 *
 * A schedule test that bounds our lag by a constant fails whenever the host is busy, not when our
 * code is late. This runs scripts/bench/jitter-floor.ts (an empty event loop keeping a seeded
 * Poisson schedule with the send loop's waiting strategy, "sending" nothing) on the run's worker
 * CPU at the same time as the run: whatever lag it shows is the machine's at that moment, and the
 * test holds ours to it plus a margin.
 */
import { join } from "node:path";

const JITTER_FLOOR = join(import.meta.dir, "..", "..", "scripts", "bench", "jitter-floor.ts");
/** The CPU a run's single worker pins itself to on a 2-core host (tuning/cpu-affinity). */
const WORKER_CPU = "1";

interface HostLateness {
  p50Ns: number;
  p99Ns: number;
  count: number;
}

/**
 * Starts keeping `qps` × `seconds` due instants now, on the worker CPU where taskset exists;
 * resolves with the lateness once they have all passed (or rejects, naming what it printed).
 */
export function measureHostLateness(qps: number, seconds: number): { result: Promise<HostLateness>; kill(): void } {
  const command = [process.execPath, JITTER_FLOOR, String(qps), String(seconds)];
  const child = Bun.spawn(Bun.which("taskset") ? ["taskset", "-c", WORKER_CPU, ...command] : command, {
    stdout: "pipe",
    stderr: "pipe",
  });
  const result = (async () => {
    const [out, err, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    if (code !== 0) throw new Error(`jitter-floor exited ${code}: ${err.trim()}`);
    const printed = JSON.parse(out) as { p50_us: number; p99_us: number; count: number };
    return { p50Ns: printed.p50_us * 1e3, p99Ns: printed.p99_us * 1e3, count: printed.count };
  })();
  return { result, kill: () => child.kill("SIGKILL") };
}
