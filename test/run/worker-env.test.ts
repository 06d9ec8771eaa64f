/** @module test/run/worker-env.test — what a worker process's environment adds. */
import { describe, expect, test } from "bun:test";
import { WORKER_JSC_RAM_BYTES, workerEnv } from "../../src/run/worker-env.ts";

describe("run/worker-env", () => {
  test.each([
    ["the worker's connections", 64, {}, { BUN_CONFIG_MAX_HTTP_REQUESTS: "64", BUN_JSC_forceRAMSize: String(WORKER_JSC_RAM_BYTES) }],
    ["at least one request", 0, {}, { BUN_CONFIG_MAX_HTTP_REQUESTS: "1", BUN_JSC_forceRAMSize: String(WORKER_JSC_RAM_BYTES) }],
    ["the user's own heap sizing", 8, { BUN_JSC_forceRAMSize: "1000000000" }, { BUN_CONFIG_MAX_HTTP_REQUESTS: "8", BUN_JSC_forceRAMSize: "1000000000" }],
  ])("sets %s", (_name, maxInFlight, parent, expected) => {
    expect(workerEnv(maxInFlight, parent)).toEqual(expected);
  });

  test.each([
    ["one GC marker for a worker pinned to one CPU", {}, "1"],
    ["the user's own marker count", { BUN_JSC_numberOfGCMarkers: "3" }, "3"],
  ])("sets %s", (_name, parent, markers) => {
    expect(workerEnv(8, parent, true).BUN_JSC_numberOfGCMarkers).toBe(markers);
    expect(workerEnv(8, parent, false).BUN_JSC_numberOfGCMarkers).toBeUndefined();
  });

  test("starts a real Bun process with it", () => {
    const child = Bun.spawnSync([process.execPath, "-e", "console.log('ok')"], { env: { ...process.env, ...workerEnv(4, {}, true) } });
    expect([child.exitCode, child.stdout.toString().trim()]).toEqual([0, "ok"]);
  });
});
