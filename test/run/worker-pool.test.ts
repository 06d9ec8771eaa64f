/**
 * @module test/run/worker-pool.test — a frame main cannot handle during start-up fails the start at
 * once (a SetupError: exit code 3), rather than waiting out the start-up timeout with a stack trace.
 * A real worker process is spawned; an impostor on the pool's socket sends the bad frame. What a
 * worker prints goes where the pool routes it (the dashboard's log while it is up).
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SetupError } from "../../src/errors.ts";
import { encodeFrame } from "../../src/ipc/frame-codec.ts";
import { WorkerPool } from "../../src/run/worker-pool.ts";

describe("run/worker-pool", () => {
  test("an unreadable frame before every worker is ready fails the start at once, not at the timeout", async () => {
    const pool = WorkerPool.spawn(1, {});
    try {
      const socketPath = (pool as unknown as { socketPath: string }).socketPath;
      const impostor = await Bun.connect({ unix: socketPath, socket: { data() {} } });
      impostor.write(encodeFrame({ type: "no-such-message", workerId: 0 }));
      const started = performance.now();
      const failure = await pool
        .initialize(() => ({}) as never, { onMessage() {}, onWorkerExit() {}, onError() {} }, 60_000)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(SetupError);
      expect((failure as Error).message).toMatch(/^could not start the workers: invalid frame from worker/);
      // long wait: the start's timeout is 60 s; failing before half of it is the frame's doing, not the clock's.
      expect(performance.now() - started).toBeLessThan(30_000);
      impostor.end();
    } finally {
      await pool.shutdown();
    }
  });
  test("a shutdown while a worker still boots kills it at once instead of granting it the grace period", async () => {
    const pool = WorkerPool.spawn(1, {});
    const [child] = (pool as unknown as { processes: Bun.Subprocess[] }).processes;
    // Called before this test yields to the event loop, so the worker cannot have said hello yet.
    await pool.shutdown();
    expect(child?.signalCode).toBe("SIGKILL");
  });

  test("workers that are not ready within worker_initialization_timeout fail the start, naming the setting", async () => {
    const pool = WorkerPool.spawn(1, {});
    try {
      // Just spawned: no Bun process is up and connected within a millisecond.
      const failure = await pool
        .initialize(() => ({}) as never, { onMessage() {}, onWorkerExit() {}, onError() {} }, 1)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(SetupError);
      expect((failure as Error).message).toBe(
        "workers did not start within 0.001 s (settings.client.worker_initialization_timeout)",
      );
    } finally {
      await pool.shutdown();
    }
  });

  test("what a worker prints on stderr and stdout goes where the pool routes it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ie-pool-output-"));
    // Bun runs a preload named in BUN_OPTIONS before the worker's own code: it prints one line on each stream.
    const preload = join(dir, "print.ts");
    writeFileSync(preload, 'process.stderr.write("to stderr\\n");\nprocess.stdout.write("to stdout\\n");\n');
    const pool = WorkerPool.spawn(1, { BUN_OPTIONS: `--preload ${preload}` });
    const routed: string[] = [];
    let bothArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (bothArrived = resolve));
    pool.routeOutput((text) => {
      routed.push(text);
      if (routed.join("").includes("to stderr") && routed.join("").includes("to stdout")) bothArrived();
    });
    try {
      await arrived;
      expect(routed.toSorted()).toEqual(["to stderr\n", "to stdout\n"]);
    } finally {
      await pool.shutdown();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
