import { describe, expect, test } from "bun:test";
import { inFlightOf, inFlightText, sizeWorkers } from "../../src/run/size-workers.ts";

describe("run/size-workers", () => {
  test.each([
    [
      "all auto, open loop",
      { numWorkers: -1, maxConnections: -1, concurrency: 0 },
      { workers: 4, connections: 256, maxInFlightPerWorker: 64 },
    ],
    [
      "concurrency sets the connections",
      { numWorkers: -1, maxConnections: -1, concurrency: 100 },
      { workers: 2, connections: 100, maxInFlightPerWorker: 50 },
    ],
    [
      "explicit workers, auto connections",
      { numWorkers: 1, maxConnections: -1, concurrency: 0 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 64 },
    ],
    [
      "explicit both",
      { numWorkers: 2, maxConnections: 10, concurrency: 0 },
      { workers: 2, connections: 10, maxInFlightPerWorker: 5 },
    ],
    [
      "small concurrency",
      { numWorkers: -1, maxConnections: -1, concurrency: 1 },
      { workers: 1, connections: 1, maxInFlightPerWorker: 1 },
    ],
    [
      "timed sends on 2 CPUs: one worker",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, timedSends: true, cpus: 2 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 64 },
    ],
    [
      "timed sends on 64 CPUs: up to the usual 4",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, timedSends: true, cpus: 64 },
      { workers: 4, connections: 256, maxInFlightPerWorker: 64 },
    ],
    [
      "timed sends, explicit connections",
      { numWorkers: -1, maxConnections: 200, concurrency: 0, timedSends: true, cpus: 2 },
      { workers: 4, connections: 200, maxInFlightPerWorker: 50 },
    ],
    [
      "one request: one worker, one connection",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 1 },
      { workers: 1, connections: 1, maxInFlightPerWorker: 1 },
    ],
    [
      "100 requests: two workers",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 100 },
      { workers: 2, connections: 100, maxInFlightPerWorker: 50 },
    ],
    [
      "more requests than auto connections: no change",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: 10_000 },
      { workers: 4, connections: 256, maxInFlightPerWorker: 64 },
    ],
    [
      "requests unknown: no change",
      { numWorkers: -1, maxConnections: -1, concurrency: 0, requests: null },
      { workers: 4, connections: 256, maxInFlightPerWorker: 64 },
    ],
    [
      "requests below the concurrency",
      { numWorkers: -1, maxConnections: -1, concurrency: 200, requests: 3 },
      { workers: 1, connections: 3, maxInFlightPerWorker: 3 },
    ],
    [
      "explicit connections are kept",
      { numWorkers: -1, maxConnections: 128, concurrency: 0, requests: 1 },
      { workers: 2, connections: 128, maxInFlightPerWorker: 64 },
    ],
    [
      "explicit workers are kept",
      { numWorkers: 3, maxConnections: -1, concurrency: 0, requests: 1 },
      { workers: 3, connections: 1, maxInFlightPerWorker: 1 },
    ],
  ])("%s", (_name, input, expected) => {
    const sizing = sizeWorkers(input);
    expect({
      workers: sizing.workers,
      connections: sizing.connections,
      maxInFlightPerWorker: sizing.maxInFlightPerWorker,
    }).toEqual(expected);
  });

  // A slow schedule may hold more requests than it keeps connections: an LLM's seconds of latency at tens of req/s.
  test.each([
    [
      "50 req/s on 2 CPUs: 64 kept alive, 1024 in flight",
      { targetRate: 50 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 1024, inFlight: 1024 },
    ],
    [
      "200 req/s a worker is still slow",
      { targetRate: 200 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 1024, inFlight: 1024 },
    ],
    [
      "201 req/s a worker: the keep-alive ceiling",
      { targetRate: 201 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 64, inFlight: 64 },
    ],
    [
      "600 req/s over 4 workers (64 CPUs) is 150 each",
      { targetRate: 600, cpus: 64 },
      { workers: 4, connections: 256, maxInFlightPerWorker: 1024, inFlight: 4096 },
    ],
    [
      "300 requests: no more in flight than the run sends",
      { targetRate: 50, requests: 300 },
      { workers: 1, connections: 64, maxInFlightPerWorker: 300, inFlight: 300 },
    ],
    [
      "explicit --max-connections is the ceiling",
      { targetRate: 50, maxConnections: 32 },
      { workers: 1, connections: 32, maxInFlightPerWorker: 32, inFlight: 32 },
    ],
    [
      "--max-concurrency is the ceiling",
      { targetRate: 50, concurrency: 16 },
      { workers: 1, connections: 16, maxInFlightPerWorker: 16, inFlight: 16 },
    ],
    [
      "rate unknown (a trace)",
      { targetRate: null },
      { workers: 1, connections: 64, maxInFlightPerWorker: 64, inFlight: 64 },
    ],
  ] as const)("%s", (_name, over, expected) => {
    const sizing = sizeWorkers({
      numWorkers: -1,
      maxConnections: -1,
      concurrency: 0,
      timedSends: true,
      cpus: 2,
      ...over,
    });
    expect({
      workers: sizing.workers,
      connections: sizing.connections,
      maxInFlightPerWorker: sizing.maxInFlightPerWorker,
      inFlight: inFlightOf(sizing),
    }).toEqual(expected);
    expect(sizing.warnings).toEqual([]);
  });

  test.each([
    [
      { workers: 1, connections: 64, maxInFlightPerWorker: 1024 },
      "64 connections kept alive, up to 1024 requests in flight",
    ],
    [{ workers: 2, connections: 128, maxInFlightPerWorker: 64 }, "up to 128 connections"],
  ])("inFlightText(%o)", (sizing, text) => {
    expect(inFlightText(sizing)).toBe(text);
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
