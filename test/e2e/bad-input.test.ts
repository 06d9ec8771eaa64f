/** @module test/e2e/bad-input.test — bad flags, files and endpoints end in `error:`/`hint:` lines and a documented exit code, never a run. */
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

const common = (c: CaseContext, url = c.url) => [
  "--endpoints",
  url,
  "--model",
  "m",
  "--workers",
  "2",
  "--report-dir",
  c.reportDir,
];
const offline = (c: CaseContext, ...extra: string[]) => [
  "benchmark",
  "offline",
  ...common(c),
  "--dataset",
  c.dataset,
  "--duration",
  "0",
  ...extra,
];
const poisson = (c: CaseContext, ...extra: string[]) => [
  "benchmark",
  "online",
  ...common(c),
  "--dataset",
  c.dataset,
  "--load-pattern",
  "poisson",
  ...extra,
];
const without = (args: string[], flag: string) => {
  const at = args.indexOf(flag);
  return [...args.slice(0, at), ...args.slice(at + 2)];
};

function brokenJsonl(dir: string): string {
  const path = join(dir, "broken.jsonl");
  writeFileSync(
    path,
    ['{"question": "one"}', '{"question": "two"}', '{"question": "thr', '{"question": "four"}', ""].join("\n"),
  );
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
const fromConfig = (c: CaseContext, path: string) => [
  "benchmark",
  "from-config",
  "-c",
  path,
  "--report-dir",
  c.reportDir,
];

/** Writes `text` as `name` in the case's dir and returns the path. */
function file(c: CaseContext, name: string, text: string): string {
  const path = join(c.dir, name);
  writeFileSync(path, text);
  return path;
}
const withDataset = (c: CaseContext, dataset: string, ...extra: string[]) => offline({ ...c, dataset }, ...extra);
const concurrency = (c: CaseContext, ...extra: string[]) => [
  "benchmark",
  "online",
  ...common(c),
  "--dataset",
  c.dataset,
  "--load-pattern",
  "concurrency",
  ...extra,
];

/** name, arguments, exit code, whether a hint is expected, what the message must say. */
const CASES: [string, (c: CaseContext) => string[], number, boolean, (c: CaseContext) => string][] = [
  ["an unknown flag", (c) => offline(c, "--bogus-flag"), 2, true, () => "--bogus-flag"],
  ["a missing --model", (c) => without(offline(c), "--model"), 2, true, () => "--model"],
  ["a missing --endpoints", (c) => without(offline(c), "--endpoints"), 2, true, () => "--endpoints"],
  ["a missing --dataset", (c) => without(offline(c), "--dataset"), 2, true, () => "--dataset"],
  [
    "a dataset file that does not exist",
    (c) => offline({ ...c, dataset: join(c.dir, "absent.jsonl") }),
    2,
    true,
    (c) => join(c.dir, "absent.jsonl"),
  ],
  [
    "malformed JSONL",
    (c) => offline({ ...c, dataset: brokenJsonl(c.dir) }),
    2,
    true,
    (c) => `${join(c.dir, "broken.jsonl")}:3:`,
  ],
  [
    "a YAML key that does not exist",
    (c) => fromConfig(c, offlineYaml(c, "typo.yaml", "temprature: 0.5")),
    2,
    true,
    () => "temprature",
  ],
  [
    "an unset ${VAR} in the YAML",
    (c) => fromConfig(c, offlineYaml(c, "env.yaml", "seed: 1", "${IE_TEST_UNSET_VAR}")),
    2,
    true,
    () => "IE_TEST_UNSET_VAR",
  ],
  ["a stray positional argument", (c) => offline(c, "extra.jsonl"), 2, false, () => "extra.jsonl"],
  ["a non-numeric --target-qps", (c) => poisson(c, "--target-qps", "abc"), 2, false, () => "--target-qps"],
  ["poisson without --target-qps", (c) => poisson(c), 2, true, () => "--target-qps"],
  [
    "probe with a malformed endpoint URL",
    () => ["probe", "--endpoints", "http://127.0.0.1:notaport", "--model", "m"],
    2,
    true,
    () => "http://127.0.0.1:notaport",
  ],
  [
    "an endpoint on a closed port",
    (c) => ["benchmark", "offline", ...common(c, c.closedUrl), "--dataset", c.dataset, "--duration", "0"],
    3,
    true,
    (c) => c.closedUrl,
  ],
  [
    "a YAML syntax error",
    (c) => fromConfig(c, file(c, "bad.yaml", "type: offline\nmodel_params:\n  name: [m\n")),
    2,
    false,
    (c) => join(c.dir, "bad.yaml"),
  ],
  [
    "a YAML file that is a list",
    (c) => fromConfig(c, file(c, "list.yaml", "- type: offline\n")),
    2,
    false,
    (c) => join(c.dir, "list.yaml"),
  ],
  [
    "a YAML value of the wrong type",
    (c) => fromConfig(c, offlineYaml(c, "type.yaml", "max_new_tokens: lots")),
    2,
    true,
    () => "max_new_tokens",
  ],
  [
    "a config file that does not exist",
    (c) => fromConfig(c, join(c.dir, "absent.yaml")),
    2,
    false,
    (c) => join(c.dir, "absent.yaml"),
  ],
  ["a malformed --duration", (c) => offline(c, "--duration", "10x"), 2, false, () => "10x"],
  ["--workers 0", (c) => offline(c, "--workers", "0"), 2, true, () => "--workers"],
  ["--concurrency 0", (c) => concurrency(c, "--concurrency", "0"), 2, true, () => "--concurrency"],
  ["an unknown --api-type", (c) => offline(c, "--api-type", "grpc"), 2, false, () => "grpc"],
  ["an unknown --streaming value", (c) => offline(c, "--streaming", "maybe"), 2, false, () => "maybe"],
  ["an unknown --load-pattern", (c) => poisson(c, "--load-pattern", "zigzag"), 2, false, () => "zigzag"],
  ["a load pattern that is not supported yet", (c) => poisson(c, "--load-pattern", "burst"), 2, true, () => "burst"],
  ["a negative --target-qps", (c) => poisson(c, "--target-qps", "-5"), 2, true, () => "--target-qps"],
  [
    "max duration below min duration",
    (c) => offline(c, "--runtime.max-duration-ms", "1s", "--duration", "10s"),
    2,
    true,
    () => "max_duration_ms",
  ],
  [
    "':' instead of '=' in --dataset",
    (c) => [
      "benchmark",
      "offline",
      ...common(c),
      "--dataset",
      `${c.dataset},parser.prompt:question`,
      "--duration",
      "0",
    ],
    2,
    true,
    () => "=",
  ],
  [
    "an unknown --dataset option",
    (c) => ["benchmark", "offline", ...common(c), "--dataset", `${c.dataset},samles=3`, "--duration", "0"],
    2,
    true,
    () => "samles",
  ],
  [
    "a parser column the dataset lacks",
    (c) => ["benchmark", "offline", ...common(c), "--dataset", `${c.dataset},parser.prompt=nope`, "--duration", "0"],
    2,
    false,
    () => "nope",
  ],
  [
    "two candidate prompt columns",
    (c) => withDataset(c, file(c, "two.jsonl", '{"question": "a", "query": "b"}\n')),
    2,
    true,
    () => "parser.prompt",
  ],
  [
    "an empty dataset",
    (c) => withDataset(c, file(c, "empty.jsonl", "\n\n")),
    2,
    false,
    (c) => join(c.dir, "empty.jsonl"),
  ],
  [
    "a prompt that is not a string",
    (c) => withDataset(c, file(c, "num.jsonl", '{"prompt": 5}\n')),
    2,
    true,
    (c) => join(c.dir, "num.jsonl"),
  ],
  ["an unknown dataset extension", (c) => withDataset(c, file(c, "prompts.txt", "hello\n")), 2, true, () => ".txt"],
  ["a malformed --slo", (c) => offline(c, "--slo", "ttft=5"), 2, true, () => "--slo"],
  [
    "a --tokenizer that does not exist",
    (c) => offline(c, "--tokenizer", join(c.dir, "no-tokenizer")),
    3,
    true,
    (c) => join(c.dir, "no-tokenizer"),
  ],
  [
    "an endpoint without a scheme",
    (c) => ["benchmark", "offline", ...common(c, "localhost:8000"), "--dataset", c.dataset],
    2,
    true,
    () => "http://",
  ],
  ["--num-samples 0", (c) => offline(c, "--num-samples", "0"), 2, true, () => "--num-samples"],
  [
    "--max-concurrency with the concurrency pattern",
    (c) => concurrency(c, "--concurrency", "4", "--max-concurrency", "2"),
    2,
    true,
    () => "max_concurrency",
  ],
  ["an unknown command", () => ["benchmrk", "offline"], 2, true, () => "benchmrk"],
  ["an unknown init template", () => ["init", "sideways"], 2, true, () => "sideways"],
  [
    "a per-run key in generation_config_override",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "gco.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}, generation_config_override: {name: x}}]\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () => "generation_config_override.name: 'name' is per run, not per dataset",
  ],
  [
    "a seed too large for a number",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "seed.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}}]\nsettings: {runtime: {scheduler_random_seed: 1e400}}\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () =>
      "scheduler_random_seed (--runtime.scheduler-random-seed): expected a whole number (an RNG seed), got Infinity",
  ],
  [
    "a JSONL file read as CSV",
    (c) => withDataset(c, `${c.dataset},format=.csv`),
    2,
    true,
    () => "hint: the file was read as .csv (format=.csv) but its extension says .jsonl",
  ],
  [
    "token ids sent to a chat API",
    (c) => withDataset(c, file(c, "ids.jsonl", '{"input_tokens": [1, 2]}\n')),
    2,
    true,
    (c) => `${join(c.dir, "ids.jsonl")}: row 1: has only 'input_tokens'`,
  ],
  [
    "a YAML parser that renames the prompt away",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "parser.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}, parser: {bogus: question}}]\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () =>
      "hint: the parser renames the file's column 'question' to 'bogus', which no request reads; map it as parser.prompt=question",
  ],
];

describe("cli/bad-input", () => {
  test.each(CASES)("explains %s and exits before running", async (_name, argsFor, exitCode, hint, mentioned) => {
    const dir = dirs.make();
    const context: CaseContext = {
      dir,
      url: server.url,
      closedUrl,
      dataset: questionDataset(dir, 5),
      reportDir: join(dir, "report"),
    };

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
