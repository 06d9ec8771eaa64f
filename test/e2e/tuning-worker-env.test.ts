/** @module test/e2e/tuning-worker-env.test — what a worker process's environment adds. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { spawnWorkers } from "../../src/run/spawn-workers.ts";
import {
  WORKER_JSC_EDEN_TIMER_CPU_PER_MB,
  WORKER_JSC_HEAP_BUDGET_BYTES,
  WORKER_JSC_RAM_BYTES,
  workerEnv,
} from "../../src/tuning/worker-env.ts";

/** Young (eden) collections a real Bun process runs while allocating 128 buffers of 256 KB, one streamed response's read buffer each. */
function edenCollections(env: Record<string, string>): number {
  const script =
    "const kept = []; for (let i = 0; i < 128; i++) kept[i % 4] = new Uint8Array(256 * 1024); console.log('done');";
  const child = Bun.spawnSync([process.execPath, "-e", script], {
    env: { ...process.env, ...env, BUN_JSC_logGC: "1" },
  });
  expect(child.stdout.toString().trim()).toBe("done");
  return child.stderr
    .toString()
    .split("\n")
    .filter((line) => line.includes("EdenCollection")).length;
}

/** The tiers JavaScriptCore compiled a hot function with in a real Bun process (compiles made on the JS thread, so none is missed). */
function tiersOfHotFunction(env: Record<string, string>): string[] {
  const script =
    "function hot(a) { let s = 0; for (let i = 0; i < 50; i++) s += (a * i) % 7; return s }" +
    "let t = 0; for (let k = 0; k < 200000; k++) t += hot(k); console.log(t > 0 ? 'done' : 'none');";
  const child = Bun.spawnSync([process.execPath, "-e", script], {
    env: { ...process.env, ...env, BUN_JSC_useConcurrentJIT: "0", BUN_JSC_reportCompileTimes: "1" },
  });
  expect(child.stdout.toString().trim()).toBe("done");
  return [...child.stderr.toString().matchAll(/Optimized hot#.* using (\w+) with/g)].map((m) => m[1] as string);
}

describe("tuning/worker-env", () => {
  test.each([
    [
      "the worker's connections",
      64,
      {},
      {
        BUN_CONFIG_MAX_HTTP_REQUESTS: "64",
        BUN_JSC_forceRAMSize: String(WORKER_JSC_RAM_BYTES),
        BUN_JSC_useFTLJIT: "0",
      },
    ],
    [
      "at least one request",
      0,
      {},
      { BUN_CONFIG_MAX_HTTP_REQUESTS: "1", BUN_JSC_forceRAMSize: String(WORKER_JSC_RAM_BYTES), BUN_JSC_useFTLJIT: "0" },
    ],
    [
      "the user's own heap sizing",
      8,
      { BUN_JSC_forceRAMSize: "1000000000" },
      { BUN_CONFIG_MAX_HTTP_REQUESTS: "8", BUN_JSC_forceRAMSize: "1000000000", BUN_JSC_useFTLJIT: "0" },
    ],
    [
      "the user's own top tier",
      8,
      { BUN_JSC_useFTLJIT: "1" },
      { BUN_CONFIG_MAX_HTTP_REQUESTS: "8", BUN_JSC_forceRAMSize: String(WORKER_JSC_RAM_BYTES), BUN_JSC_useFTLJIT: "1" },
    ],
  ])("sets %s", (_name, maxInFlight, parent, expected) => {
    expect(workerEnv(maxInFlight, parent)).toEqual(expected);
  });

  test.each([
    ["one GC marker for a worker pinned to one CPU", {}, "1"],
    ["the user's own marker count", { BUN_JSC_numberOfGCMarkers: "3" }, "3"],
  ])("sets %s", (_name, parent, markers) => {
    expect(workerEnv(8, parent, { oneCpu: true }).BUN_JSC_numberOfGCMarkers).toBe(markers);
    expect(workerEnv(8, parent).BUN_JSC_numberOfGCMarkers).toBeUndefined();
  });

  test.each([
    [
      "a larger young-generation budget and a slow eden timer",
      {},
      [String(WORKER_JSC_HEAP_BUDGET_BYTES), WORKER_JSC_EDEN_TIMER_CPU_PER_MB],
    ],
    [
      "the user's own values",
      { BUN_JSC_largeHeapSize: "1000", BUN_JSC_percentCPUPerMBForEdenTimer: "0.5" },
      ["1000", "0.5"],
    ],
  ])("gives a streaming run %s, a non-streaming run neither", (_name, parent, expected) => {
    const streaming = workerEnv(8, parent, { streaming: true });
    expect([streaming.BUN_JSC_largeHeapSize, streaming.BUN_JSC_percentCPUPerMBForEdenTimer]).toEqual(expected);
    const plain = workerEnv(8, parent);
    expect([plain.BUN_JSC_largeHeapSize, plain.BUN_JSC_percentCPUPerMBForEdenTimer]).toEqual([undefined, undefined]);
  });

  test("starts a real Bun process with it", () => {
    const child = Bun.spawnSync([process.execPath, "-e", "console.log('ok')"], {
      env: { ...process.env, ...workerEnv(4, {}, { oneCpu: true, streaming: true }) },
    });
    expect([child.exitCode, child.stdout.toString().trim()]).toEqual([0, "ok"]);
  });

  test("a worker compiles a hot function with the DFG tier and never FTL; a default process reaches FTL", () => {
    expect(tiersOfHotFunction(workerEnv(4, {}))).toEqual(["Baseline", "DFG"]);
    expect(tiersOfHotFunction({})).toContain("FTL");
  });

  test("a streaming worker's heap absorbs 32 MB of response read buffers without a young collection; the default heap does not", () => {
    expect(edenCollections(workerEnv(4, {}))).toBeGreaterThan(0);
    expect(edenCollections(workerEnv(4, {}, { streaming: true }))).toBe(0);
  });
});

describe("run/spawn-workers", () => {
  test.skipIf(process.platform !== "linux").each([
    ["a streaming run's worker starts with the young-generation settings", true, String(WORKER_JSC_HEAP_BUDGET_BYTES)],
    ["a non-streaming run's worker starts without them", false, undefined],
  ])("%s", async (_name, streaming, budget) => {
    const pool = spawnWorkers(1, 8, 1, { streaming });
    try {
      const [pid] = pool.pids();
      // Until the spawned process has exec'd, /proc shows the environment it was forked with.
      let environ: string[] = [];
      const value = (name: string) => environ.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
      for (
        const deadline = performance.now() + 5000;
        value("BUN_CONFIG_MAX_HTTP_REQUESTS") === undefined && performance.now() < deadline;
        await Bun.sleep(5)
      ) {
        environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      }
      expect([value("BUN_JSC_largeHeapSize"), value("BUN_CONFIG_MAX_HTTP_REQUESTS")]).toEqual([budget, "8"]);
    } finally {
      await pool.shutdown();
    }
  });
});
