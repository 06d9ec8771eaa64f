/**
 * @module test/e2e/tuning-helper-threads.test — JIT and allocator helper threads stay as they are
 * ("normal"), end up at nice 19 ("nice") or SCHED_IDLE ("idle") and, given CPUs, on those CPUs; the JS thread keeps its
 * priority and its CPUs (Linux). Each case runs in a child process so the test runner's own
 * threads are left alone.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const MODULE = join(import.meta.dir, "..", "..", "src", "tuning", "helper-threads.ts");

interface ThreadState {
  name: string;
  policy: number;
  nice: number;
  cpus: string;
}

/** In a child: warm the JIT up, tend the helpers, report policy (field 41), nice (field 19) and allowed CPUs per thread name. */
function childReport(
  priorities: ("normal" | "idle" | "nice")[],
  cpus: number[] = [],
): { lowered: number; threads: ThreadState[] } {
  const script = `
    import { readdirSync, readFileSync } from "node:fs";
    import { HelperThreads } from ${JSON.stringify(MODULE)};
    const hot = (n) => { let y = 0; for (let i = 0; i < n; i++) y = (y + i * 7) % 1000003; return y; };
    let x = 0;
    for (let k = 0; k < 200; k++) x += hot(1e5); // may start JIT threads; mi-scavenger is always there
    await Bun.sleep(50);
    let lowered = 0;
    const helpers = new HelperThreads(${JSON.stringify(cpus)});
    for (const priority of ${JSON.stringify(priorities)}) lowered = helpers.tend(priority);
    const threads = readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync("/proc/self/task/" + tid + "/stat", "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cpus = readFileSync("/proc/self/task/" + tid + "/status", "utf8").match(/Cpus_allowed_list:\\s+(\\S+)/)[1];
      return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), policy: Number(fields[38]), nice: Number(fields[16]), cpus };
    });
    console.log(JSON.stringify({ lowered, threads, x }));
  `;
  const child = Bun.spawnSync([process.execPath, "-e", script]);
  if (child.exitCode !== 0) throw new Error(child.stderr.toString());
  return JSON.parse(child.stdout.toString());
}

describe.skipIf(process.platform !== "linux")("tuning/helper-threads", () => {
  test.each([
    ["idle", 5, 0],
    ["nice", 0, 19],
  ] as const)(
    "%s: every helper thread (mi-scavenger, any JITWorker) gets policy %d and nice %d; the JS thread is untouched",
    (priority, policy, nice) => {
      const report = childReport([priority]);
      const helpers = report.threads.filter((t) => t.name === "JITWorker" || t.name === "mi-scavenger");
      expect(helpers.some((t) => t.name === "mi-scavenger")).toBe(true);
      expect(report.lowered).toBe(helpers.length);
      for (const thread of helpers) expect({ policy: thread.policy, nice: thread.nice }).toEqual({ policy, nice });
      const js = report.threads[0];
      expect({ policy: js?.policy, nice: js?.nice }).toEqual({ policy: 0, nice: 0 });
    },
  );

  test("idle, then nice: back to the normal policy at nice 19 (an unprivileged process may be refused and stay idle-class)", () => {
    const report = childReport(["idle", "nice"]);
    const helpers = report.threads.filter((t) => t.name === "JITWorker" || t.name === "mi-scavenger");
    const root = process.getuid?.() === 0;
    for (const thread of helpers) {
      const state = { policy: thread.policy, nice: thread.nice };
      if (root) expect(state).toEqual({ policy: 0, nice: 19 });
      else
        expect([JSON.stringify({ policy: 0, nice: 19 }), JSON.stringify({ policy: 5, nice: 0 })]).toContain(
          JSON.stringify(state),
        );
    }
  });

  test("normal leaves every helper thread as it is: untouched at first, still at nice 19 after nice", () => {
    const untouched = childReport(["normal"]);
    expect(untouched.lowered).toBe(0);
    for (const thread of untouched.threads)
      expect({ name: thread.name, policy: thread.policy, nice: thread.nice }).toEqual({
        name: thread.name,
        policy: 0,
        nice: 0,
      });
    const lowered = childReport(["nice", "normal"]);
    const helpers = lowered.threads.filter((t) => t.name === "JITWorker" || t.name === "mi-scavenger");
    expect(helpers.length).toBeGreaterThan(0);
    for (const thread of helpers) expect({ policy: thread.policy, nice: thread.nice }).toEqual({ policy: 0, nice: 19 });
  });

  test("given CPUs, the compiler and scavenger threads move there at their normal priority; the JS thread stays", () => {
    const allowed = readFileSync("/proc/self/status", "utf8").match(/Cpus_allowed_list:\s+(\S+)/)?.[1] as string;
    const target = Number(allowed.split(/[,-]/).at(-1));
    const report = childReport(["nice"], [target]);
    expect(report.lowered).toBe(0);
    const moved = report.threads.filter((t) => ["JITWorker", "mi-scavenger", "JSCWarmUp"].includes(t.name));
    expect(moved.some((t) => t.name === "mi-scavenger")).toBe(true);
    for (const thread of moved)
      expect({ name: thread.name, cpus: thread.cpus, policy: thread.policy, nice: thread.nice }).toEqual({
        name: thread.name,
        cpus: String(target),
        policy: 0,
        nice: 0,
      });
    expect(report.threads[0]?.cpus).toBe(allowed);
  });
});
