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
 * - Streaming runs only, BUN_JSC_largeHeapSize (64 MB) and BUN_JSC_percentCPUPerMBForEdenTimer
 *   (1e-5): fewer young collections. Reading a streamed fetch body makes Bun allocate a 256 KB
 *   buffer per response (its ReadableStream's autoAllocateChunkSize), so JSC's 8 MB allocation
 *   budget ran out every ~30 responses, and its eden timer collected again soon after any
 *   allocation: 52 collections in the demo's 3 s streaming run, each stopping the JS thread for
 *   ~1 ms — the main cause of its late sends. With a 64 MB budget and the timer slowed down, 5;
 *   16 interleaved pairs of the demo run: lag p99 lower in 13, `ok` in 10 (3 before). Offline
 *   streaming: 331 → 34 collections per 30k responses; a 1M-response worker peaks at 244 MB
 *   (163 before). At 10k streamed responses/s the worker stops for 99–137 ms per 50k responses
 *   instead of 258–387, in fewer but longer stops (~4 ms against ~0.9). Not for non-streaming
 *   runs: their responses are mostly native memory JSC does not count, so a 64 MB budget let a
 *   1M-request worker grow from 155 to 305–320 MB.
 * Bun rejects unknown BUN_JSC_ options at start-up, so a Bun upgrade that dropped one of these
 * would fail every CLI test at once, not silently. A value the user set is kept.
 */

/** The heap sizing JavaScriptCore would choose on a 4 GB machine. */
export const WORKER_JSC_RAM_BYTES = 4 * 1024 ** 3;
/** Streaming: JSC's allocation budget between young collections, 256 responses' read buffers. */
export const WORKER_JSC_HEAP_BUDGET_BYTES = 64 * 1024 ** 2;
/** Streaming: how eagerly JSC's eden timer collects after allocating (by default, within ms). */
export const WORKER_JSC_EDEN_TIMER_CPU_PER_MB = "0.00001";

export interface WorkerEnvOptions {
  /** Each worker is pinned to a single CPU. */
  oneCpu?: boolean;
  /** The run reads streamed (SSE) responses. */
  streaming?: boolean;
}

export function workerEnv(maxInFlightPerWorker: number, parentEnv: Record<string, string | undefined>, options: WorkerEnvOptions = {}): Record<string, string> {
  const { oneCpu = false, streaming = false } = options;
  return {
    BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.max(maxInFlightPerWorker, 1)),
    BUN_JSC_forceRAMSize: parentEnv.BUN_JSC_forceRAMSize ?? String(WORKER_JSC_RAM_BYTES),
    ...(streaming
      ? {
          BUN_JSC_largeHeapSize: parentEnv.BUN_JSC_largeHeapSize ?? String(WORKER_JSC_HEAP_BUDGET_BYTES),
          BUN_JSC_percentCPUPerMBForEdenTimer: parentEnv.BUN_JSC_percentCPUPerMBForEdenTimer ?? WORKER_JSC_EDEN_TIMER_CPU_PER_MB,
        }
      : {}),
    ...(oneCpu ? { BUN_JSC_numberOfGCMarkers: parentEnv.BUN_JSC_numberOfGCMarkers ?? "1" } : {}),
  };
}
