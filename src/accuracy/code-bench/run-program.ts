/**
 * @module accuracy/code-bench/run-program — runs one model-written program against one question's tests.
 *
 * One `python3` process per (program, question): a fresh temp dir as its cwd (deleted
 * afterwards), a near-empty environment, best-effort network isolation (python-launcher.ts),
 * rlimits and a per-test SIGALRM set by the harness (python-harness.ts). The parent adds a
 * watchdog: each test must finish within its timeout plus a grace period, or the whole process
 * group is killed with SIGKILL (a program that catches the alarm, blocks in C code or forks still
 * stops). The group is killed again after every run to reap stray children; a child that starts
 * its own session escapes that — this is a speed bump, not a sandbox.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { PYTHON_HARNESS } from "./python-harness.ts";
import { pythonLauncher, sandboxEnv } from "./python-launcher.ts";
import type { QuestionTests } from "./test-cases.ts";

type FailureReason = "no_code" | "compile_error" | "runtime_error" | "wrong_answer" | "timeout" | "memory" | "crashed";

export interface ProgramOutcome {
  passed: boolean;
  reason: FailureReason | null;
  /** Index of the failing test (public tests first), when known. */
  failedTest: number | null;
  detail: string | null;
}

export interface RunLimits {
  timeoutPerTestS: number;
  memoryLimitBytes: number;
  fileSizeLimitBytes: number;
  python: string;
  networkIsolation: "auto" | "off";
  /** Parent of the per-program temp dirs; null for the OS temp dir. */
  tempRoot: string | null;
}

/** Time the harness gets beyond a test's own timeout before the watchdog kills it. */
const GRACE_MS = 1_000;
/** Extra time for interpreter start-up, reading the request and compiling, before test 0. */
const STARTUP_MS = 5_000;

const HarnessEvent = z.discriminatedUnion("event", [
  z.object({ event: z.literal("start"), test: z.number() }),
  z.object({
    event: z.literal("done"),
    passed: z.boolean(),
    reason: z.enum(["compile_error", "runtime_error", "wrong_answer", "timeout", "memory"]).nullable(),
    test: z.number().nullable(),
    detail: z.string().nullable(),
  }),
]);

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone, which is the usual case after a clean exit.
  }
}

/** Reads the harness's JSON lines, restarting the watchdog at each test; the final outcome. */
async function watch(proc: Bun.Subprocess<"pipe", "pipe", "ignore">, testTimeoutMs: number): Promise<ProgramOutcome> {
  let currentTest: number | null = null;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      killGroup(proc.pid);
    }, ms);
  };
  arm(testTimeoutMs + GRACE_MS + STARTUP_MS);
  let buffered = "";
  try {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const parsed = HarnessEvent.safeParse(safeJson(buffered.slice(0, newline)));
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf("\n");
        if (!parsed.success) continue; // not ours: a stray write to the report fd
        if (parsed.data.event === "done") {
          const { passed, reason, test, detail } = parsed.data;
          return { passed, reason, failedTest: test, detail };
        }
        currentTest = parsed.data.test;
        arm(testTimeoutMs + GRACE_MS);
      }
    }
    const exitCode = await proc.exited;
    if (timedOut)
      return { passed: false, reason: "timeout", failedTest: currentTest, detail: "killed by the watchdog" };
    const how = proc.signalCode ? `signal ${proc.signalCode}` : `exit code ${exitCode}`;
    return {
      passed: false,
      reason: "crashed",
      failedTest: currentTest,
      detail: `harness ended without a result (${how})`,
    };
  } finally {
    clearTimeout(timer);
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** Runs `code` against every test of `question` (stopping at the first failure). */
export async function runProgram(code: string, question: QuestionTests, limits: RunLimits): Promise<ProgramOutcome> {
  const launcher = pythonLauncher(limits.python, limits.networkIsolation);
  const dir = mkdtempSync(join(limits.tempRoot ?? tmpdir(), "code-bench-"));
  const request = {
    code,
    tests: question.tests,
    func_name: question.funcName,
    timeout_s: limits.timeoutPerTestS,
    memory_bytes: limits.memoryLimitBytes,
    file_bytes: limits.fileSizeLimitBytes,
  };
  let proc: Bun.Subprocess<"pipe", "pipe", "ignore"> | null = null;
  try {
    proc = Bun.spawn([...launcher.argv, "-I", "-c", PYTHON_HARNESS], {
      cwd: dir,
      env: sandboxEnv(dir),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "ignore",
      detached: true,
    });
    try {
      proc.stdin.write(JSON.stringify(request));
      await proc.stdin.end();
    } catch {
      // EPIPE: the interpreter died before reading; watch() reports the crash.
    }
    return await watch(proc, limits.timeoutPerTestS * 1000);
  } finally {
    if (proc) {
      killGroup(proc.pid);
      await proc.exited;
    }
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A program that made its files unremovable (chmod) leaves them to the OS temp cleaner.
    }
  }
}
