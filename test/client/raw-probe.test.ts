/**
 * @module test/client/raw-probe.test — `--calibrate`'s raw-socket probe: the request it writes, when a
 * response has its first content, and probes against a real SSE server on loopback until told to stop.
 */
import { describe, expect, test } from "bun:test";
import { firstContentSeen, requestBytes, runProbe } from "../../src/client/raw-probe.ts";

const OK = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n";

describe("client/raw-probe", () => {
  test.each<[string, string, boolean | null]>([
    ["headers not complete", "HTTP/1.1 200 OK\r\ncontent-type: text", null],
    [
      "a role-only first chunk is not content",
      `${OK}data: {"choices":[{"delta":{"role":"assistant","content":""}}]}\n\n`,
      null,
    ],
    ["chat content", `${OK}data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n`, true],
    ["completions text", `${OK}data: {"choices":[{"text":"tok"}]}\n\n`, true],
    ["reasoning", `${OK}data: {"choices":[{"delta":{"reasoning_content":"hm"}}]}\n\n`, true],
    [
      "Anthropic's text_delta",
      `${OK}event: content_block_delta\ndata: {"delta":{"type":"text_delta","text":"a"}}\n\n`,
      true,
    ],
    ["Responses' output_text.delta", `${OK}data: {"type":"response.output_text.delta","delta":"a"}\n\n`, true],
    ["an error status fails", "HTTP/1.1 500 Internal Server Error\r\n\r\n", false],
  ])("%s", (_name, seen, verdict) => {
    expect(firstContentSeen(seen)).toBe(verdict);
  });

  test("the request is HTTP/1.1 with the body's byte length, its own Host and no header of the caller's framing", () => {
    const bytes = requestBytes({
      url: "http://127.0.0.1:8000/v1/chat/completions?x=1",
      headers: { "content-type": "application/json", "Content-Length": "999", authorization: "Bearer k" },
      body: '{"é":1}',
    });
    expect(bytes).toBe(
      "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\ncontent-type: application/json\r\n" +
        'authorization: Bearer k\r\nContent-Length: 8\r\nConnection: close\r\n\r\n{"é":1}',
    );
  });

  test("probes one request at a time against an SSE server until stopped, each with its TTFT", async () => {
    let received = 0;
    let inFlight = 0;
    let most = 0;
    let third: () => void = () => {};
    const thirdSeen = new Promise<void>((resolve) => {
      third = resolve;
    });
    const server = Bun.serve({
      port: 0,
      async fetch(req) {
        await req.text();
        received++;
        inFlight++;
        most = Math.max(most, inFlight);
        if (received === 3) third();
        const body = new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('data: {"choices":[{"delta":{"content":"hi"}}]}\n\n'));
          },
          cancel() {
            inFlight--;
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      },
    });
    try {
      const result = await runProbe(
        {
          url: `http://127.0.0.1:${server.port}/v1/chat/completions`,
          headers: {},
          body: "{}",
          insecure: false,
          pauseMs: 1,
        },
        thirdSeen,
      );
      expect(result.failures).toBe(0);
      expect(result.ttftNs.length).toBeGreaterThanOrEqual(2);
      for (const t of result.ttftNs) expect(t).toBeGreaterThan(0);
      expect(most).toBe(1);
    } finally {
      server.stop(true);
    }
  });
});
