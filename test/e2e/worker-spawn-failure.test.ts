/**
 * @module test/e2e/worker-spawn-failure — a worker the kernel refuses to start ends the run at
 * once: exit code 3, one `error:` line naming the executable and why, no stack trace, no worker
 * or socket left behind. It used to print `unexpected failure` and never exit (issue 34). A
 * TMPDIR where the workers' socket cannot be made is a set-up failure too.
 *
 * Each test runs a copy of the compiled binary and breaks something while the CLI waits at a
 * gate: a FIFO it blocks reading until the test has opened it (the signal that the CLI is
 * there), broken what it breaks, and written the content. `--start-barrier` is read just
 * before the workers are spawned, the dataset just after.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { COMPILE_TIMEOUT_MS, compiledBinary } from "../support/compiled-binary.ts";
import { asUser, openDir, placeBinary, unprivilegedUnavailable } from "../support/unprivileged.ts";
import { collectOutput, questionDataset, runCli, spawnCli, waitFor } from "./run-cli.ts";

/** Far beyond a failed start (well under a second here); only a hang reaches it. */
const HANG_MS = 20_000;
/** A uid of this test process's own: RLIMIT_NPROC counts every task of a uid, so none but ours may run under it. */
const UID = 61_000 + (process.pid % 4_000);

let binary: string;
let server: MockServer;
const dirs: string[] = [];
beforeAll(async () => {
  [binary, server] = await Promise.all([compiledBinary(), startMockServer({ mode: "echo" })]);
}, COMPILE_TIMEOUT_MS + 10_000);
afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Rows for the dataset, as `questionDataset` writes them. */
const DATASET_TEXT = Array.from(
  { length: 20 },
  (_, i) => `${JSON.stringify({ question: `what is ${i} plus ${i + 1} in words` })}\n`,
).join("");

interface Gated {
  dir: string;
  /** The copy of the binary the CLI runs (its workers are this path too). */
  exe: string;
  pid: number;
  /** Writes the gate's content and closes it: the CLI goes on. */
  release(): void;
  /** Exit code and stderr, and the time from the release to the exit. */
  result(): Promise<{ exitCode: number; stderr: string; elapsedMs: number }>;
  kill(): void;
}

/**
 * Starts the CLI (as `uid`, else as root) from a copy of the binary in a fresh directory and
 * resolves once it blocks reading a FIFO: the `--start-barrier` (read just before the workers
 * are spawned) or, with `gate: "dataset"`, the dataset (read just after).
 */
async function startGated(uid: number | null, gate: "barrier" | "dataset" = "barrier"): Promise<Gated> {
  const dir = openDir("ie-spawn-fail-");
  dirs.push(dir);
  mkdirSync(join(dir, "bin"));
  chmodSync(join(dir, "bin"), 0o755);
  const exe = placeBinary(binary, join(dir, "bin", "inference-endpoint"));
  const fifo = join(dir, gate === "barrier" ? "barrier" : "questions.jsonl");
  expect(Bun.spawnSync(["mkfifo", "-m", "666", fifo]).exitCode).toBe(0);
  const dataset = gate === "dataset" ? fifo : questionDataset(dir, 20);
  const args = [
    "benchmark",
    "offline",
    "--endpoints",
    server.url,
    "--model",
    "m",
    "--dataset",
    dataset,
    "--duration",
    "0",
    "--workers",
    "2",
    "--report-dir",
    join(dir, "r"),
    ...(gate === "barrier" ? ["--start-at", "+30s", "--start-barrier", fifo] : []),
  ];
  const proc = spawnCli(args, {
    command: uid === null ? [exe] : asUser(uid, [exe]),
    env: { HOME: dir, TMPDIR: dir, PATH: "/usr/bin:/bin" },
    exactEnv: true,
    cwd: dir,
  });
  const stderr = collectOutput(proc.stderr);
  let fd: number | null = null;
  // The CLI holds the FIFO open (blocked reading it) once a non-blocking open for writing succeeds.
  await waitFor(
    () => {
      try {
        fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch {
        // ENXIO: no reader yet.
      }
      return fd !== null || proc.exitCode !== null;
    },
    HANG_MS,
    10,
    () => `stderr: ${stderr.text}`,
  );
  if (fd === null) throw new Error(`the CLI exited (${proc.exitCode}) before reading ${fifo}: ${stderr.text}`);
  const content = gate === "barrier" ? String(Date.now()) : DATASET_TEXT;
  let releasedAt = 0;
  return {
    dir,
    exe,
    pid: proc.pid,
    release() {
      writeSync(fd as number, content);
      closeSync(fd as number);
      releasedAt = performance.now();
    },
    async result() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`the CLI still runs ${HANG_MS / 1000} s after its workers were due; stderr: ${stderr.text}`),
            ),
          HANG_MS,
        );
      });
      try {
        const [exitCode, text] = await Promise.race([Promise.all([proc.exited, stderr.done]), hung]);
        return { exitCode, stderr: text, elapsedMs: performance.now() - releasedAt };
      } finally {
        clearTimeout(timer);
      }
    },
    kill() {
      if (proc.exitCode === null) proc.kill("SIGKILL");
      if (fd !== null && releasedAt === 0) closeSync(fd);
    },
  };
}

/** A path as a literal inside a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Processes whose command line names `dir` (the workers carry the binary's path and their socket's). */
function processesUnder(dir: string): string[] {
  return Bun.spawnSync(["pgrep", "-fa", dir])
    .stdout.toString()
    .split("\n")
    .filter((line) => line.includes("__worker"));
}

