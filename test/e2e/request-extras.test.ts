/** @module test/e2e/request-extras.test — `--header` and `--extra-body` reach every request; credential-named values reach no file and no output. */
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { benchmarkArgs, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const SECRET = "sk-header-secret-5f3a9";
const COOKIE = "sid=cookie-secret-77b1";
const BODY_SECRET = "body-secret-c41d";

const ANSWER = {
  id: "x",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
};

/** Every file under `dir`, as bytes read as text (events.db included). */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, "latin1"))
    .join("\n");
}

const EXTRAS = [
  "--header",
  "X-Route: decode-pool-a, zone-b",
  "--header",
  `X-Api-Key: ${SECRET}`,
  "--header",
  `Cookie: ${COOKIE}`,
  "--extra-body",
  `{"min_p": 0.05, "vendor": {"priority": 2, "access_token": "${BODY_SECRET}"}}`,
];

describe("e2e/request-extras", () => {
  test("every request carries the headers and the extra fields; a page elsewhere gets neither; no secret is written or printed", async () => {
    const posts: { headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    const gets: { path: string; headers: Record<string, string> }[] = [];
    let failed = false;
    const endpoint = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(req) {
        const headers = Object.fromEntries(req.headers);
        if (req.method === "GET") {
          gets.push({ path: new URL(req.url).pathname, headers });
          return new Response("not found", { status: 404 });
        }
        posts.push({ headers, body: (await req.json()) as Record<string, unknown> });
        if (!failed) {
          failed = true;
          // A server that echoes what it got: the error sample must not keep the credential.
          return Response.json({ error: { message: `bad key ${headers["x-api-key"]}` } }, { status: 400 });
        }
        return Response.json(ANSWER);
      },
    });
    const metricsAsked: Record<string, string>[] = [];
    const metrics = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(req) {
        metricsAsked.push(Object.fromEntries(req.headers));
        return new Response("not found", { status: 404 });
      },
    });
    try {
      const dir = dirs.make();
      const reportDir = join(dir, "report");
      const args = benchmarkArgs(`http://127.0.0.1:${endpoint.port}`, questionDataset(dir, 6), reportDir);
      const { exitCode, stdout, stderr } = await runCli([
        "benchmark",
        "offline",
        ...args,
        "--num-samples",
        "6",
        "--server-metrics",
        `http://127.0.0.1:${metrics.port}/metrics`,
        ...EXTRAS,
      ]);
      expect({ exitCode, stderr }).toMatchObject({ exitCode: 0 });
      expect(posts).toHaveLength(6);
      for (const { headers, body } of posts) {
        expect(headers).toMatchObject({ "x-route": "decode-pool-a, zone-b", "x-api-key": SECRET, cookie: COOKIE });
        expect(headers["content-type"]).toBe("application/json");
        expect(body).toMatchObject({
          model: "mock-model",
          min_p: 0.05,
          vendor: { priority: 2, access_token: BODY_SECRET },
        });
      }
      // The identity probe asks the endpoint's own server, with the headers; the page on another origin gets none.
      expect(gets.length).toBeGreaterThan(0);
      for (const { headers } of gets) expect(headers["x-api-key"]).toBe(SECRET);
      expect(metricsAsked.length).toBeGreaterThan(0);
      for (const headers of metricsAsked) expect(Object.keys(headers)).not.toContain("x-api-key");
      expect(stderr).toContain("the --header headers are not sent to it");
      const written = allText(reportDir);
      expect(written).toContain("<redacted>");
      expect(written).toContain("bad key");
      for (const secret of [SECRET, "cookie-secret", BODY_SECRET]) {
        expect(written).not.toContain(secret);
        expect(stdout + stderr).not.toContain(secret);
      }
      expect(readFileSync(join(reportDir, "config.yaml"), "utf8")).toContain('X-Route: "decode-pool-a, zone-b"');
    } finally {
      endpoint.stop(true);
      metrics.stop(true);
    }
  });

  test("--dry-run shows the headers and the extra body with credentials redacted", async () => {
    const dir = dirs.make();
    const args = benchmarkArgs("http://127.0.0.1:9", questionDataset(dir, 3), join(dir, "report"));
    const { exitCode, stdout, stderr } = await runCli(["benchmark", "offline", ...args, "--dry-run", ...EXTRAS]);
    expect({ exitCode, stderr }).toEqual({ exitCode: 0, stderr: "" });
    expect(stdout).toContain("headers: X-Route: decode-pool-a, zone-b, X-Api-Key: <redacted>, Cookie: <redacted>");
    expect(stdout).toContain('extra body: {"min_p":0.05,"vendor":{"priority":2,"access_token":"<redacted>"}}');
    for (const secret of [SECRET, "cookie-secret", BODY_SECRET]) expect(stdout).not.toContain(secret);
  });

  test("a malformed header is refused before anything is sent, naming --header and never its value", async () => {
    const dir = dirs.make();
    const args = benchmarkArgs("http://127.0.0.1:9", questionDataset(dir, 3), join(dir, "report"));
    const { exitCode, stderr } = await runCli([
      "benchmark",
      "offline",
      ...args,
      "--header",
      `X-Api-Key: ${SECRET}\r\nX-B: 1`,
    ]);
    expect(exitCode).toBe(2);
    expect(stderr).toContain("error: invalid configuration: endpoint_config.headers (--header): header 'X-Api-Key'");
    expect(stderr).toContain("hint:");
    expect(stderr).not.toContain(SECRET);
  });
  test("probe sends the --header headers with every request, refuses a bad one without quoting it, and prints no secret", async () => {
    const seen: Record<string, string>[] = [];
    const endpoint = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(req) {
        seen.push(Object.fromEntries(req.headers));
        return Response.json(ANSWER);
      },
    });
    try {
      const url = `http://127.0.0.1:${endpoint.port}`;
      const base = ["probe", "--endpoints", url, "--model", "m", "--requests", "3"];
      const ok = await runCli([
        ...base,
        "--header",
        "X-Route: decode-pool-a, zone-b",
        "--header",
        `X-Api-Key: ${SECRET}`,
      ]);
      expect({ exitCode: ok.exitCode, stderr: ok.stderr }).toEqual({ exitCode: 0, stderr: "" });
      expect(seen).toHaveLength(3);
      for (const headers of seen)
        expect(headers).toMatchObject({ "x-route": "decode-pool-a, zone-b", "x-api-key": SECRET });
      expect(ok.stdout).not.toContain(SECRET);

      const bad = await runCli([...base, "--header", `X-Api-Key: ${SECRET}\r\nX-B: 1`]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toContain("error: --header: header 'X-Api-Key': its value holds a line break");
      expect(bad.stderr).not.toContain(SECRET);
      const both = await runCli([...base, "--api-key", SECRET, "--header", "Authorization: Bearer x"]);
      expect(both.exitCode).toBe(2);
      expect(both.stderr).toContain("error: --header: 'authorization' is also set by --api-key");
      expect(seen).toHaveLength(3);
    } finally {
      endpoint.stop(true);
    }
  });
});
