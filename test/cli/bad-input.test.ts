/** @module test/cli/bad-input.test — bad flags, files and endpoints end in `error:`/`hint:` lines and a documented exit code, never a run. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer;
let closedUrl: string;
beforeAll(async () => {
  server = await startMockServer({ mode: "echo" });
  // A port that was just free and is closed again: connecting to it is refused.
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  closedUrl = `http://127.0.0.1:${listener.port}`;
  listener.stop(true);
});
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

/** What one case gets to build its arguments from. */
interface CaseContext {
  dir: string;
  url: string;
  closedUrl: string;
  dataset: string;
  reportDir: string;
}

const common = (c: CaseContext, url = c.url) => ["--endpoints", url, "--model", "m", "--workers", "2", "--report-dir", c.reportDir];
const offline = (c: CaseContext, ...extra: string[]) => ["benchmark", "offline", ...common(c), "--dataset", c.dataset, "--duration", "0", ...extra];
const poisson = (c: CaseContext, ...extra: string[]) => ["benchmark", "online", ...common(c), "--dataset", c.dataset, "--load-pattern", "poisson", ...extra];
const without = (args: string[], flag: string) => {
  const at = args.indexOf(flag);
  return [...args.slice(0, at), ...args.slice(at + 2)];
};

function brokenJsonl(dir: string): string {
  const path = join(dir, "broken.jsonl");
  writeFileSync(path, ['{"question": "one"}', '{"question": "two"}', '{"question": "thr', '{"question": "four"}', ""].join("\n"));
  return path;
}

/** A valid offline YAML with `extraModelLine` under model_params and `endpoint` as the only endpoint. */
function offlineYaml(c: CaseContext, name: string, extraModelLine: string, endpoint = c.url): string {
  const path = join(c.dir, name);
  const yaml = [
    "type: offline",
    "model_params:",
    "  name: m",
    `  ${extraModelLine}`,
    "datasets:",
    `  - path: ${c.dataset}`,
    "endpoint_config:",
    "  endpoints:",
    `    - ${endpoint}`,
    "",
  ].join("\n");
  writeFileSync(path, yaml);
  return path;
}
const fromConfig = (c: CaseContext, path: string) => ["benchmark", "from-config", "-c", path, "--report-dir", c.reportDir];

/** name, arguments, exit code, whether a hint is expected, what the message must say. */
const CASES: [string, (c: CaseContext) => string[], number, boolean, (c: CaseContext) => string][] = [
  ["an unknown flag", (c) => offline(c, "--bogus-flag"), 2, true, () => "--bogus-flag"],
  ["a missing --model", (c) => without(offline(c), "--model"), 2, true, () => "--model"],
  ["a missing --endpoints", (c) => without(offline(c), "--endpoints"), 2, true, () => "--endpoints"],
  ["a missing --dataset", (c) => without(offline(c), "--dataset"), 2, true, () => "--dataset"],
  ["a dataset file that does not exist", (c) => offline({ ...c, dataset: join(c.dir, "absent.jsonl") }), 2, true, (c) => join(c.dir, "absent.jsonl")],
  ["malformed JSONL", (c) => offline({ ...c, dataset: brokenJsonl(c.dir) }), 2, true, (c) => `${join(c.dir, "broken.jsonl")}:3:`],
  ["a YAML key that does not exist", (c) => fromConfig(c, offlineYaml(c, "typo.yaml", "temprature: 0.5")), 2, true, () => "temprature"],
  ["an unset ${VAR} in the YAML", (c) => fromConfig(c, offlineYaml(c, "env.yaml", "seed: 1", "${IE_TEST_UNSET_VAR}")), 2, true, () => "IE_TEST_UNSET_VAR"],
  ["a stray positional argument", (c) => offline(c, "extra.jsonl"), 2, false, () => "extra.jsonl"],
  ["a non-numeric --target-qps", (c) => poisson(c, "--target-qps", "abc"), 2, false, () => "--target-qps"],
  ["poisson without --target-qps", (c) => poisson(c), 2, true, () => "--target-qps"],
  ["probe with a malformed endpoint URL", () => ["probe", "--endpoints", "http://127.0.0.1:notaport", "--model", "m"], 2, true, () => "http://127.0.0.1:notaport"],
  ["an endpoint on a closed port", (c) => ["benchmark", "offline", ...common(c, c.closedUrl), "--dataset", c.dataset, "--duration", "0"], 3, true, (c) => c.closedUrl],
];

describe("cli/bad-input", () => {
  test.each(CASES)("explains %s and exits before running", async (_name, argsFor, exitCode, hint, mentioned) => {
    const dir = dirs.make();
    const context: CaseContext = { dir, url: server.url, closedUrl, dataset: questionDataset(dir, 5), reportDir: join(dir, "report") };

    const result = await runCli(argsFor(context));

    expect(result.exitCode).toBe(exitCode);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).toContain(mentioned(context));
    if (hint) expect(result.stderr).toMatch(/^hint: /m);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).toBe("");
    expect(existsSync(join(context.reportDir, "events.db"))).toBe(false);
  });
});
