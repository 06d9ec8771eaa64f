/** @module test/metrics/read-side-health.test — the read side's verdict from loop-lateness and CPU samples, on tables and from a real events.db. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readReadSideHealth, readSideHealth } from "../../src/metrics/read-side-health.ts";
import { openEventsDbReadonly } from "../../src/metrics/read-phase.ts";
import { EventsDb } from "../../src/record/events-db.ts";

const MS = 1e6;
const dir = mkdtempSync(join(tmpdir(), "ie-read-side-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** n samples, each `lateMs` late and `cpu` busy, with `spikes` of them `spikeMs` late. */
function series(n: number, lateMs: number, cpu: number, spikes = 0, spikeMs = 0) {
  const late = Array.from({ length: n }, (_, i) => (i < spikes ? spikeMs : lateMs) * MS);
  return { late, cpu: Array.from({ length: n }, () => cpu) };
}

describe("metrics/read-side-health readSideHealth", () => {
  test.each([
    // [case, samples, verdict, bound ms]
    ["a quick loop, busy or not", series(200, 0.2, 0.95), null, 0],
    ["one stall in a hundred is below p99", series(200, 0.2, 0.5, 2, 40), null, 0],
    [
      "a loop late by 30 ms at p99, the worker's core busy: saturated by its own work",
      series(200, 0.2, 0.7, 10, 30),
      "worker",
      30,
    ],
    [
      "late, but the worker mostly idle: saturated, the host kept it waiting",
      series(200, 0.2, 0.3, 10, 12),
      "host",
      12,
    ],
    ["at exactly LATE_MS: still ok", series(100, 2, 1), null, 0],
    ["an idle loop's timer granularity (1.05 ms at p99) is no delay worth naming", series(100, 1.05, 0.3), null, 0],
  ] as const)("%s", (_name, { late, cpu }, cause, bound) => {
    const h = readSideHealth(late, cpu, 2);
    expect(h?.verdict).toBe(cause === null ? "ok" : "saturated");
    expect(h?.cause).toBe(cause);
    expect(h?.bound_ms).toBe(bound);
    expect(h?.samples).toBe(late.length);
  });

  test("no samples: no verdict (an older events.db, or a run that sent none)", () => {
    expect(readSideHealth([], [], 0)).toBeNull();
  });

  test("the figures: lateness p99 and max in ms, CPU p90 and max as fractions of a core", () => {
    const late = Array.from({ length: 100 }, (_, i) => i * MS);
    const cpu = Array.from({ length: 100 }, (_, i) => i / 100);
    expect(readSideHealth(late, cpu, 1)).toMatchObject({
      lateness_p99_ms: 98,
      lateness_max_ms: 99,
      cpu_p90: 0.89,
      cpu_max: 0.99,
      workers: 1,
    });
  });
});

describe("metrics/read-side-health readReadSideHealth", () => {
  test("the phase's samples inside its window, from events.db's worker_health", () => {
    const path = join(dir, "health.db");
    const db = new EventsDb(path);
    db.addWorkerHealth("performance", 0, Float64Array.of(100, 30 * MS, 0.98, 200, 31 * MS, 0.99, 900, 99 * MS, 1));
    db.addWorkerHealth("performance", 1, Float64Array.of(150, 0, 0.1));
    db.addWorkerHealth("warmup", 0, Float64Array.of(150, 50 * MS, 1));
    db.close();
    const read = openEventsDbReadonly(path);
    try {
      expect(readReadSideHealth(read, "performance", 0, 500)).toMatchObject({
        samples: 3,
        workers: 2,
        lateness_max_ms: 31,
      });
    } finally {
      read.close();
    }
  });
});
