/** @module test/client/classify-error.test — fetch failures and statuses to error kinds, and error-body messages without secrets. */
import { describe, expect, test } from "bun:test";
import {
  ABORT_CANCELLED,
  ABORT_STALLED,
  ABORT_TIMEOUT,
  ABORT_TOO_LARGE,
  classifyFetchError,
  kindForServerError,
  kindForStatus,
} from "../../src/client/classify-error.ts";
import { describeHttpError, redactMessage, secretValues } from "../../src/client/error-body.ts";

function fetchError(code: string, message: string): Error {
  return Object.assign(new TypeError(message), { code });
}

describe("client/classify-error", () => {
  test.each([
    [200, "other"],
    [400, "http_4xx"],
    [401, "http_4xx"],
    [429, "http_429"],
    [500, "http_5xx"],
    [503, "http_5xx"],
  ] as const)("status %i is %s", (status, kind) => {
    expect(kindForStatus(status)).toBe(kind);
  });

  test.each([
    // status named → its kind
    ["vLLM's code 500", "Internal server error", 500, "InternalServerError", "http_5xx"],
    [
      "an SGLang abort's status_code 400",
      "Input length (9000 tokens) exceeds the maximum allowed length (8192 tokens).",
      400,
      "abort",
      "http_4xx",
    ],
    ["an SGLang abort's status_code 503, queue full", "The request queue is full.", 503, "abort", "http_5xx"],
    ["code 429", "slow down", 429, null, "http_429"],
    // no status: overload by type or message
    ["TGI's overload (its 422 is no status)", "Model is overloaded", null, null, "http_429"],
    ["OpenAI's rate limit type", "Rate limit reached", null, "rate_limit_exceeded", "http_429"],
    // no status: a request problem by type or message
    [
      "SGLang /generate's context length ValueError (no code, no type)",
      "The input (9000 tokens) is longer than the model's context length (8192 tokens).",
      null,
      null,
      "http_4xx",
    ],
    [
      "SGLang's requested token count",
      "Requested token count exceeds the model's maximum context length of 8192 tokens.",
      null,
      null,
      "http_4xx",
    ],
    [
      "TGI's validation",
      "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 200 `max_new_tokens`",
      null,
      null,
      "http_4xx",
    ],
    ["a sampling parameter", "top_p must be in (0, 1], got 1.5.", null, null, "http_4xx"],
    ["BadRequestError type", "bad input", null, "BadRequestError", "http_4xx"],
    // no status: else the server's
    [
      "TGI's generation failure",
      "Request failed during generation: Server error: CUDA out of memory",
      null,
      null,
      "http_5xx",
    ],
    [
      "PyTorch's out of memory (mentions capacity)",
      "CUDA out of memory. Tried to allocate 2.00 GiB; 79.1 GiB total capacity",
      null,
      null,
      "http_5xx",
    ],
    ["CUDA's invalid argument", "CUDA error: invalid argument", null, null, "http_5xx"],
    ["a bare message", "busy", null, null, "http_5xx"],
  ] as const)("in a 200 response, %s is %s", (_name, message, status, type, kind) => {
    expect(kindForServerError({ message, status, type })).toBe(kind);
  });

  test.each([
    ["ECONNREFUSED", "ECONNREFUSED: Unable to connect. Is the computer able to access the url?", null, "refused"],
    ["ENOTFOUND", "getaddrinfo failed", null, "refused"],
    [
      "ECONNRESET",
      "ECONNRESET: The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()",
      null,
      "reset",
    ],
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
    const { message } = classifyFetchError(
      fetchError(
        "ECONNRESET",
        "ECONNRESET: The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()",
      ),
      null,
    );
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
    [
      503,
      '{"error":{"message":"The engine is overloaded","type":"server_error","code":503}}',
      "HTTP 503: The engine is overloaded",
    ],
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
    const secrets = secretValues({
      authorization: "Bearer sk-test-12345678",
      "x-api-key": "my-secret-value",
      "content-type": "application/json",
    });
    expect(redactMessage(text, secrets)).toBe(expected);
  });
});
