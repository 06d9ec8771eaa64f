import { describe, expect, test } from "bun:test";
import { sizeWorkers } from "../../src/run/size-workers.ts";

describe("run/size-workers", () => {
  test.each([
    ["all auto, open loop", { numWorkers: -1, maxConnections: -1, concurrency: 0 }, { workers: 4, connections: 256, maxInFlightPerWorker: 64 }],
    ["concurrency sets the connections", { numWorkers: -1, maxConnections: -1, concurrency: 100 }, { workers: 2, connections: 100, maxInFlightPerWorker: 50 }],
    ["explicit workers, auto connections", { numWorkers: 1, maxConnections: -1, concurrency: 0 }, { workers: 1, connections: 64, maxInFlightPerWorker: 64 }],
    ["explicit both", { numWorkers: 2, maxConnections: 10, concurrency: 0 }, { workers: 2, connections: 10, maxInFlightPerWorker: 5 }],
    ["small concurrency", { numWorkers: -1, maxConnections: -1, concurrency: 1 }, { workers: 1, connections: 1, maxInFlightPerWorker: 1 }],
    ["timed sends on 2 CPUs: one worker", { numWorkers: -1, maxConnections: -1, concurrency: 0, timedSends: true, cpus: 2 }, { workers: 1, connections: 64, maxInFlightPerWorker: 64 }],
    ["timed sends on 64 CPUs: up to the usual 4", { numWorkers: -1, maxConnections: -1, concurrency: 0, timedSends: true, cpus: 64 }, { workers: 4, connections: 256, maxInFlightPerWorker: 64 }],
    ["timed sends, explicit connections", { numWorkers: -1, maxConnections: 200, concurrency: 0, timedSends: true, cpus: 2 }, { workers: 4, connections: 200, maxInFlightPerWorker: 50 }],
    ["one request: one worker, one connection", { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 1 }, { workers: 1, connections: 1, maxInFlightPerWorker: 1 }],
    ["100 requests: two workers", { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 100 }, { workers: 2, connections: 100, maxInFlightPerWorker: 50 }],
    ["more requests than auto connections: no change", { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 10_000 }, { workers: 4, connections: 256, maxInFlightPerWorker: 64 }],
    ["requests unknown: no change", { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: null }, { workers: 4, connections: 256, maxInFlightPerWorker: 64 }],
    ["requests below the concurrency", { numWorkers: -1, maxConnections: -1, concurrency: 200, requests: 3 }, { workers: 1, connections: 3, maxInFlightPerWorker: 3 }],
    ["explicit connections are kept", { numWorkers: -1, maxConnections: 128, concurrency: 0, requests: 1 }, { workers: 2, connections: 128, maxInFlightPerWorker: 64 }],
    ["explicit workers are kept", { numWorkers: 3, maxConnections: -1, concurrency: 0, requests: 1 }, { workers: 3, connections: 1, maxInFlightPerWorker: 1 }],
  ])("%s", (_name, input, expected) => {
    const sizing = sizeWorkers(input);
    expect({ workers: sizing.workers, connections: sizing.connections, maxInFlightPerWorker: sizing.maxInFlightPerWorker }).toEqual(expected);
  });

  test("warns when one worker would need more than 64 keep-alive sockets", () => {
    expect(sizeWorkers({ numWorkers: 1, maxConnections: 128, concurrency: 0 }).warnings.join()).toContain("64");
  });

  test("warns when max connections cap the concurrency", () => {
    expect(sizeWorkers({ numWorkers: -1, maxConnections: 4, concurrency: 8 }).warnings.join()).toContain("at most 4");
  });

  test("does not warn when fewer requests than the concurrency are all in flight", () => {
    expect(sizeWorkers({ numWorkers: -1, maxConnections: -1, concurrency: 200, requests: 3 }).warnings).toEqual([]);
  });
});
