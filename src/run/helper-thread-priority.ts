/**
 * @module run/helper-thread-priority — keeps background helper threads from taking the core when a send is due.
 *
 * JavaScriptCore compiles hot code on background "JITWorker" threads for the whole run, not
 * only at start-up, and mimalloc purges pages on "mi-scavenger". With a worker on one core they
 * compete with the JS thread. Traced with `perf sched` on our 2-core VM (2k QPS Poisson, worker
 * alone on its core): at nice 19 a JITWorker that had the core still ran out its slice — 4.2 ms
 * once, while the woken JS thread waited 4.2 ms with a send due — because the scheduler lets the
 * running task finish its slice whatever its nice value. A SCHED_IDLE thread is different: Linux
 * preempts it as soon as any normal thread wakes. A saturated worker, though, has no idle
 * moments, and a starved JIT left a 10k QPS streaming run at 60 % of its rate. So the worker
 * (workers/http-worker.ts) asks for "idle" only while its phases are timed and keep their
 * schedule, "nice" (nice 19) otherwise. Both take a thread id on Linux and lowering needs no
 * privilege; going back from SCHED_IDLE may be refused to an unprivileged process (the thread
 * then stays idle-class).
 * Elsewhere (no /proc, no glibc) this does nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { openLinuxLibc, pointerTo } from "../sys/linux-libc.ts";

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
const PRIO_PROCESS = 0;
const LOWEST_NICE = 19;
/** Thread names (comm): JSC's background compilers and mimalloc's page-purging thread. */
const HELPER_THREAD_NAMES = ["JITWorker", "mi-scavenger"];

interface Scheduling {
  /** sched_setscheduler(tid, SCHED_IDLE, {0}) === 0 */
  toIdle(tid: number): boolean;
  /** sched_setscheduler(tid, SCHED_OTHER, {0}) === 0 (back from SCHED_IDLE; an unprivileged process may be refused) */
  toOther(tid: number): boolean;
  /** setpriority(PRIO_PROCESS, tid, 19) === 0 */
  toLowestNice(tid: number): boolean;
}

let scheduling: Scheduling | null | undefined;

function loadScheduling(): Scheduling | null {
  const libc = openLinuxLibc({
    sched_setscheduler: { args: ["i32", "i32", "ptr"], returns: "i32" },
    setpriority: { args: ["i32", "u32", "i32"], returns: "i32" },
  });
  if (!libc) return null;
  const param = new Int32Array(1); // struct sched_param { int sched_priority = 0; }
  const paramPointer = pointerTo(param);
  return {
    toIdle: (tid) => libc.sched_setscheduler(tid, SCHED_IDLE, paramPointer) === 0,
    toOther: (tid) => libc.sched_setscheduler(tid, SCHED_OTHER, paramPointer) === 0,
    toLowestNice: (tid) => libc.setpriority(PRIO_PROCESS, tid, LOWEST_NICE) === 0,
  };
}

/** Scheduling policy (field 41) and nice value (field 19) of thread `tid`, from /proc/self/task/TID/stat. */
function schedulingOf(tid: string): { policy: number; nice: number } {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { policy: Number(fields[38]), nice: Number(fields[16]) };
}

export type HelperPriority = "idle" | "nice";

/** Moves every current helper thread of this process to SCHED_IDLE ("idle") or to nice 19 under the normal policy ("nice"); returns how many were changed. */
export function lowerHelperThreadPriority(priority: HelperPriority): number {
  scheduling ??= loadScheduling();
  if (!scheduling) return 0;
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync("/proc/self/task");
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim();
      if (!HELPER_THREAD_NAMES.includes(name)) continue;
      const current = schedulingOf(tid);
      const id = Number(tid);
      if (priority === "idle") {
        if (current.policy !== SCHED_IDLE && (scheduling.toIdle(id) || scheduling.toLowestNice(id))) lowered++;
      } else if (current.policy === SCHED_IDLE) {
        if (scheduling.toOther(id) && scheduling.toLowestNice(id)) lowered++;
      } else if (current.nice !== LOWEST_NICE && scheduling.toLowestNice(id)) lowered++;
    } catch {
      // The thread ended between listing and reading: nothing to lower.
    }
  }
  return lowered;
}
