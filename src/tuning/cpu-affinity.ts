/**
 * @module tuning/cpu-affinity — pinning the main process and the workers to CPUs (Linux).
 *
 * The main process (scheduling results, SQLite) gets the first allowed CPU, workers share the
 * others round-robin, so a busy worker never delays the recorder and vice versa. The runtime's
 * helper threads in each worker (JIT compilers, GC markers, the allocator's scavenger) go to
 * main's CPU (`helpers`), off the cores where sends are timed (see tuning/helper-threads). Affinity is a
 * per-thread property on Linux, so a process is pinned by pinning every thread it has now
 * (/proc/PID/task); threads it creates later inherit it. Nothing is pinned with fewer than two
 * allowed CPUs, off Linux, or when libc cannot be called; failures are warnings, never errors.
 */
import { readdirSync } from "node:fs";
import { openLinuxLibc } from "./linux-libc.ts";

export interface AffinityPlan {
  main: number[];
  workers: number[][];
  /** Where workers put their runtime helper threads: main's CPU. */
  helpers: number[];
}

/** Pure: which CPUs main and each worker get, or null when pinning would not separate them. */
export function planAffinity(allowed: readonly number[], workers: number): AffinityPlan | null {
  if (allowed.length < 2 || workers < 1) return null;
  const [mainCpu, ...rest] = allowed as [number, ...number[]];
  return {
    main: [mainCpu],
    workers: Array.from({ length: workers }, (_, i) => [rest[i % rest.length] as number]),
    helpers: [mainCpu],
  };
}

const MASK_BYTES = 128; // cpu_set_t: 1024 CPUs

interface Libc {
  sched_getaffinity(pid: number, size: number, mask: Uint8Array): number;
  sched_setaffinity(pid: number, size: number, mask: Uint8Array): number;
}

function loadLibc(): Libc | null {
  return openLinuxLibc({
    sched_getaffinity: { args: ["i32", "usize", "ptr"], returns: "i32" },
    sched_setaffinity: { args: ["i32", "usize", "ptr"], returns: "i32" },
  }) as unknown as Libc | null;
}

let libc: Libc | null | undefined;
const getLibc = () => (libc === undefined ? (libc = loadLibc()) : libc);

/** CPUs this process may run on, or null when unknown. */
export function allowedCpus(): number[] | null {
  const c = getLibc();
  if (!c) return null;
  const mask = new Uint8Array(MASK_BYTES);
  if (c.sched_getaffinity(0, MASK_BYTES, mask) !== 0) return null;
  const cpus: number[] = [];
  mask.forEach((byte, i) => {
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) cpus.push(i * 8 + bit);
  });
  return cpus;
}

/** Pins every current thread of `pid` (default: this process). Returns false when it could not. */
export function pinProcess(cpus: readonly number[], pid: number = process.pid): boolean {
  let tids: number[];
  try {
    tids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    tids = [pid];
  }
  return pinThreads(tids, cpus);
}

/** Pins each thread id in `tids` (any process) to `cpus`. Returns false when any could not be pinned. */
export function pinThreads(tids: readonly number[], cpus: readonly number[]): boolean {
  const c = getLibc();
  if (!c || cpus.length === 0) return false;
  const mask = new Uint8Array(MASK_BYTES);
  for (const cpu of cpus) mask[cpu >> 3] = (mask[cpu >> 3] as number) | (1 << (cpu & 7));
  return tids.every((tid) => c.sched_setaffinity(tid, MASK_BYTES, mask) === 0);
}
