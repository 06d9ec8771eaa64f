/**
 * @module tuning/worker-env — the environment variables a worker process starts with, besides ours.
 *
 * - BUN_CONFIG_MAX_HTTP_REQUESTS: Bun's cap on concurrent fetch() requests, raised to the
 *   worker's share of the connections (Bun's default would queue the rest unseen).
 * - BUN_JSC_forceRAMSize: the RAM JavaScriptCore sizes its heap by. On a machine with ≥ 16 GB it
 *   picks its "aggressive" growth mode (JSC's aggressiveHeapThresholdInMB) and lets a worker's
 *   garbage — fetch bodies and responses, mostly native memory it does not see — pile up. Sized
 *   as a 4 GB machine it uses the default growth.
 * - BUN_JSC_useFTLJIT=0: no FTL, JavaScriptCore's top tier. The send path is short branchy code around
 *   fetch, which the DFG tier runs as fast; FTL's compiles of its large inlined functions (the body
 *   reader, the attempt) cost a worker hundreds of ms of CPU in the first seconds of a run and run
 *   again after each deoptimisation, on the CPU that sends. Measured in docs/dev/performance-log.md.
 * - BUN_JSC_numberOfGCMarkers=1 when each worker is pinned to one CPU: JSC sizes its parallel
 *   marking by the CPUs it sees at start-up (before the pin), and its "HeapHelper" markers then
 *   share the worker's only core with the thread they work for, and delay its sends.
 * - Streaming runs only, BUN_JSC_largeHeapSize (64 MB) and BUN_JSC_percentCPUPerMBForEdenTimer
 *   (1e-5): fewer young collections. Reading a streamed fetch body makes Bun allocate a 256 KB
 *   buffer per response (its ReadableStream's autoAllocateChunkSize), so JSC's 8 MB allocation
 *   budget runs out every ~30 responses, and its eden timer collects again soon after any
 *   allocation; every collection stops the JS thread that stamps and sends. Not for non-streaming
 *   runs: their responses are mostly native memory JSC does not count, so a larger budget only
 *   lets the worker's heap grow.
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

export function workerEnv(
  maxInFlightPerWorker: number,
  parentEnv: Record<string, string | undefined>,
  options: WorkerEnvOptions = {},
): Record<string, string> {
  const { oneCpu = false, streaming = false } = options;
  return {
    BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.max(maxInFlightPerWorker, 1)),
    BUN_JSC_forceRAMSize: parentEnv.BUN_JSC_forceRAMSize ?? String(WORKER_JSC_RAM_BYTES),
    BUN_JSC_useFTLJIT: parentEnv.BUN_JSC_useFTLJIT ?? "0",
    ...(streaming
      ? {
          BUN_JSC_largeHeapSize: parentEnv.BUN_JSC_largeHeapSize ?? String(WORKER_JSC_HEAP_BUDGET_BYTES),
          BUN_JSC_percentCPUPerMBForEdenTimer:
            parentEnv.BUN_JSC_percentCPUPerMBForEdenTimer ?? WORKER_JSC_EDEN_TIMER_CPU_PER_MB,
        }
      : {}),
    ...(oneCpu ? { BUN_JSC_numberOfGCMarkers: parentEnv.BUN_JSC_numberOfGCMarkers ?? "1" } : {}),
  };
}
