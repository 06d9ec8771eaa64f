/**
 * @module run/worker-env — the environment variables a worker process starts with, besides ours.
 *
 * - BUN_CONFIG_MAX_HTTP_REQUESTS: Bun's cap on concurrent fetch() requests, raised to the
 *   worker's share of the connections (Bun's default would queue the rest unseen).
 * - BUN_JSC_forceRAMSize: the RAM JavaScriptCore sizes its heap by. On a machine with ≥ 16 GB it
 *   picks its "aggressive" growth mode (Heap.cpp, aggressiveHeapThresholdInMB) and lets a worker's
 *   garbage — fetch bodies and responses, mostly native memory it does not see — pile up: a
 *   1M-request worker peaked at 297–336 MB RSS on a 24 GB host. Sized as a 4 GB machine it uses
 *   the default growth and peaks at ~200 MB, with no CPU cost we could measure (16.7 vs 17.6 s
 *   of worker CPU per 500k requests, within run-to-run noise).
 * - BUN_JSC_numberOfGCMarkers=1 when each worker is pinned to one CPU: JSC sizes its parallel
 *   marking by the CPUs it sees at start-up (before the pin), and its "HeapHelper" markers then
 *   share the worker's only core with the thread they work for. `perf sched` of the demo's
 *   200 QPS streaming run put HeapHelper in every window where sends were > 1 ms late once the
 *   JIT threads had left the core; with one marker, 13 interleaved pairs of that run: fewer late
 *   sends in 10 (median 7 vs 12.5 of 600, lag p99 1.1 vs 1.7 ms).
 * Bun rejects unknown BUN_JSC_ options at start-up, so a Bun upgrade that dropped one of these
 * would fail every CLI test at once, not silently. A value the user set is kept.
 */

/** The heap sizing JavaScriptCore would choose on a 4 GB machine. */
export const WORKER_JSC_RAM_BYTES = 4 * 1024 ** 3;

export function workerEnv(maxInFlightPerWorker: number, parentEnv: Record<string, string | undefined>, oneCpu = false): Record<string, string> {
  return {
    BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.max(maxInFlightPerWorker, 1)),
    BUN_JSC_forceRAMSize: parentEnv.BUN_JSC_forceRAMSize ?? String(WORKER_JSC_RAM_BYTES),
    ...(oneCpu ? { BUN_JSC_numberOfGCMarkers: parentEnv.BUN_JSC_numberOfGCMarkers ?? "1" } : {}),
  };
}
