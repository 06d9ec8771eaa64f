/**
 * @module test/support/bad-input-cases — bad flags, datasets and endpoints, each with the exit code and the words
 * its `error:` line must hold (bad configs: test/support/bad-config-cases): test/cli/bad-input runs them in
 * process, test/e2e/bad-input the few that cross the process boundary (PROCESS_CASES).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** What one case gets to build its arguments from. */
export interface CaseContext {
  dir: string;
  url: string;
  closedUrl: string;
  dataset: string;
  reportDir: string;
}

const common = (c: CaseContext, url = c.url) => [
  ...["--endpoints", url, "--model", "m"],
  ...["--workers", "2", "--report-dir", c.reportDir],
];
const offline = (c: CaseContext, ...extra: string[]) => [
  ...["benchmark", "offline", ...common(c)],
  ...["--dataset", c.dataset, "--duration", "0", ...extra],
];
const poisson = (c: CaseContext, ...extra: string[]) => [
  ...["benchmark", "online", ...common(c)],
  ...["--dataset", c.dataset, "--load-pattern", "poisson", ...extra],
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

/** Writes `text` as `name` in the case's dir and returns the path. */
export function file(c: CaseContext, name: string, text: string): string {
  const path = join(c.dir, name);
  writeFileSync(path, text);
  return path;
}
const withDataset = (c: CaseContext, dataset: string, ...extra: string[]) => offline({ ...c, dataset }, ...extra);
const concurrency = (c: CaseContext, ...extra: string[]) => [
  ...["benchmark", "online", ...common(c)],
  ...["--dataset", c.dataset, "--load-pattern", "concurrency", ...extra],
];

/** name, arguments, exit code, whether a hint is expected, what the message must say. */
export type BadInputCase = [string, (c: CaseContext) => string[], number, boolean, (c: CaseContext) => string];

export const CASES: BadInputCase[] = [
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
];

/**
 * The cases run through the real process (test/e2e/bad-input): exit codes 2 and 3 as the shell sees them, and
 * the two refusals that need a server's port (one closed, one that answers) or a missing tokenizer on disk.
 */
export const PROCESS_CASES: ReadonlySet<string> = new Set([
  "an unknown flag",
  "malformed JSONL",
  "an endpoint on a closed port",
  "a --tokenizer that does not exist",
  "an unknown command",
]);
