/**
 * @module run/spawn-workers — starts a run's worker processes with the environment they need.
 */
import { workerEnvironment } from "../tuning/runtime-tuning.ts";
import type { WorkerEnvOptions } from "../tuning/worker-env.ts";
import { WorkerPool } from "./worker-pool.ts";

/**
 * Starts the worker processes of a run; hand the pool to the Session. `overlappingPhases`: how
 * many phases can be in flight at once in a worker (2 when warmup is not drained); `options`:
 * whether each worker will be pinned to a single CPU, whether the run reads SSE responses;
 * `allOutput`: pass on every line the workers print (`log_level: DEBUG`).
 */
export function spawnWorkers(
  workers: number,
  maxInFlightPerWorker: number,
  overlappingPhases: number,
  options: WorkerEnvOptions = {},
  allOutput = false,
): WorkerPool {
  return WorkerPool.spawn(
    workers,
    workerEnvironment(fetchRequestCap(maxInFlightPerWorker, overlappingPhases), options),
    allOutput,
  );
}

/**
 * Each worker's BUN_CONFIG_MAX_HTTP_REQUESTS. While a phase that does not drain overlaps the
 * next, a worker holds both phases' requests (each runner keeps to its own limit): fetch must
 * leave room for all of them, or the next phase's requests would queue inside fetch, out of
 * sight, with the wait counted as their latency.
 */
function fetchRequestCap(maxInFlightPerWorker: number, overlappingPhases: number): number {
  return Math.max(1, overlappingPhases) * Math.max(maxInFlightPerWorker, 1);
}
