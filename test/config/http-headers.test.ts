/** @module test/config/http-headers — `--header` parsing against RFC 9110, client-owned names, and which names carry credentials. */
import { describe, expect, test } from "bun:test";
import { isSecretHeader, readHeaders, wireHeaders } from "../../src/config/http-headers.ts";

describe("config/http-headers", () => {
  test.each<[string, unknown, Record<string, string>]>([
    ["a list of 'Name: value'", ["X-Route: decode", "X-Tenant:a"], { "X-Route": "decode", "X-Tenant": "a" }],
    [
      "a value keeps its commas and inner colons",
      ["Accept: a, b", "X-Url: http://h:1"],
      { Accept: "a, b", "X-Url": "http://h:1" },
    ],
    ["surrounding spaces and tabs are dropped", ["  X-A \t:\t v w \t"], { "X-A": "v w" }],
    ["an empty value is a value", ["X-Empty:"], { "X-Empty": "" }],
    ["a mapping, numbers as text", { "X-Prio": 3, "X-On": true }, { "X-Prio": "3", "X-On": "true" }],
    ["obs-text passes", ["X-L: caf\u00e9"], { "X-L": "caf\u00e9" }],
  ])("reads %s", (_name, input, expected) => {
    expect(readHeaders(input)).toEqual({ ok: true, headers: expected });
  });

  test.each<[string, unknown, string]>([
    ["no colon", ["X-Route decode"], "header #1 is not 'Name: value'"],
    ["an empty name", [": v"], "a header has an empty name"],
    ["a space in the name", ["X Route: v"], "header name 'X Route' holds characters a name cannot"],
    ["a non-token character", ["X(R): v"], "header name 'X(R)' holds characters"],
    ["CR in the value", ["X-A: a\rb"], "header 'X-A': its value holds a line break"],
    ["LF in the value", ["X-A: a\nInjected: b"], "header 'X-A': its value holds a line break"],
    ["a NUL in the value", ["X-A: a\u0000"], "control or non-Latin-1 characters"],
    ["a character beyond Latin-1", ["X-A: \u2603"], "control or non-Latin-1 characters"],
    ["Content-Length", ["Content-Length: 3"], "'Content-Length' is written by the HTTP client"],
    ["Host", ["host: h"], "'host' is written by the HTTP client"],
    ["Transfer-Encoding", ["Transfer-Encoding: chunked"], "'Transfer-Encoding' is written by the HTTP client"],
    ["Connection", ["Connection: close"], "'Connection' is written by the HTTP client"],
    ["a name given twice", ["X-A: 1", "x-a: 2"], "header 'x-a' is given twice"],
    ["a nested value", { "X-A": { b: 1 } }, "header 'X-A': its value must be text"],
    ["a scalar", "X-A: 1", "expected 'Name: value' headers"],
  ])("refuses %s", (_name, input, message) => {
    const read = readHeaders(input);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.join("\n")).toContain(message);
  });

  test("a problem never quotes the value", () => {
    const read = readHeaders(["X-Api-Key: sk-secret-value\r", "sk-secret-raw", "Authorization: Bearer sk-x\u0001"]);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.join("\n")).not.toContain("sk-");
  });

  test.each([
    ["Authorization", true],
    ["proxy-authorization", true],
    ["Cookie", true],
    ["X-Api-Key", true],
    ["api-key", true],
    ["X-Goog-Api-Key", true],
    ["Ocp-Apim-Subscription-Key", true],
    ["X-Auth-Token", true],
    ["X-Amz-Security-Token", true],
    ["X-Client-Secret", true],
    ["X-Apikey", true],
    ["X-Route", false],
    ["X-Session-ID", false],
    ["Accept", false],
    ["X-Keyboard-Layout", false],
  ])("treats %p as a credential: %p", (name, secret) => {
    expect(isSecretHeader(name)).toBe(secret);
  });

  test("wire names are lower-case, so one given as Accept replaces the client's accept", () => {
    const headers: Record<string, string> = {
      accept: "text/event-stream",
      ...wireHeaders({ Accept: "application/x-ndjson", "X-A": "1" }),
    };
    expect(headers).toEqual({ accept: "application/x-ndjson", "x-a": "1" });
    expect(wireHeaders(null)).toEqual({});
  });
});
