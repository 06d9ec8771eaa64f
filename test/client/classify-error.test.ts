/** @module test/client/classify-error.test — fetch failures and statuses to error kinds, and error-body messages without secrets. */
import { describe, expect, test } from "bun:test";
import { ABORT_CANCELLED, ABORT_STALLED, ABORT_TIMEOUT, ABORT_TOO_LARGE, classifyFetchError, kindForStatus } from "../../src/client/classify-error.ts";
import { describeHttpError, redactMessage, secretValues } from "../../src/client/error-body.ts";

function fetchError(code: string, message: string): Error {
  return Object.assign(new TypeError(message), { code });
}

describe("client/classify-error", () => {
  test.each([
    [200, "other"], [400, "http_4xx"], [401, "http_4xx"], [429, "http_429"], [500, "http_5xx"], [503, "http_5xx"],
  ] as const)("status %i is %s", (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });

  test.each([
    ["ECONNREFUSED", "ECONNREFUSED: Unable to connect. Is the computer able to access the url?", null, "refused"],
    ["ENOTFOUND", "getaddrinfo failed", null, "refused"],
    ["ECONNRESET", "ECONNRESET: The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()", null, "reset"],
    ["EPIPE", "broken pipe", null, "reset"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "self signed certificate", null, "tls"],
    ["CERT_HAS_EXPIRED", "certificate has expired", null, "tls"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match", null, "tls"],
    ["EPROTO", "EPROTO: The TLS handshake failed. Does the server speak TLS on this port?", null, "tls"],
    ["EWHATEVER", "strange", null, "other"],
    ["", "The operation was aborted", ABORT_TIMEOUT, "timeout"],
    ["", "The operation was aborted", ABORT_STALLED, "stalled_stream"],
    ["", "The operation was aborted", ABORT_CANCELLED, "cancelled"],
    ["", "The operation was aborted", ABORT_TOO_LARGE, "too_large"],
  ] as const)("%s (abort %p) is %s", (code, message, abort, kind) => {
    expect(classifyFetchError(fetchError(code, message), abort).kind).toBe(kind);
  });

  test("keeps a reset's message short and drops Bun's verbose advice", () => {
    const { message } = classifyFetchError(fetchError("ECONNRESET", "ECONNRESET: The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()"), null);
    expect(message).toBe("ECONNRESET: The socket connection was closed unexpectedly.");
  });

  test("says what to do about a TLS failure", () => {
    const { message } = classifyFetchError(fetchError("DEPTH_ZERO_SELF_SIGNED_CERT", "self signed certificate"), null);
    expect(message).toContain("DEPTH_ZERO_SELF_SIGNED_CERT: self signed certificate");
    expect(message).toContain("--insecure");
  });
});

describe("client/error-body", () => {
  test.each([
    [503, '{"error":{"message":"The engine is overloaded","type":"server_error","code":503}}', "HTTP 503: The engine is overloaded"],
    [400, '{"error":"bad model"}', "HTTP 400: bad model"],
    [502, "<html>\n  <body>Bad   Gateway</body>\n</html>", "HTTP 502: <html> <body>Bad Gateway</body> </html>"],
    [500, "", "HTTP 500: (empty body)"],
  ])("describes %i %j", (status, body, expected) => {
    expect(describeHttpError(status, body)).toBe(expected);
  });

  test("cuts long bodies at 300 characters", () => {
    expect(describeHttpError(500, "x".repeat(5000)).length).toBeLessThanOrEqual(301);
  });

  test.each([
    ["invalid key sk-test-12345678 for Bearer sk-test-12345678", "invalid key <redacted> for <redacted>"],
    ["echo: authorization: Bearer abc.def-ghi", "echo: authorization: Bearer <redacted>"],
    ["key my-secret-value leaked", "key <redacted> leaked"],
    ["nothing to hide", "nothing to hide"],
  ])("redacts %j", (text, expected) => {
    const secrets = secretValues({ authorization: "Bearer sk-test-12345678", "x-api-key": "my-secret-value", "content-type": "application/json" });
    expect(redactMessage(text, secrets)).toBe(expected);
  });
});
