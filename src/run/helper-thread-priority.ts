/**
 * @module run/helper-thread-priority — keeps background helper threads from taking the core when a send is due.
 *
 * JavaScriptCore compiles hot code on background "JITWorker" threads for the whole run, not
 * only at start-up, and mimalloc purges pages on "mi-scavenger". With a worker on one core they
 * compete with the JS thread. Traced with `perf sched` on our 2-core VM (2k QPS Poisson, worker
 * alone on its core): at nice 19 a JITWorker that had the core still ran out its slice — 4.2 ms
 * once, while the woken JS thread waited 4.2 ms with a send due — because the scheduler lets the
 * running task finish its slice whatever its nice value. A SCHED_IDLE thread is different: Linux
 * preempts it as soon as any normal thread wakes. So for timed phases (sends due at instants)
 * the helpers go to SCHED_IDLE: they still get every idle moment, and such a worker has plenty.
 * A saturated worker (offline, concurrency) has none, and a starved JIT would slow it, so there
 * they only go to nice 19 (where SCHED_IDLE is refused, nice 19 too). Both take a thread id on
 * Linux, and lowering needs no privilege.
 * Elsewhere (no /proc, no glibc) this does nothing.
 */
import { readdirSync, readFileSync } from "node:fs";

const SCHED_IDLE = 5;
const PRIO_PROCESS = 0;
const LOWEST_NICE = 19;
/** Thread names (comm): JSC's background compilers and mimalloc's page-purging thread. */
const HELPER_THREAD_NAMES = ["JITWorker", "mi-scavenger"];

interface Scheduling {
  /** sched_setscheduler(tid, SCHED_IDLE, {0}) === 0 */
  toIdle(tid: number): boolean;
  /** setpriority(PRIO_PROCESS, tid, 19) === 0 */
  toLowestNice(tid: number): boolean;
}

let scheduling: Scheduling | null | undefined;

function loadScheduling(): Scheduling | null {
  if (process.platform !== "linux") return null;
  try {
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    const libc = ffi.dlopen("libc.so.6", {
      sched_setscheduler: { args: ["i32", "i32", "ptr"], returns: "i32" },
      setpriority: { args: ["i32", "u32", "i32"], returns: "i32" },
    });
    const param = new Int32Array(1); // struct sched_param { int sched_priority = 0; }
    const paramPointer = ffi.ptr(param);
    return {
      toIdle: (tid) => libc.symbols.sched_setscheduler(tid, SCHED_IDLE, paramPointer) === 0,
      toLowestNice: (tid) => libc.symbols.setpriority(PRIO_PROCESS, tid, LOWEST_NICE) === 0,
    };
  } catch {
    // No glibc or no FFI: the helper threads keep their default priority.
    return null;
  }
}

/** The scheduling policy of thread `tid` (field 41 of /proc/self/task/TID/stat). */
function policyOf(tid: string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
}

export type HelperPriority = "idle" | "nice";

/** Moves every current helper thread of this process to SCHED_IDLE ("idle") or nice 19; returns how many were changed. */
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
      if (!HELPER_THREAD_NAMES.includes(name) || policyOf(tid) === SCHED_IDLE) continue;
      if ((priority === "idle" && scheduling.toIdle(Number(tid))) || scheduling.toLowestNice(Number(tid))) lowered++;
    } catch {
      // The thread ended between listing and reading: nothing to lower.
    }
  }
  return lowered;
}
