/** @module test/e2e/run-cli — runs the real CLI as a subprocess and manages the temp dirs and datasets its tests use. */
import type { ResultSummary } from "../../src/report/result-summary.ts";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The bun executable running the tests; subprocesses use the same runtime. */
export const BUN_PATH = process.execPath;
export const MAIN_PATH = join(import.meta.dir, "..", "..", "src", "main.ts");

interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface CliOptions {
  cwd?: string;
  /** Added to the test process's (already hermetic, see test/preload.ts) environment. */
  env?: Record<string, string>;
  /** The command to run instead of `bun src/main.ts` (e.g. a compiled binary). */
  command?: string[];
  /** Replaces the environment entirely instead of extending it. */
  exactEnv?: boolean;
}

/** Starts the CLI with piped stdout/stderr; the caller owns the process. */
export function spawnCli(args: readonly string[], options: CliOptions = {}) {
  const env = options.exactEnv ? { ...options.env } : { ...process.env, ...options.env };
  return Bun.spawn([...(options.command ?? [BUN_PATH, MAIN_PATH]), ...args], {
    cwd: options.cwd ?? tmpdir(),
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** `command` pinned to CPU 0, where the tests' servers run beside the run's main process (as npm run bench pins them), when the host has taskset. */
export function onServerCpu(command: readonly string[]): string[] {
  return Bun.which("taskset") ? ["taskset", "-c", "0", ...command] : [...command];
}

/** Runs the CLI to completion and returns its exit code and output. */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const proc = spawnCli(args, options);
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { exitCode, stdout, stderr };
}

/** Reads a subprocess stream as it arrives: `text` so far (for waiting on a line), `done` with all of it. */
export function collectOutput(stream: ReadableStream<Uint8Array>): { readonly text: string; done: Promise<string> } {
  let text = "";
  const decoder = new TextDecoder();
  const done = (async () => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    return text;
  })();
  return {
    get text() {
      return text;
    },
    done,
  };
}

/** Temp dirs for one test file: `make()` creates one, `cleanup()` (in afterAll) removes them all. */
export function tempDirs(prefix = "ie-cli-") {
  const made: string[] = [];
  return {
    make(): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    cleanup(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes rows as JSONL into `dir` and returns the file path. */
function writeJsonl(dir: string, name: string, rows: readonly Record<string, unknown>[]): string {
  const path = join(dir, name);
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
  return path;
}

/** `count` rows with a `question` column (found by the loader's prompt detection). */
export function questionDataset(dir: string, count: number, name = "questions.jsonl"): string {
  const rows = Array.from({ length: count }, (_, i) => ({ question: `what is ${i} plus ${i + 1} in words` }));
  return writeJsonl(dir, name, rows);
}

/** A series rollup of result_summary.json with values, as the real-server tests read it. */
export interface Distribution {
  min: number;
  max: number;
  median: number;
  percentiles: Record<string, number>;
}

/** performance/result_summary.json, typed by its schema (report/result-summary). */
export function readSummary(reportDir: string): ResultSummary {
  return JSON.parse(readFileSync(join(reportDir, "performance", "result_summary.json"), "utf8")) as ResultSummary;
}

/** Rows in events.db `requests`, optionally of one phase; 0 while the file or table does not exist yet. */
export function countRequestRows(reportDir: string, phase?: string): number {
  let db: Database | undefined;
  try {
    db = new Database(join(reportDir, "events.db"), { readonly: true });
    const row =
      phase === undefined
        ? db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM requests").get()
        : db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM requests WHERE phase = ?").get(phase);
    return row?.n ?? 0;
  } catch {
    // Not created yet (or the schema is not written yet): nothing recorded so far.
    return 0;
  } finally {
    db?.close();
  }
}

/** Resolves once `condition()` holds, checking every `intervalMs`; rejects after `timeoutMs`, with `explain()` (e.g. the output so far) in the error. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  intervalMs = 25,
  explain: () => string = () => "",
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${explain() === "" ? "" : `; ${explain()}`}`);
    await Bun.sleep(intervalMs);
  }
}

/** A process's scheduler state and its children's, from /proc (Linux): what a wait that gave up reports of a process that never got there. */
export function processState(pid: number): string {
  const state = (p: string) => {
    try {
      return /^State:\s*(.+)$/m.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? "?";
    } catch {
      return "gone";
    }
  };
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {}
  return [`${pid} ${state(String(pid))}`, ...children.map((c) => `child ${c} ${state(c)}`)].join(", ");
}

/** Exact median (lower middle for even counts, as the report's "lower" percentiles). */
export function lowerMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.floor((sorted.length - 1) / 2)];
  if (value === undefined) throw new Error("median of no values");
  return value;
}

/** The most intervals open at the same instant; an interval ending at t is closed before one starting at t opens. */
export function maxOverlap(intervals: readonly { start: number; end: number }[]): number {
  const events = intervals.flatMap(({ start, end }) => [
    { t: start, delta: 1 },
    { t: end, delta: -1 },
  ]);
  events.sort((a, b) => a.t - b.t || a.delta - b.delta);
  let open = 0;
  let most = 0;
  for (const { delta } of events) {
    open += delta;
    most = Math.max(most, open);
  }
  return most;
}

/** Common benchmark flags for a run against `url` writing into `reportDir`. */
export function benchmarkArgs(url: string, dataset: string, reportDir: string): string[] {
  return [
    "--endpoints",
    url,
    "--model",
    "mock-model",
    "--dataset",
    dataset,
    "--workers",
    "2",
    "--report-dir",
    reportDir,
  ];
}

/**
 * A loopback test server that answers completions with `handle`. A GET (a run probes
 * `<endpoint>/metrics` for the server's Prometheus metrics by default) gets a 404 without
 * reaching `handle`, as from a server without metrics, so a handler that counts requests
 * counts completions only.
 */
export function serveCompletions(
  handle: (req: Request) => Response | Promise<Response>,
  options: { idleTimeout?: number } = {},
) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    ...options,
    fetch: (req) => (req.method === "GET" ? new Response("not found", { status: 404 }) : handle(req)),
  });
}
