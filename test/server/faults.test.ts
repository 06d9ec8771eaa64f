/** @module test/server/faults.test — what the mock does for each injected fault, seen by a plain fetch client over loopback. */
import { afterEach, describe, expect, test } from "bun:test";
import { startMockServer, type FaultSpec, type MockServer } from "../../src/server/index.ts";
import { faultForRequest } from "../../src/server/fault-plan.ts";

const CHAT = "/v1/chat/completions";
const chat = (stream: boolean) => ({ model: "m", messages: [{ role: "user", content: "one two three" }], stream });

let server: MockServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

async function faulty(
  faults: FaultSpec[],
  extra: { faultRate?: number; faultSeed?: number } = {},
): Promise<MockServer> {
  server = await startMockServer({ faults, recordObservations: true, ...extra });
  return server;
}

function post(base: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${CHAT}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The rejection code of a promise, or "resolved". */
async function failureCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

/** Reads the body as it comes; `error` is the code the read failed with, if it did. */
async function readAll(response: Response): Promise<{ text: string; reads: number; error: string | null; ms: number }> {
  const started = performance.now();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let reads = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads++;
      text += decoder.decode(value, { stream: true });
    }
    return { text, reads, error: null, ms: performance.now() - started };
  } catch (error) {
    return { text, reads, error: String((error as { code?: unknown }).code), ms: performance.now() - started };
  }
}