/** What every spawn failure must look like: exit 3 soon, one error line, no stack, nothing left running or on disk. */
async function expectFailedStart(run: Gated, message: RegExp): Promise<string> {
  const { exitCode, stderr, elapsedMs } = await run.result();
  expect(stderr.split("\n").filter((line) => line.startsWith("error:"))).toEqual([expect.stringMatching(message)]);
  expect(stderr).not.toMatch(/^ {4}at /m);
  expect(stderr).not.toContain("unexpected failure");
  expect(exitCode).toBe(3);
  // long wait: HANG_MS (20 s) is what a hung start would take; a failed start exits in a fraction of it.
  expect(elapsedMs).toBeLessThan(HANG_MS);
  await waitFor(() => processesUnder(run.dir).length === 0, 5_000).catch(() => undefined);
  expect(processesUnder(run.dir)).toEqual([]);
  expect(readdirSync(run.dir).filter((name) => name.startsWith("inference-endpoint-"))).toEqual([]); // the socket dir is gone
  return stderr;
}

const skipUser = unprivilegedUnavailable();
const skipLimit = skipUser ?? (Bun.which("prlimit") === null ? "needs prlimit (util-linux)" : null);
if (skipUser) console.log(`skipped: the permission-denied spawn — ${skipUser}`);
if (skipLimit) console.log(`skipped: the process-limit spawn — ${skipLimit}`);

describe("cli/worker-spawn-failure", () => {
  test.skipIf(skipUser !== null)(
    "a binary whose directory the user can no longer enter: permission denied (EACCES)",
    async () => {
      const run = await startGated(UID);
      try {
        chmodSync(join(run.dir, "bin"), 0o700); // root's only
        run.release();
        const stderr = await expectFailedStart(
          run,
          new RegExp(`^error: could not start worker 0 \\(${literal(run.exe)}\\): permission denied \\(EACCES\\)$`),
        );
        expect(stderr).toContain(`hint: the user running the benchmark must be able to execute ${run.exe}`);
      } finally {
        run.kill();
      }
    },
    HANG_MS * 2,
  );

  test(
    "a binary deleted after the CLI started (as an upgrade replaces it): the file was deleted (ENOENT)",
    async () => {
      const run = await startGated(null);
      try {
        unlinkSync(run.exe); // a hard link to the shared binary: only this name goes
        run.release();
        await expectFailedStart(
          run,
          new RegExp(
            `^error: could not start worker 0 \\(${literal(run.exe)}\\): the file was deleted or replaced after the run started \\(ENOENT\\)$`,
          ),
        );
      } finally {
        run.kill();
      }
    },
    HANG_MS * 2,
  );

  test.skipIf(skipLimit !== null)(
    "a user at its process limit: the limit was reached (EAGAIN), any worker already started is killed",
    async () => {
      expect(Bun.spawnSync(["pgrep", "-U", String(UID)]).stdout.toString()).toBe(""); // the uid is ours alone
      const run = await startGated(UID);
      try {
        // RLIMIT_NPROC counts the uid's tasks, threads too: the CLI's threads and one more. Usually
        // worker 0 takes that one and worker 1 is refused, but the runtime may start a thread of its
        // own after the count (a busy host makes that likely), so the refused worker is 0 or 1; what
        // our code decides is the message, the hint, exit 3 and that nothing started stays running.
        const tasks = readdirSync(`/proc/${run.pid}/task`).length;
        expect(
          Bun.spawnSync(asUser(UID, ["/usr/bin/prlimit", "--pid", String(run.pid), `--nproc=${tasks + 1}`])).exitCode,
        ).toBe(0);
        run.release();
        const stderr = await expectFailedStart(
          run,
          new RegExp(
            `^error: could not start worker [01] \\(${literal(run.exe)}\\): the process limit was reached \\(EAGAIN\\)$`,
          ),
        );
        expect(stderr).toMatch(/^hint: .*ulimit -u.*--workers/m);
      } finally {
        run.kill();
      }
    },
    HANG_MS * 2,
  );

  test(
    "a TMPDIR the workers' socket cannot be made in: exit 3 naming it",
    async () => {
      const dir = openDir("ie-spawn-fail-");
      dirs.push(dir);
      const tmp = join(dir, "no-such-dir");
      const result = await runCli(
        [
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 5),
          "--duration",
          "0",
          "--workers",
          "2",
          "--report-dir",
          join(dir, "r"),
        ],
        { env: { TMPDIR: tmp } },
      );
      expect(result.stderr.split("\n").filter((line) => line.startsWith("error:"))).toEqual([
        expect.stringMatching(
          new RegExp(`^error: could not create the workers' socket directory in ${literal(tmp)}: ENOENT`),
        ),
      ]);
      expect(result.stderr).toContain("hint: TMPDIR must name a directory this user can write to");
      expect(result.exitCode).toBe(3);
    },
    HANG_MS,
  );

  // Bun reports a failed exec synchronously (the spawn throws); what remains asynchronous is a
  // worker that was started and dies before it is ready (a crash, the OOM killer).
  test(
    "a worker that dies while the run is being prepared fails the start at once",
    async () => {
      const run = await startGated(null, "dataset");
      try {
        const workers = () =>
          Bun.spawnSync(["pgrep", "-P", String(run.pid), "-f", "__worker"])
            .stdout.toString()
            .split(/\s+/)
            .filter(Boolean)
            .map(Number);
        await waitFor(() => workers().length === 2, HANG_MS); // spawned before the dataset is read
        process.kill(workers()[0] as number, "SIGKILL");
        run.release();
        await expectFailedStart(
          run,
          new RegExp(`^error: worker \\d \\(${literal(run.exe)}\\) exited during start-up \\(killed by SIGKILL\\)$`),
        );
      } finally {
        run.kill();
      }
    },
    HANG_MS * 2,
  );
});
