/**
 * @module tuning/helper-threads — keeps the runtime's helper threads from taking a worker's core when a send is due.
 *
 * JavaScriptCore compiles hot code on background "JITWorker" threads for the whole run, not only
 * at start-up; its garbage collector marks on "HeapHelper" threads and a concurrent collector
 * thread; mimalloc purges pages on "mi-scavenger". On a worker's core they compete with the JS
 * thread that stamps and sends, and every slice they take while a send is due makes it late.
 *
 * Two remedies, in order of preference:
 * - **Move** the compilers and the scavenger (`cpus`, main's CPU under CPU affinity): each new
 *   one is pinned there when first seen. Threads inherit the affinity of the thread that starts
 *   them — the JS thread — so `tend` must run now and then (workers/http-worker.ts: every 10 ms
 *   in a phase's first second, then every 100 ms).
 *   Moved threads keep their normal priority: the collector waits for compiler threads to reach
 *   a safepoint, and a nice-19 one on a busy core would keep it waiting.
 * - Without CPUs to move to, **lower** the compilers and the scavenger (not the GC markers)
 *   while a timed phase runs ("normal" leaves them as they are; nothing raises them back):
 *   nice 19 ("nice"), or SCHED_IDLE
 *   ("idle"), which Linux preempts as soon as a normal
 *   thread wakes — at nice 19 a JITWorker that has the core still runs out its time slice with a
 *   send due. A saturated worker has no idle moments, though, and a starved JIT slows the whole
 *   run down, so the worker asks for "idle" only while it keeps up.
 *   Going back from SCHED_IDLE may be refused to an unprivileged process (the thread stays idle-class).
 * Elsewhere (no /proc, no glibc) this does nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { openLinuxLibc, pointerTo } from "./linux-libc.ts";
import { pinThreads } from "./cpu-affinity.ts";

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
const PRIO_PROCESS = 0;
const LOWEST_NICE = 19;
/** Thread names (comm) whose priority is lowered: JSC's background compilers, mimalloc's scavenger. */
const LOWERED_THREADS = new Set(["JITWorker", "mi-scavenger"]);
/**
 * Thread names moved off the worker's core: the compilers, the scavenger and JSC's start-up
 * warmer. Not the GC's markers ("HeapHelper", the collector thread): the JS thread waits for
 * them during a collection, so on a busy core of their own they stretch its pauses.
 */
const MOVED_THREADS = new Set([...LOWERED_THREADS, "JSCWarmUp"]);

export type HelperPriority = "normal" | "nice" | "idle";

interface Scheduling {
  toIdle(tid: number): boolean;
  toOther(tid: number): boolean;
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
function schedulingOf(tid: number): { policy: number; nice: number } {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { policy: Number(fields[38]), nice: Number(fields[16]) };
}

/** Sets one thread to `priority`; true when it changed. */
function applyPriority(s: Scheduling, tid: number, priority: Exclude<HelperPriority, "normal">): boolean {
  const current = schedulingOf(tid);
  if (priority === "idle") return current.policy !== SCHED_IDLE && (s.toIdle(tid) || s.toLowestNice(tid));
  if (current.policy === SCHED_IDLE) return s.toOther(tid) && s.toLowestNice(tid);
  return current.nice !== LOWEST_NICE && s.toLowestNice(tid);
}

export class HelperThreads {
  /** Thread ids seen so far and their names. */
  private readonly seen = new Map<number, string>();
  private applied: HelperPriority | null = null;

  /** `cpus`: where to move helper threads; empty = leave them where they are. */
  constructor(private readonly cpus: readonly number[]) {}

  /** Helper threads are being moved off the worker's core. */
  private get moving(): boolean {
    return this.cpus.length > 0;
  }

  /**
   * Moves helper threads started since the last call to `cpus`; when there are none to move to,
   * gives every compiler and scavenger thread `priority`. Returns how many threads had their
   * priority changed.
   */
  tend(priority: HelperPriority): number {
    scheduling ??= loadScheduling();
    if (!scheduling) return 0;
    let tids: number[];
    try {
      tids = readdirSync("/proc/self/task").map(Number);
    } catch {
      return 0;
    }
    const reapply = priority !== this.applied;
    this.applied = priority;
    let changed = 0;
    for (const tid of tids) {
      try {
        let name = this.seen.get(tid);
        const isNew = name === undefined;
        if (name === undefined) {
          name = readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim();
          this.seen.set(tid, name);
          if (this.moving && MOVED_THREADS.has(name)) pinThreads([tid], this.cpus);
        }
        if (
          !this.moving &&
          priority !== "normal" &&
          (isNew || reapply) &&
          LOWERED_THREADS.has(name) &&
          applyPriority(scheduling, tid, priority)
        )
          changed++;
      } catch {
        // The thread ended between listing and reading: nothing to tend.
        this.seen.delete(tid);
      }
    }
    if (this.seen.size > tids.length)
      for (const tid of this.seen.keys()) if (!tids.includes(tid)) this.seen.delete(tid);
    return changed;
  }
}
