/**
 * @module test/client/redirects.test — a redirecting endpoint is a failed request that names the redirect, never followed.
 *
 * fetch follows redirects by default: a 307 silently adds a second round trip (and a second
 * server) to every measured latency, and a 301/302/303 turns the POST into a GET of the new URL,
 * whose answer (a 404, a 405) was recorded as if the endpoint had said it. A benchmark must
 * measure the URL it was given, so the client does not follow: the 3xx is the record.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { head, jsonResponse, sseHead, streamSteps } from "../support/quirk-bytes.ts";
import { currentServer, send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Scenario } from "../support/quirk-server.ts";

afterEach(stopQuirkServer);

/** Redirects the completions path to `location`; answers anything else with a good stream (as the target would). */
const redirecting =
  (status: number, location: string): Scenario =>
  (request) =>
    request.path === "/v1/chat/completions"
      ? [head(status, { location, "content-length": "0" })]
      : request.method === "POST"
        ? [sseHead(), ...streamSteps({ pieces: [" a", " b"], gapMs: 1 })]
        : [jsonResponse(404, { detail: "Not Found" })];

describe("client quirks: redirects", () => {
  test.each([301, 302, 303, 307, 308])(
    "a %i is recorded as it is, with where it points, and not followed",
    async (status) => {
      const r = await send(redirecting(status, "/v2/chat/completions"));
      expect(r.httpStatus).toBe(status);
      expect(r.errorKind).toBe("other");
      expect(r.errorMessage).toContain(`HTTP ${status}: the endpoint redirects to /v2/chat/completions`);
      expect(currentServer().requests.map((q) => `${q.method} ${q.path}`)).toEqual(["POST /v1/chat/completions"]);
    },
  );

  test("a Location with credentials is recorded without them", async () => {
    const r = await send(redirecting(307, "http://bob:s3cretPw@127.0.0.1:1/v1/chat/completions"));
    expect(r.errorMessage).not.toContain("s3cretPw");
    expect(r.errorMessage).toContain("127.0.0.1:1/v1/chat/completions");
  });
});
