/**
 * @module scripts/bench/lib/cpu — CPU time and peak memory of a process tree, read from /proc (Linux).
 *
 * `/proc/PID/stat` fields 14–17 are utime, stime, cutime, cstime in clock ticks; cutime/cstime
 * hold the CPU of children the process has already reaped (wait4 accounts them to the parent).
 * So the CPU of a client = main's own + its reaped children + its live children's own, which
 * `TreeSampler` reads every `intervalMs` together with VmHWM (peak RSS) of every process.
 */
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICK_US = 1e6 / Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim() || 100);

interface StatTimes {
  ownUs: number;
  reapedChildrenUs: number;
}

function statTimes(pid: number): StatTimes | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces; the fixed fields start after its ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const at = (field: number) => Number(fields[field - 3]);
  return { ownUs: (at(14) + at(15)) * CLOCK_TICK_US, reapedChildrenUs: (at(16) + at(17)) * CLOCK_TICK_US };
}

export function childPids(pid: number): number[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // the process has exited: no children to list
  }
  const pids: number[] = [];
  for (const tid of tids) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
      if (text) pids.push(...text.split(/\s+/).map(Number));
    } catch {
      // That thread ended after the listing; the others still count.
    }
  }
  return pids;
}

function peakRssKb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export interface TreeSample {
  atMs: number;
  /** CPU of the whole tree so far: main + reaped children + live children. */
  cpuUs: number;
  /** Main's own CPU so far (its threads, none of its children). */
  mainUs: number;
  children: number[];
}

/**
 * Samples a process tree until `stop()`. `window()` is the CPU spent while children were alive:
 * from the first sample that saw a child to the first one after the last child was gone (the
 * worker's whole life, i.e. the run without the CLI's start-up and report writing).
 */
export class TreeSampler {
  private readonly samples: TreeSample[] = [];
  readonly peakKb = new Map<number, number>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly pid: number,
    intervalMs = 20,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.sample();
  }

  private sample(): void {
    const main = statTimes(this.pid);
    if (!main) return;
    const children = childPids(this.pid);
    let cpuUs = main.ownUs + main.reapedChildrenUs;
    for (const child of children) cpuUs += statTimes(child)?.ownUs ?? 0;
    for (const pid of [this.pid, ...children]) {
      const kb = peakRssKb(pid);
      if (kb !== null) this.peakKb.set(pid, Math.max(kb, this.peakKb.get(pid) ?? 0));
    }
    this.samples.push({ atMs: performance.now(), cpuUs, mainUs: main.ownUs, children });
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** CPU µs (the tree's and main's own) and wall ms while children were alive; null when no child was ever seen or its end was missed. */
  window(): ChildWindow | null {
    return childWindow(this.samples);
  }

  childPidsSeen(): number[] {
    return [...this.peakKb.keys()].filter((pid) => pid !== this.pid);
  }
}

interface ChildWindow {
  cpuUs: number;
  /** Main's own share of `cpuUs`; the rest is its children's. */
  mainCpuUs: number;
  wallMs: number;
}

/**
 * The CPU of a tree's samples while children were alive: from the sample before the first one
 * that saw a child to the first one after the last that saw one whose total is not below it.
 * A sample that misses a live child lacks that child's whole CPU, so it must not end the window.
 */
export function childWindow(samples: readonly TreeSample[]): ChildWindow | null {
  const first = samples.findIndex((s) => s.children.length > 0);
  if (first < 0) return null;
  const last = samples.findLastIndex((s) => s.children.length > 0);
  const lastSeen = samples[last] as TreeSample;
  const end = samples.find((s, i) => i > last && s.cpuUs >= lastSeen.cpuUs);
  if (!end) return null;
  const start = samples[Math.max(0, first - 1)] as TreeSample;
  return { cpuUs: end.cpuUs - start.cpuUs, mainCpuUs: end.mainUs - start.mainUs, wallMs: end.atMs - start.atMs };
}

/** Total CPU µs of an exited child including the children it reaped (wait4 reports RUSAGE_BOTH). */
export function exitedCpuUs(proc: Bun.Subprocess): number {
  const usage = proc.resourceUsage();
  return usage ? Number(usage.cpuTime.total) : Number.NaN;
}
