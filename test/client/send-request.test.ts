/** @module test/client/send-request.test — each injected fault becomes the right error kind; retries, limits and TLS, over loopback. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sendRequest, warmSendPath, type InFlightHandle, type RequestSettings } from "../../src/client/send-request.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { faultForRequest } from "../../src/server/fault-plan.ts";
import { withStallWatch } from "../support/stall-watch.ts";
import { startMockServer, type FaultSpec } from "../../src/server/index.ts";

const MB = 1024 * 1024;
const tmp = mkdtempSync(join(tmpdir(), "ie-send-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function settings(streaming: boolean, extra: Partial<RequestSettings> = {}): RequestSettings {
  return {
    headers: { "content-type": "application/json", authorization: "Bearer sk-secret-key-123456" },
    streaming,
    requestTimeoutMs: 10_000,
    stallTimeoutMs: 0,
    keepResponseText: false,
    insecure: false,
    now: () => Bun.nanoseconds(),
    maxResponseBytes: 64 * MB,
    ...extra,
  };
}

function request(url: string, streaming: boolean, planIndex = 0) {
  const body = JSON.stringify({
    model: "m",
    messages: [{ role: "user", content: "a b c" }],
    stream: streaming,
    stream_options: streaming ? { include_usage: true } : undefined,
  });
  return {
    phase: "performance",
    workerId: 0,
    planIndex,
    sampleIndex: 0,
    endpointIndex: 0,
    url: `${url}/v1/chat/completions`,
    body,
    scheduledNs: Bun.nanoseconds(),
  };
}

const noRegister = () => () => {};

async function sendWith(
  faults: FaultSpec[],
  streaming: boolean,
  extra: Partial<RequestSettings> = {},
  rate = 1,
): Promise<RequestRecord> {
  const server = await startMockServer({ faults, faultRate: rate });
  try {
    return await sendRequest(request(server.url, streaming), settings(streaming, extra), noRegister);
  } finally {
    await server.stop();
  }
}

const f = (kind: FaultSpec["kind"], arg: number | null = null): FaultSpec => ({ kind, arg });

describe("client/send-request faults", () => {
  test.each([
    ["refuse", true, "reset", f("refuse"), {}, 0, "closed unexpectedly"],
    ["refuse", false, "reset", f("refuse"), {}, 0, "closed unexpectedly"],
    ["reset-before-headers", true, "reset", f("reset-before-headers"), {}, 0, "closed unexpectedly"],
    ["reset-mid-stream", true, "reset", f("reset-mid-stream"), {}, 200, "closed unexpectedly"],
    ["reset-mid-stream", false, "reset", f("reset-mid-stream"), {}, 200, "closed unexpectedly"],
    [
      "status:429",
      true,
      "http_429",
      f("status", 429),
      {},
      429,
      "HTTP 429: Rate limit reached for requests (mock fault status:429)",
    ],
    ["status:503", false, "http_5xx", f("status", 503), {}, 503, "HTTP 503: The engine is currently overloaded"],
    ["status:404", false, "http_4xx", f("status", 404), {}, 404, "HTTP 404: HTTP 404 (mock fault status:404)"],
    [
      "stall:3 vs --stall-timeout 0.2",
      true,
      "stalled_stream",
      f("stall", 3),
      { stallTimeoutMs: 200 },
      200,
      "no bytes for --stall-timeout 0.2 s (while reading the body)",
    ],
    [
      "stall:3 vs --request-timeout 0.3",
      false,
      "timeout",
      f("stall", 3),
      { requestTimeoutMs: 300 },
      200,
      "no complete response within --request-timeout 0.3 s",
    ],
    [
      "malformed-sse",
      true,
      "malformed_stream",
      f("malformed-sse"),
      {},
      200,
      "event is not a JSON object: this is not json {",
    ],
    [
      "malformed-sse (an SSE body, read whole)",
      false,
      "malformed_stream",
      f("malformed-sse"),
      {},
      200,
      "event is not a JSON object: this is not json {",
    ],
    ["invalid-json", true, "malformed_stream", f("invalid-json"), {}, 200, "event is not a JSON object: {not json}"],
    [
      "invalid-json",
      false,
      "invalid_json",
      f("invalid-json"),
      {},
      200,
      'response is not a JSON object: {"id":"cmpl-mock-broken"',
    ],
    [
      "huge-body:2 vs 1 MB",
      true,
      "too_large",
      f("huge-body", 2),
      { maxResponseBytes: MB },
      200,
      "over the --max-response-mb limit of 1.0 MB",
    ],
    [
      "huge-body:2 vs 1 MB",
      false,
      "too_large",
      f("huge-body", 2),
      { maxResponseBytes: MB },
      200,
      "declared as 2.0 MB, over the --max-response-mb limit of 1.0 MB",
    ],
    ["huge-body:1 within 64 MB", true, null, f("huge-body", 1), {}, 200, null],
    ["huge-body:1 within 64 MB", false, null, f("huge-body", 1), {}, 200, null],
    ["slow-drip:1", true, null, f("slow-drip", 1), {}, 200, null],
  ] as const)(
    "%s (streaming %p) → %p",
    async (_name, streaming, kind, fault, extra, status, message) => {
      const record = await sendWith([fault], streaming, extra);
      expect(record.errorKind).toBe(kind);
      expect(record.httpStatus).toBe(status);
      if (message === null) expect(record.errorMessage).toBeNull();
      else expect(record.errorMessage).toContain(message);
      // A reset before the headers is sent again once on a new connection (client/send-request).
      expect(record.attempt).toBe(fault.kind === "refuse" || fault.kind === "reset-before-headers" ? 1 : 0);
      expect(record.errorMessage ?? "").not.toContain("sk-secret");
    },
    15_000,
  );

  test("a port with nothing listening is refused", async () => {
    const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const url = `http://127.0.0.1:${listener.port}`;
    listener.stop(true);
    const record = await sendRequest(request(url, true), settings(true), noRegister);
    expect(record.errorKind).toBe("refused");
    expect(record.errorMessage).toStartWith("ECONNREFUSED");
  });

  // openssl makes a 2048-bit RSA key in a process of its own: seconds on a busy shared host.
  test("a self-signed certificate is a tls error with a hint, and passes with insecure", async () => {
    const made = Bun.spawnSync(
      [
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-keyout",
        join(tmp, "key.pem"),
        "-out",
        join(tmp, "cert.pem"),
      ],
      { stderr: "pipe" },
    );
    expect(made.exitCode).toBe(0);
    const reply = { choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }] };
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { key: Bun.file(join(tmp, "key.pem")), cert: Bun.file(join(tmp, "cert.pem")) },
      fetch: () => Response.json(reply),
    });
    try {
      const url = `https://127.0.0.1:${server.port}`;
      const strict = await sendRequest(request(url, false), settings(false), noRegister);
      expect(strict.errorKind).toBe("tls");
      expect(strict.errorMessage).toContain("--insecure");
      const insecure = await sendRequest(request(url, false), settings(false, { insecure: true }), noRegister);
      expect(insecure.errorKind).toBeNull();
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("a plain body without content-length is counted as it arrives: too_large past the limit, whole within it", async () => {
    const reply = JSON.stringify({
      choices: [{ index: 0, message: { role: "assistant", content: "x".repeat(MB) }, finish_reason: "stop" }],
    });
    // Sent as a chunked stream of 64 KB pieces: no content-length to check up front.
    const chunked = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (let at = 0; at < reply.length; at += 65_536)
              controller.enqueue(new TextEncoder().encode(reply.slice(at, at + 65_536)));
            controller.close();
          },
        }),
        { headers: { "content-type": "application/json" } },
      );
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: chunked });
    try {
      const url = `http://127.0.0.1:${server.port}`;
      const over = await sendRequest(request(url, false), settings(false, { maxResponseBytes: MB / 2 }), noRegister);
      expect(over.errorKind).toBe("too_large");
      expect(over.errorMessage).toContain("reached");
      const within = await sendRequest(
        request(url, false),
        settings(false, { maxResponseBytes: 2 * MB, keepResponseText: true }),
        noRegister,
      );
      expect(within.errorKind).toBeNull();
      expect(within.responseText).toHaveLength(MB);
    } finally {
      server.stop(true);
    }
  });
});

describe("client/send-request retries", () => {
  async function withRetries(faults: FaultSpec[], streaming: boolean, maxRetries: number, rate = 1) {
    const server = await startMockServer({ faults, faultRate: rate, recordObservations: true });
    const retried: RequestRecord[] = [];
    const started = performance.now();
    try {
      const { result: final, stallMs } = await withStallWatch(() =>
        sendRequest(
          request(server.url, streaming),
          settings(streaming, { retry: { maxRetries }, onSuperseded: (r) => retried.push(r) }),
          noRegister,
        ),
      );
      return { final, retried, ms: performance.now() - started, seen: server.observations().length, stallMs };
    } finally {
      await server.stop();
    }
  }

  test("retries a 503 twice with 100 and 200 ms of backoff, each attempt its own record", async () => {
    const { final, retried, ms, seen, stallMs } = await withRetries([f("status", 503)], true, 2);
    expect(retried.map((r) => [r.attempt, r.errorKind])).toEqual([
      [0, "http_5xx"],
      [1, "http_5xx"],
    ]);
    expect([final.attempt, final.errorKind]).toEqual([2, "http_5xx"]);
    expect(seen).toBe(3);
    expect(ms).toBeGreaterThanOrEqual(300);
    const [first, second] = retried as [RequestRecord, RequestRecord];
    expect(second.scheduledNs - first.doneNs).toBeGreaterThanOrEqual(99e6);
    expect(final.scheduledNs - second.doneNs).toBeGreaterThanOrEqual(199e6);
    // Sent when its backoff ended: within 1 ms, or the worst stall of this process while it waited.
    expect(second.sentNs - second.scheduledNs).toBeLessThan(1e6 + stallMs * 1e6);
  });

  test("honours Retry-After on a 429", async () => {
    const { final, retried, ms } = await withRetries([f("status", 429)], false, 1);
    expect(retried).toHaveLength(1);
    expect(final.attempt).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(1000);
  });

  test.each([
    ["a reset before headers", f("reset-before-headers")],
    ["a refused request", f("refuse")],
  ] as const)("retries %s, each retry after a reconnect on a new connection", async (_name, fault) => {
    const { retried, final, seen } = await withRetries([fault], true, 2);
    expect(retried.map((r) => [r.attempt, r.errorKind])).toEqual([
      [0, "stale_connection"],
      [1, "reset"],
      [2, "stale_connection"],
      [3, "reset"],
      [4, "stale_connection"],
    ]);
    expect([final.attempt, final.errorKind]).toEqual([5, "reset"]);
    expect(seen).toBe(6);
  });

  test.each([
    ["a 4xx other than 429", f("status", 400)],
    ["a reset after tokens arrived", f("reset-mid-stream")],
    ["a malformed stream", f("malformed-sse")],
  ] as const)("does not retry %s", async (_name, fault) => {
    const { retried, final, seen } = await withRetries([fault], true, 3);
    expect(retried).toHaveLength(0);
    expect(final.attempt).toBe(0);
    expect(seen).toBe(1);
  });

  test("stops retrying once an attempt succeeds", async () => {
    // Which arrivals get a fault is known from upstream: pick one where the first fails and the second does not.
    const faults = [f("status", 503)];
    const seed = Array.from({ length: 100 }, (_, i) => i).find(
      (s) =>
        faultForRequest({ faults, rate: 0.5, seed: s }, 0) !== null &&
        faultForRequest({ faults, rate: 0.5, seed: s }, 1) === null,
    ) as number;
    const server = await startMockServer({ faults, faultRate: 0.5, faultSeed: seed });
    try {
      const retried: RequestRecord[] = [];
      const final = await sendRequest(
        request(server.url, true),
        settings(true, { retry: { maxRetries: 5 }, onSuperseded: (r) => retried.push(r) }),
        noRegister,
      );
      expect(retried.map((r) => r.errorKind)).toEqual(["http_5xx"]);
      expect([final.attempt, final.errorKind]).toEqual([1, null]);
    } finally {
      await server.stop();
    }
  });

  test("ends with the failed attempt when the run aborts during the backoff", async () => {
    // A 429 asking for the longest wait the client honours (10 s): ending well before it is the abort's doing.
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () =>
        Response.json(
          { error: { message: "slow down", code: "rate_limit_exceeded" } },
          {
            status: 429,
            headers: { "retry-after": "10" },
          },
        ),
    });
    const url = `http://127.0.0.1:${server.port}`;
    const retried: RequestRecord[] = [];
    let registrations = 0;
    const register = (handle: InFlightHandle) => {
      // The second registration is the backoff wait: abort it as a stop would.
      if (++registrations === 2) queueMicrotask(() => handle.abort("cancelled"));
      return () => {};
    };
    try {
      const started = performance.now();
      const final = await sendRequest(
        request(url, true),
        settings(true, { retry: { maxRetries: 3 }, onSuperseded: (r) => retried.push(r) }),
        register,
      );
      expect(final.errorKind).toBe("http_429");
      expect(final.attempt).toBe(0);
      expect(retried).toHaveLength(0);
      // long wait: Retry-After asks for 10 s; ending before half of it is the abort's doing, not the backoff's.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await server.stop(true);
    }
  });
});

describe("client/send-request warm-up", () => {
  test("warmSendPath fails at once without a connection: no retry, no backoff, no progress reported", async () => {
    const retried: RequestRecord[] = [];
    let progress = 0;
    await warmSendPath(
      settings(true, { retry: { maxRetries: 3 }, onSuperseded: (r) => retried.push(r), onProgress: () => progress++ }),
    );
    expect({ retried: retried.length, progress }).toEqual({ retried: 0, progress: 0 });
  });
});
