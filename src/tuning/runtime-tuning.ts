/**
 * @module tuning/runtime-tuning — the one door to runtime tuning: what main and a worker call, and nothing else.
 *
 * Main plans which CPUs it and each worker get and pins itself; it starts the workers with the
 * environment that sizes Bun's fetch and JavaScriptCore's heap for them. A worker pins itself
 * and keeps the runtime's helper threads off the core that stamps and sends. Everything is
 * Linux-only underneath (libc through bun:ffi) and degrades to doing nothing, with a warning,
 * where the platform lacks it. docs/tuning.md says what each piece does and what a user sets.
 */
import { availableParallelism } from "node:os";
import { allowedCpus, pinProcess, planAffinity, type AffinityPlan } from "./cpu-affinity.ts";
import { HelperTender, type TendedPhase } from "./helper-tender.ts";
import { workerEnv, type WorkerEnvOptions } from "./worker-env.ts";

export type { AffinityPlan } from "./cpu-affinity.ts";
export type { HelperTender, TendedPhase } from "./helper-tender.ts";

/** CPUs this process may run on (its affinity), or the machine's count when that cannot be read. */
export function usableCpuCount(): number {
  return allowedCpus()?.length ?? availableParallelism();
}

/** Which CPUs main, each worker and the workers' helper threads get; null when pinning is off or would not separate them. */
export function planCpus(enabled: boolean, workers: number): AffinityPlan | null {
  return enabled ? planAffinity(allowedCpus() ?? [], workers) : null;
}

/** Pins the main process to its planned CPU; says what it did, or why not. */
export function pinMain(plan: AffinityPlan, log: (line: string) => void): void {
  if (pinProcess(plan.main))
    log(
      `cpu affinity: main on cpu ${plan.main.join(",")}, workers on cpu ${[...new Set(plan.workers.flat())].join(",")}`,
    );
  else log("warning: could not pin the main process to a CPU; running unpinned");
}

/** The environment a worker process starts with (tuning/worker-env), besides ours. */
export function workerEnvironment(fetchRequestCap: number, options: WorkerEnvOptions): Record<string, string> {
  return workerEnv(fetchRequestCap, process.env, options);
}

/** A worker's own tuning, once its init names its CPUs: pinned, and its helper threads tended while its phases run. */
export function tuneWorker(
  cpus: readonly number[],
  helperCpus: readonly number[],
  phases: () => Iterable<TendedPhase>,
): HelperTender {
  if (cpus.length > 0) pinProcess(cpus);
  return new HelperTender(helperCpus, phases);
}

/** One line for `info`: which CPUs a run on this machine would give main, the workers and their helper threads. */
export function describeCpuPlan(): string {
  const allowed = allowedCpus();
  if (!allowed)
    return (
      `cpu affinity: unavailable ` +
      `(${process.platform === "linux" ? "no C library with sched_getaffinity opened" : `${process.platform} has no CPU affinity call`}); ` +
      `workers run unpinned`
    );
  const plan = planAffinity(allowed, Math.max(1, allowed.length - 1));
  const pinning = plan
    ? `main on cpu ${plan.main.join(",")}, workers round-robin on cpus ` +
      `${allowed.slice(1).join(",")}, workers' JIT compiler threads on cpu ` +
      `${plan.helpers.join(",")}`
    : "one CPU: nothing pinned";
  return `cpu affinity: allowed cpus ${allowed.join(",")}; with --enable-cpu-affinity (default): ${pinning}`;
}

/** Puts another process (a local server) on the CPU a run gives its main process, off the workers' cores; false when there are not two CPUs. */
export function pinBesideMain(pid: number): boolean {
  const allowed = allowedCpus() ?? [];
  return allowed.length >= 2 && pinProcess([allowed[0] as number], pid);
}
