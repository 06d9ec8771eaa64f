/**
 * @module run/helper-thread-priority — keeps background helper threads from taking the core when a send is due.
 *
 * JavaScriptCore compiles hot code on background "JITWorker" threads for the whole run, not
 * only at start-up, and mimalloc purges pages on "mi-scavenger". With a worker on one core they
 * compete with the JS thread, and Linux's scheduler lets a running thread finish its slice
 * (1.4 ms here) before a woken one gets the core. Traced with `perf sched` on our 2-core VM
 * (2k QPS Poisson, client on one core): during the windows in which a send was over 0.5 ms
 * late, a JITWorker held the core 73% of the time; with the JIT threads lowered, mi-scavenger
 * was the largest remaining helper. At nice 19 they still get every idle moment (and ~1.5% of
 * a busy core, so code keeps tiering up under full load), but the send loop preempts them.
 * Linux applies setpriority(2) with PRIO_PROCESS and a thread id to that one thread; lowering
 * a priority needs no privilege. Elsewhere (no /proc, no glibc) this does nothing.
 */
import { readdirSync, readFileSync } from "node:fs";

const PRIO_PROCESS = 0;
const LOWEST_PRIORITY = 19;
/** Thread names (comm): JSC's background compilers and mimalloc's page-purging thread. */
const HELPER_THREAD_NAMES = ["JITWorker", "mi-scavenger"];

type SetPriority = (which: number, who: number, priority: number) => number;

let setPriority: SetPriority | null | undefined;

function loadSetPriority(): SetPriority | null {
  if (process.platform !== "linux") return null;
  try {
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    const libc = ffi.dlopen("libc.so.6", { setpriority: { args: ["i32", "u32", "i32"], returns: "i32" } });
    return libc.symbols.setpriority as SetPriority;
  } catch {
    // No glibc or no FFI: the helper threads keep their default priority.
    return null;
  }
}

/** Sets every current JIT compiler thread of this process to nice 19; returns how many were changed. */
export function lowerHelperThreadPriority(): number {
  setPriority ??= loadSetPriority();
  if (!setPriority) return 0;
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
      if (HELPER_THREAD_NAMES.includes(name) && setPriority(PRIO_PROCESS, Number(tid), LOWEST_PRIORITY) === 0) lowered++;
    } catch {
      // The thread ended between listing and reading: nothing to lower.
    }
  }
  return lowered;
}
