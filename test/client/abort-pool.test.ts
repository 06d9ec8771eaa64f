/** @module test/client/abort-pool.test — only cleanly ended requests give back their AbortController, and a reused one still cancels. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { pooledAbortControllers, takeAbortController } from "../../src/client/abort-pool.ts";
import { sendRequest, type InFlightHandle, type RequestSettings } from "../../src/client/send-request.ts";
import { startMockServer, type MockServer } from "../../src/server/index.ts";

const settings: RequestSettings = {
  headers: { "content-type": "application/json" },
  streaming: true,
  requestTimeoutMs: 10_000,
  stallTimeoutMs: 0,
  keepResponseText: false,
  insecure: false,
  now: () => Bun.nanoseconds(),
  maxResponseBytes: 0,
};

function request(url: string) {
  const body = JSON.stringify({
    model: "m",
    messages: [{ role: "user", content: "a b c" }],
    stream: true,
    stream_options: { include_usage: true },
  });
  return {
    phase: "performance",
    workerId: 0,
    planIndex: 0,
    sampleIndex: 0,
    endpointIndex: 0,
    url: `${url}/v1/chat/completions`,
    body,
    scheduledNs: Bun.nanoseconds(),
  };
}

/** Registers nothing, or hands each request's handle to `onHandle`. */
const register = (onHandle?: (handle: InFlightHandle) => void) => (handle: InFlightHandle) => {
  onHandle?.(handle);
  return () => {};
};

let clean: MockServer;
let failing: MockServer;
let stalling: MockServer;
beforeAll(async () => {
  clean = await startMockServer({});
  failing = await startMockServer({ faults: [{ kind: "status", arg: 503 }], faultRate: 1 });
  stalling = await startMockServer({ faults: [{ kind: "stall", arg: 60 }], faultRate: 1 });
});
afterAll(async () => {
  await Promise.all([clean.stop(), failing.stop(), stalling.stop()]);
});
// The pool is per process and other test files share it: start each test from an empty one.
beforeEach(() => {
  while (pooledAbortControllers() > 0) takeAbortController();
});

describe("client/abort-pool", () => {
  test("one request after another reuses a single controller", async () => {
    for (let i = 0; i < 5; i++) {
      const record = await sendRequest(request(clean.url), settings, register());
      expect(record.errorKind).toBeNull();
      expect(pooledAbortControllers()).toBe(1);
    }
  });

  test("an error response keeps its controller out of the pool", async () => {
    const record = await sendRequest(request(failing.url), settings, register());
    expect(record.errorKind).toBe("http_5xx");
    expect(pooledAbortControllers()).toBe(0);
  });

  test("a reused controller still cancels its request, and is not reused again", async () => {
    await sendRequest(request(clean.url), settings, register());
    expect(pooledAbortControllers()).toBe(1);
    // The stalling server sends headers and then nothing for 60 s: cancel as a stop would. Only the cancel can end
    // the request within the test's time, and it must say so.
    const record = await sendRequest(
      request(stalling.url),
      settings,
      register((handle) => setTimeout(() => handle.abort("cancelled"), 100)),
    );
    expect(pooledAbortControllers()).toBe(0);
    expect(record.errorKind).toBe("cancelled");
    const after = await sendRequest(request(clean.url), settings, register());
    expect(after.errorKind).toBeNull();
    expect(pooledAbortControllers()).toBe(1);
  });
});
