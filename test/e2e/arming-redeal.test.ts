/**
 * @module test/e2e/arming-redeal — a worker that dies while a phase is being armed: main deals the
 * phase again among the survivors and the run completes with every planned request.
 *
 * No hook in the CLI: the test holds the workers with SIGSTOP/SIGCONT. Both are stopped while they
 * boot, before their init; one (the victim) is let through its init (it answers `ready`) and
 * stopped again; then the other is let through. Its `ready` completes the pool, so main deals the
 * performance phase to both and waits for two `phase-armed` answers, of which the stopped victim
 * can give none. Only then is the victim killed.
 *
 * What the test reads of the workers, from /proc: a worker has handled its init once it is pinned
 * to its own CPU, or (without CPUs to pin to) its runtime's scavenger thread has left the JS
 * thread's CPUs or runs at nice 19 (HelperThreads.tend, on init), and has written `ready` once
 * its JS thread then sleeps; it holds a phase share once it has a "Worker" thread (the alarm thread
 * PhaseRunner.prepare starts before `phase-armed`).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { collectOutput, questionDataset, readSummary, spawnCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-redeal-");
afterAll(() => dirs.cleanup());

const REQUESTS = 2000;
/** How long a request must stay away while the phase waits for the stopped victim (checked against the kill-to-first-request time). */
const WATCH_MS = 3_000;

function workerPids(parentPid: number): number[] {
  const out = Bun.spawnSync(["pgrep", "-P", String(parentPid), "-f", "__worker"]).stdout.toString();
  return out.split(/\s+/).filter(Boolean).map(Number);
}

/** Name, nice value and allowed CPUs of each thread of `pid` (its JS thread first); empty once it is gone. */
function threadsOf(pid: number): { name: string; nice: number; cpus: string }[] {
  const threads: { name: string; nice: number; cpus: string }[] = [];
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const cpus =
        readFileSync(`/proc/${pid}/task/${tid}/status`, "utf8").match(/Cpus_allowed_list:\s+(\S+)/)?.[1] ?? "";
      const thread = { name, nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]), cpus };
      if (Number(tid) === pid) threads.unshift(thread);
      else threads.push(thread);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** The CPUs this test may run on, which a worker inherits until its init pins it. */
const inheritedCpus = readFileSync("/proc/self/status", "utf8").match(/Cpus_allowed_list:\s+(\S+)/)?.[1] ?? "";

/**
 * Init pins the worker to its planned CPU (with two or more CPUs, one fewer than it inherited) and
 * tends the helper threads: moved off the JS thread's CPUs (under CPU affinity) or lowered to nice 19.
 * The scavenger is not always there to be moved yet, so the pinning is the signal wherever there is one.
 */
const handledInit = (pid: number) => {
  const [js, ...others] = threadsOf(pid);
  if (js !== undefined && js.cpus !== inheritedCpus) return true;
  return others.some((t) => t.nice === 19 || (t.name === "mi-scavenger" && js !== undefined && t.cpus !== js.cpus));
};
/** The JS thread waits in its event loop: after init, that is once `ready` has been written. */
const idle = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("S") === true;
  } catch {
    return false;
  }
};
const holdsPhase = (pid: number) => threadsOf(pid).some((t) => t.name === "Worker");

/** The worker id on a worker's command line (`… __worker <socket> <id>`). */
function workerIdOf(pid: number): number {
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  return Number(args[args.indexOf("__worker") + 2]);
}