describe("server/faults", () => {
  test.each([
    ["refuse", { kind: "refuse", arg: null }],
    ["reset-before-headers", { kind: "reset-before-headers", arg: null }],
  ] as const)("%s: the connection closes with no response byte", async (label, spec) => {
    const s = await faulty([spec]);
    for (const stream of [true, false]) expect(await failureCode(post(s.url, chat(stream)))).toBe("ECONNRESET");
    expect(s.faultCounts()).toEqual({ [label]: 2 });
    expect(s.observations().map((o) => o.fault)).toEqual([label, label]);
  });

  test("reset-mid-stream: headers and three content events arrive, then the read fails", async () => {
    const s = await faulty([{ kind: "reset-mid-stream", arg: null }]);
    const response = await post(s.url, chat(true));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/event-stream");
    const { text, error } = await readAll(response);
    expect(error).toBe("ECONNRESET");
    const events = text.split("\n\n").filter((e) => e !== "");
    expect(events.filter((e) => e.includes('"content":"') && !e.includes('"content":""')).length).toBe(3);
    expect(text).not.toContain("[DONE]");
  });

  test("reset-mid-stream, not streaming: half a JSON body, then the read fails", async () => {
    const s = await faulty([{ kind: "reset-mid-stream", arg: null }]);
    const response = await post(s.url, chat(false));
    const { text, error } = await readAll(response);
    expect(error).toBe("ECONNRESET");
    expect(text.startsWith('{"id":"chatcmpl-mock-')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  test.each([
    [429, "1", "rate_limit_exceeded"],
    [500, null, 500],
    [503, null, 503],
    [418, null, 418],
  ] as const)("status:%d answers with an OpenAI-style error (Retry-After %p)", async (status, retryAfter, code) => {
    const s = await faulty([{ kind: "status", arg: status }]);
    const response = await post(s.url, chat(true));
    expect(response.status).toBe(status);
    expect(response.headers.get("retry-after")).toBe(retryAfter);
    const body = (await response.json()) as { error: { message: string; code: unknown; type: string } };
    expect(body.error.message).toContain(`mock fault status:${status}`);
    expect(body.error.code).toBe(code);
    expect(s.faultCounts()).toEqual({ [`status:${status}`]: 1 });
  });

  test.each([true, false])("stall:0.3 (streaming %p): headers at once, then silence, then a reset", async (stream) => {
    const s = await faulty([{ kind: "stall", arg: 0.3 }]);
    const response = await post(s.url, chat(stream));
    expect(response.status).toBe(200);
    const { text, error, ms } = await readAll(response);
    expect(error).toBe("ECONNRESET");
    // Timed from the headers: headers sent at the stall's end would leave no gap before the reset, so the 300 ms of
    // silence after them proves they came at once (a busy host only widens the gap).
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(text.trim() === "" || text === ": stall\n\n").toBe(true);
  });

  test.each([
    ["malformed-sse", true, "data: this is not json {\n\ndata: [DONE]\n\n"],
    ["malformed-sse", false, "data: this is not json {\n\ndata: [DONE]\n\n"],
    ["invalid-json", true, "data: {not json}\n\ndata: [DONE]\n\n"],
  ] as const)("%s (streaming %p) sends an event that is not JSON", async (kind, stream, body) => {
    const s = await faulty([{ kind, arg: null }]);
    const response = await post(s.url, chat(stream));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  test("invalid-json, not streaming: a 200 JSON response that does not parse", async () => {
    const s = await faulty([{ kind: "invalid-json", arg: null }]);
    const response = await post(s.url, chat(false));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  test("huge-body:1, not streaming: one valid JSON answer of about 1 MB", async () => {
    const s = await faulty([{ kind: "huge-body", arg: 1 }]);
    const response = await post(s.url, chat(false));
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(1024 * 1024);
    const body = (await response.json()) as {
      choices: { message: { content: string } }[];
      usage: { completion_tokens: number };
    };
    expect(body.choices[0]?.message.content.length).toBeGreaterThanOrEqual(1024 * 1024 - 4);
    expect(body.usage.completion_tokens).toBe(262_144);
  });

  test("huge-body:1, streaming: ~64 KB events adding up to 1 MB, then [DONE]", async () => {
    const s = await faulty([{ kind: "huge-body", arg: 1 }]);
    const { text, error } = await readAll(await post(s.url, chat(true)));
    expect(error).toBeNull();
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const events = text.split("\n\n").filter((e) => e !== "");
    expect(events.at(-1)).toBe("data: [DONE]");
    const content = events.filter((e) => e.includes(" tok tok"));
    expect(content.length).toBe(16);
    for (const event of events.slice(0, -1)) expect(() => JSON.parse(event.slice("data: ".length))).not.toThrow();
  });

  test.each([true, false])(
    "slow-drip:1 (streaming %p) sends a valid answer one byte at a time",
    async (stream) => {
      const s = await faulty([{ kind: "slow-drip", arg: 1 }]);
      const { text, reads, error, ms } = await readAll(await post(s.url, chat(stream)));
      expect(error).toBeNull();
      // One byte a millisecond: the whole body takes that long (the server's pacing); how many bytes
      // a read finds together is the reader's pace, which a busy host slows (66 reads of 279 seen).
      expect(reads).toBeGreaterThan(1);
      expect(ms).toBeGreaterThanOrEqual((text.length - 1) * 0.9);
      if (stream) expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
      else
        expect((JSON.parse(text) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
          "tok tok tok",
        );
    },
    15_000,
  );

  test("faults hit the requests faultForRequest names for upstream, on one keep-alive connection", async () => {
    const faults: FaultSpec[] = [
      { kind: "status", arg: 500 },
      { kind: "refuse", arg: null },
      { kind: "invalid-json", arg: null },
    ];
    const s = await faulty(faults, { faultRate: 0.5, faultSeed: 7 });
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      try {
        const response = await post(s.url, chat(false));
        const text = await response.text();
        seen.push(
          response.status === 500
            ? "status:500"
            : text.startsWith('{"id":"cmpl-mock-broken"')
              ? "invalid-json"
              : "none",
        );
      } catch {
        seen.push("refuse");
      }
    }
    const plan = { faults, rate: 0.5, seed: 7 };
    const expected = seen.map((_, i) => {
      const spec = faultForRequest(plan, i);
      return spec === null ? "none" : spec.arg === null ? spec.kind : `${spec.kind}:${spec.arg}`;
    });
    expect(seen).toEqual(expected);
    const counts = Object.fromEntries(
      ["status:500", "refuse", "invalid-json"]
        .map((k) => [k, seen.filter((x) => x === k).length])
        .filter(([, n]) => n !== 0),
    );
    expect(s.faultCounts()).toEqual(counts);
    expect(s.observations().filter((o) => o.fault !== undefined).length).toBe(
      40 - seen.filter((x) => x === "none").length,
    );
  });

  test("leaves /health, /v1/models and client-sent fault headers alone", async () => {
    const s = await faulty([{ kind: "refuse", arg: null }], { faultRate: 0 });
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
    expect((await fetch(`${s.url}/v1/models`)).status).toBe(200);
    const response = await post(s.url, chat(false), { "x-mock-fault": "status:500" });
    expect(response.status).toBe(200);
    expect(s.faultCounts()).toEqual({});
  });

  test("answers a chunked request body with 411 Length Required", async () => {
    const s = await faulty([{ kind: "status", arg: 500 }], { faultRate: 0 });
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(chat(false))));
        controller.close();
      },
    });
    const response = await fetch(`${s.url}${CHAT}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(411);
  });
});

describe("server/faults: a request the server cannot parse gets its 400, never a fault", () => {
  test.each([
    ["status:503", { kind: "status", arg: 503 }],
    ["reset-before-headers", { kind: "reset-before-headers", arg: null }],
    ["malformed-sse", { kind: "malformed-sse", arg: null }],
  ] as const)(
    "%s at rate 1: bodies that are not JSON, or not a chat request, are answered 400 and not counted",
    async (_label, fault) => {
      const s = await faulty([fault]);
      for (const body of ["{not json", JSON.stringify({ model: "m", messages: "hi" })]) {
        const response = await fetch(`${s.url}${CHAT}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status).toBe(400);
        const message = ((await response.json()) as { error: { message: string } }).error.message;
        expect(message).not.toContain("\n");
      }
      expect(s.faultCounts()).toEqual({});
      // A request that parses gets the fault (whatever it does to the connection), and it counts.
      await post(s.url, chat(false)).then(
        (r) => r.text(),
        () => "",
      );
      expect(Object.values(s.faultCounts())).toEqual([1]);
    },
  );
});
