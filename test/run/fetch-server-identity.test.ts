/**
 * @module test/run/fetch-server-identity.test — asking a real server on loopback: every path at once, bodies only, the key where the run sends it, bounded in time.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { askServerIdentity } from "../../src/run/fetch-server-identity.ts";
import { serverKeyHeaders } from "../../src/run/server-key.ts";
import { identifyServer, MAX_ANSWER_CHARS } from "../../src/server-metrics/server-identity.ts";

const seen: { path: string; authorization: string | null }[] = [];
/** A never-answering path: its request is held until the server stops (while `holding`; else it answers at once). */
const held: (() => void)[] = [];
let holding = true;
/**
 * The probe's limit in these tests, as long as the run's (IDENTITY_TIMEOUT_MS): the paths that
 * answer at once answer within it on a busy host, and the held path is still cut by it.
 */
const DEADLINE_MS = 2_000;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    seen.push({ path, authorization: request.headers.get("authorization") });
    if (path === "/props") return Response.json({ build_info: "b7000-abc", total_slots: 4, model_path: "m.gguf" });
    if (path === "/get_server_info" && holding)
      return new Promise<Response>((resolve) => held.push(() => resolve(new Response(""))));
    if (path === "/info")
      return new Response("x".repeat(MAX_ANSWER_CHARS + 10), { headers: { "x-api-key": "sk-header" } });
    if (path === "/v1/models") return Response.json({ data: [{ id: "m", owned_by: "llamacpp" }] });
    return Response.json({ error: "not found" }, { status: 404 });
  },
});
afterAll(() => {
  for (const release of held) release();
  server.stop(true);
});
const root = `http://127.0.0.1:${server.port}`;

describe("run/fetch-server-identity", () => {
  test("asks every path under the root of a /v1 endpoint, keeps what answered, drops what did not answer in time", async () => {
    seen.length = 0;
    holding = true;
    const answers = await askServerIdentity(`${root}/v1`, { headers: {}, insecure: false, timeoutMs: DEADLINE_MS });
    expect(seen.map((s) => s.path).sort()).toEqual(["/get_server_info", "/info", "/props", "/v1/models", "/version"]);
    expect(Object.keys(answers).sort()).toEqual(["/info", "/props", "/v1/models", "/version"]);
    // The held path was abandoned at the limit: the probe returned with the others' answers.
    expect(answers["/info"]?.body.length).toBeGreaterThan(MAX_ANSWER_CHARS);
    expect(identifyServer(answers)).toMatchObject({ engine: "llama.cpp", version: "b7000-abc", model: "m.gguf" });
    expect(JSON.stringify(identifyServer(answers))).not.toContain("sk-header");
  });

  test("sends the endpoint's key to the endpoint's own server, the way the run's requests carry it", async () => {
    seen.length = 0;
    // Every path answers at once here, so the probe returns as soon as they have, well before its limit.
    holding = false;
    const { headers } = serverKeyHeaders(`${root}/v1`, { endpoints: [`${root}/v1`], api_key: "sk-run" });
    const answers = await askServerIdentity(`${root}/v1`, { headers, insecure: false, timeoutMs: DEADLINE_MS });
    expect(Object.keys(answers)).toHaveLength(5);
    expect(seen.map((s) => s.authorization)).toEqual(Array(5).fill("Bearer sk-run"));
  });

  test.each([
    [
      "the endpoint's own server",
      "same",
      { headers: { "x-route": "a", authorization: "Bearer sk-run" }, withheld: false },
    ],
    ["another origin", "http://127.0.0.1:1/metrics", { headers: {}, withheld: true }],
  ])("serverKeyHeaders carries --header headers with the key: %s", (_name, target, expected) => {
    const url = target === "same" ? `${root}/metrics` : target;
    const endpointConfig = { endpoints: [`${root}/v1`], api_key: "sk-run", headers: { "X-Route": "a" } };
    expect(serverKeyHeaders(url, endpointConfig)).toEqual(expected);
    expect(serverKeyHeaders(url, { ...endpointConfig, api_key: null }).withheld).toBe(expected.withheld);
  });

  test.each([
    ["another origin", "http://127.0.0.1:1/metrics", { headers: {}, withheld: true }],
    ["no key", "same", { headers: {}, withheld: false }],
  ])("serverKeyHeaders withholds the key: %s", (_name, target, expected) => {
    const key = target === "same" ? null : "sk-run";
    const url = target === "same" ? `${root}/metrics` : target;
    expect(serverKeyHeaders(url, { endpoints: [`${root}/v1`], api_key: key })).toEqual(expected);
  });
});