describe.skipIf(process.platform !== "linux")("cli/arming-redeal", () => {
  test("a worker dying while the phase is armed: the phase is dealt again to the survivor and the run completes", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 5,
      tpotMs: 0,
      outputTokens: 1,
      recordObservations: true,
    });
    const dir = dirs.make();
    const report = join(dir, "r");
    const proc = spawnCli([
      "benchmark",
      "online",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 200),
      "--load-pattern",
      "poisson",
      "--target-qps",
      "500",
      "--num-samples",
      String(REQUESTS),
      "--duration",
      "0",
      "--workers",
      "2",
      "--streaming",
      "off",
      "--report-dir",
      report,
    ]);
    const stderr = collectOutput(proc.stderr);
    let pids: number[] = [];
    try {
      // Stop each worker as soon as it exists: it takes ~100 ms and more to boot and handle its init.
      await waitFor(
        () => {
          pids = workerPids(proc.pid);
          for (const pid of pids) process.kill(pid, "SIGSTOP");
          return pids.length === 2;
        },
        10_000,
        2,
      );
      // One that got through its init before it was stopped can only be the victim.
      const [victim, survivor] = handledInit(pids[1] as number)
        ? [pids[1] as number, pids[0] as number]
        : [pids[0] as number, pids[1] as number];
      expect(handledInit(survivor)).toBe(false); // else main may have dealt already: the scenario cannot be set up

      process.kill(victim, "SIGCONT");
      await waitFor(() => handledInit(victim) && idle(victim), 10_000);
      process.kill(victim, "SIGSTOP");
      process.kill(survivor, "SIGCONT");
      // The survivor's `ready` completed the pool: main dealt the phase to both, and the survivor
      // armed (its alarm thread exists) and answered `phase-armed` (its JS thread waits again).
      await waitFor(() => holdsPhase(survivor) && idle(survivor), 10_000);
      // From there a main that did not wait for the victim would start the phase: watch a bounded
      // window for a request; after the kill, the same path (deal again, arm, start) must take
      // less than that window, or the window proved nothing.
      await Bun.sleep(WATCH_MS);
      expect(holdsPhase(victim)).toBe(false);
      expect(server.observations()).toHaveLength(0); // the phase waits for the victim's `phase-armed`
      expect(proc.exitCode).toBeNull();

      const victimId = workerIdOf(victim);
      const survivorId = workerIdOf(survivor);
      process.kill(victim, "SIGKILL");
      const killedMs = performance.now();
      await waitFor(
        () => server.observations().length > 0,
        20_000,
        5,
        () => `no request after the victim was killed; stderr: ${stderr.text}`,
      );
      // long wait: the watched window is 3 s; the same path after the kill takes a fraction of it (~0.1 s quiet).
      expect(performance.now() - killedMs).toBeLessThan(WATCH_MS);
      // Fail here rather than at the test timeout, so that `finally` still cleans up.
      const exitCode = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => "no exit within 20 s")]);
      expect(exitCode).toBe(0);
      const text = await stderr.done;
      expect(text).toContain(
        `error: worker ${victimId} exited unexpectedly (killed); its unfinished requests are recorded as worker_lost; 1 worker(s) left`,
      );

      expect(server.observations()).toHaveLength(REQUESTS);
      const db = new Database(join(report, "events.db"), { readonly: true });
      try {
        const rows = db
          .query(
            "SELECT COUNT(*) AS n, COUNT(DISTINCT plan_index) AS d, MIN(worker) AS lo, MAX(worker) AS hi, COUNT(error_kind) AS failed FROM requests WHERE phase = 'performance'",
          )
          .get();
        expect(rows).toEqual({ n: REQUESTS, d: REQUESTS, lo: survivorId, hi: survivorId, failed: 0 });
        expect(db.query("SELECT planned, sent, state FROM phases WHERE name = 'performance'").get()).toEqual({
          planned: REQUESTS,
          sent: REQUESTS,
          state: "complete",
        });
        expect(db.query("SELECT value FROM run WHERE key = 'state'").get()).toEqual({ value: "complete" });
      } finally {
        db.close();
      }
      const summary = readSummary(report);
      expect(summary.n_samples_issued).toBe(REQUESTS);
      expect(summary.n_samples_failed).toBe(0);
    } finally {
      // On a failure, leave no worker stopped nor the CLI running (only its live children are killed).
      if (proc.exitCode === null) {
        for (const pid of workerPids(proc.pid)) process.kill(pid, "SIGKILL");
        proc.kill("SIGKILL");
      }
      await proc.exited;
      await server.stop();
    }
  }, 60_000);
});
