/** @module test/server/request-head.test — the fault front's request framing and header rewrite (pure). */
import { describe, expect, test } from "bun:test";
import { parseRequestLine, rewriteHead, scanHead } from "../../src/server/request-head.ts";

describe("server/request-head", () => {
  test.each([
    ["POST /v1/chat/completions HTTP/1.1", "POST", "/v1/chat/completions"],
    ["GET /health?x=1 HTTP/1.1", "GET", "/health"],
    ["garbage", "garbage", ""],
  ])("reads %j", (line, method, path) => {
    expect(parseRequestLine(line)).toEqual({ method, path });
  });

  test.each([
    ["POST / HTTP/1.1\r\nContent-Length: 12\r\n\r\n", { contentLength: 12, chunked: false, invalid: false }],
    ["POST / HTTP/1.1\r\nhost: x\r\n\r\n", { contentLength: 0, chunked: false, invalid: false }],
    ["POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n", { contentLength: 0, chunked: true, invalid: false }],
    [
      "POST / HTTP/1.1\r\ncontent-length: 1\r\ncontent-length: 2\r\n\r\n",
      { contentLength: 1, chunked: false, invalid: true },
    ],
    ["POST / HTTP/1.1\r\ncontent-length: -3\r\n\r\n", { contentLength: 0, chunked: false, invalid: true }],
  ])("frames %j", (head, facts) => {
    expect(scanHead(head)).toEqual(facts);
  });

  test("replaces client fault headers with the front's", () => {
    const head = "POST /v1/completions HTTP/1.1\r\nHost: a\r\nX-Mock-Fault: status:500\r\ncontent-length: 2\r\n\r\n";
    expect(rewriteHead(head, "stall:1")).toBe(
      "POST /v1/completions HTTP/1.1\r\nHost: a\r\ncontent-length: 2\r\nx-mock-fault: stall:1\r\n\r\n",
    );
    expect(rewriteHead(head, null)).toBe("POST /v1/completions HTTP/1.1\r\nHost: a\r\ncontent-length: 2\r\n\r\n");
  });
});
