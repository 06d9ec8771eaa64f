/**
 * @module test/import/import-input.test — what import refuses, and what it leaves behind when it
 * does (nothing), and a file of several benchmarks imported as a sweep.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../../src/errors.ts";
import { importRun } from "../../src/import/import-run.ts";
import type { SourceTool } from "../../src/import/source-run.ts";
import { readSweepFile } from "../../src/sweep/read-sweep-file.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "peer-outputs");
const temp = mkdtempSync(join(tmpdir(), "ie-import-input-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let made = 0;
/** A fresh directory holding `name` with `text`. */
function fileWith(name: string, text: string): string {
  const dir = join(temp, `in-${++made}`);
  mkdirSync(dir);
  writeFileSync(join(dir, name), text);
  return join(dir, name);
}

const cut = (file: string, share: number) => {
  const text = readFileSync(join(FIXTURES, file), "utf8");
  return text.slice(0, Math.floor(text.length * share));
};

async function refusal(path: string, from: SourceTool | null): Promise<{ error: InputError; out: string }> {
  const out = join(temp, `out-${++made}`);
  const error = await importRun({ path, from, reportDir: out }, () => {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  return { error: error as InputError, out };
}

describe("import: input it refuses", () => {
  test.each<[string, () => string, SourceTool | null, RegExp]>([
    [
      "an unknown JSON file",
      () => fileWith("result.json", '{"hello": 1}'),
      null,
      /not a format import reads; expected/,
    ],
    ["a file of no format at all", () => fileWith("notes.txt", "hello\n"), null, /not a format import reads; expected/],
    ["a missing path", () => join(temp, "nowhere"), null, /no such file or directory/],
    [
      "AIPerf's records cut in the middle of a line",
      () => fileWith("profile_export.jsonl", cut("ap-llama-on/profile_export.jsonl", 0.5)),
      null,
      /profile_export\.jsonl line \d+: ends before its JSON does \(truncated\?\); expected AIPerf's profile_export\.jsonl/,
    ],
    [
      "GuideLLM's benchmarks.json cut short",
      () => fileWith("benchmarks.json", cut("gl-fast-on/benchmarks.json", 0.6)),
      null,
      /benchmarks\.json: ends before its JSON does \(truncated\?\); expected GuideLLM's benchmarks\.json/,
    ],
    [
      "upstream's events.jsonl cut short",
      () => fileWith("events.jsonl", cut("up-fast-on/events.jsonl", 0.5)),
      null,
      /events\.jsonl line \d+: ends before its JSON does \(truncated\?\); expected mlcommons\/endpoints' events\.jsonl/,
    ],
    [
      "a vllm result without its per-request fields",
      () => fileWith("r.json", JSON.stringify({ duration: 1, completed: 2 })),
      "vllm",
      /r\.json: lacks input_lens; expected vllm bench serve's --save-result --save-detailed JSON/,
    ],
    [
      "another tool's file read as AIPerf's",
      () => join(FIXTURES, "up-fast-on", "events.jsonl"),
      "aiperf",
      /events\.jsonl line 1: lacks metadata; expected AIPerf's profile_export\.jsonl/,
    ],
  ])("%s: one line naming the file and what was expected, nothing in OUT", async (_name, input, from, message) => {
    const path = input();
    const { error, out } = await refusal(path, from);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("\n");
    expect(error.exitCode).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(temp).filter((f) => f.includes(".importing-"))).toEqual([]);
  });

  test("an OUT that holds anything is refused before the input is read", async () => {
    const out = join(temp, "taken");
    mkdirSync(out);
    writeFileSync(join(out, "keep.txt"), "mine");
    const error = await importRun({ path: join(FIXTURES, "ap-fast-on"), from: null, reportDir: out }, () => {}).catch(
      (e: unknown) => e,
    );
    expect((error as InputError).message).toContain("already exists and is not an empty directory");
    expect(readdirSync(out)).toEqual(["keep.txt"]);
  });

  test("an empty OUT is filled", async () => {
    const out = join(temp, "empty");
    mkdirSync(out);
    await importRun({ path: join(FIXTURES, "vllm-fast-on"), from: null, reportDir: out }, () => {});
    expect(readdirSync(out).sort()).toContain("events.db");
  });
});

describe("import: several benchmarks in one file", () => {
  test("a GuideLLM file of two benchmarks becomes a sweep of two steps that sweep readers accept", async () => {
    const file = JSON.parse(readFileSync(join(FIXTURES, "gl-fast-on", "benchmarks.json"), "utf8"));
    file.benchmarks = [
      file.benchmarks[0],
      {
        ...file.benchmarks[0],
        config: { ...file.benchmarks[0].config, strategy: { type_: "concurrent", streams: 8 } },
      },
    ];
    const path = fileWith("benchmarks.json", JSON.stringify(file));
    const out = join(temp, "sweep");
    const outcome = await importRun({ path, from: null, reportDir: out }, () => {});
    expect(outcome.summaries).toHaveLength(2);
    const { sweep } = readSweepFile(out);
    expect(sweep.steps.map((s) => [s.index, s.kind, s.offered])).toEqual([
      [1, "max_throughput", null],
      [2, "concurrency", 8],
    ]);
    for (const step of sweep.steps)
      expect(existsSync(join(step.report_dir, "performance", "result_summary.json"))).toBe(true);
    expect(sweep.steps[0]?.interactivity).toBeGreaterThan(0);
  });
});

describe("import/write-import", () => {
  test("a failure while writing removes the temporary directory and leaves OUT absent", async () => {
    const { writeAtomically } = await import("../../src/import/write-import.ts");
    const out = join(temp, "half");
    let seen = "";
    const error = await writeAtomically(out, (dir) => {
      seen = dir;
      writeFileSync(join(dir, "events.db"), "half-written");
      throw new Error("disk full");
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe("disk full");
    expect(seen).not.toBe("");
    expect(existsSync(seen)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});
