/**
 * @module test/accuracy/run-program — executing model-written programs locally: verdicts, timeouts,
 * limits and confinement to a temp dir. Needs python3 on PATH.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pythonLauncher } from "../../src/accuracy/code-bench/python-launcher.ts";
import { questionTests } from "../../src/accuracy/code-bench/test-cases.ts";
import { runProgram, type RunLimits } from "../../src/accuracy/code-bench/run-program.ts";
import { ADD_ROW, PROGRAMS, TWO_SUM_ROW } from "./lcb-fixture.ts";

const dir = mkdtempSync(join(tmpdir(), "run-program-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMITS: RunLimits = {
  timeoutPerTestS: 0.5,
  memoryLimitBytes: 512 * 1024 ** 2,
  fileSizeLimitBytes: 1024 ** 2,
  python: "python3",
  networkIsolation: "auto",
  tempRoot: null,
};
/** Each test starts Python processes: seconds on a busy shared host, so more than bun's 5 s. */
const PROCESSES_TIMEOUT_MS = 60_000;
const ADD = questionTests(ADD_ROW, 0);
const TWO_SUM = questionTests(TWO_SUM_ROW, 1);

describe("accuracy/code-bench/run-program", () => {
  test.each([
    ["a correct stdin program passes", PROGRAMS.addRight, ADD, true, null],
    ["open(0) input works", PROGRAMS.addOpenZero, ADD, true, null],
    ["sys.stdin.buffer and trailing blanks work", PROGRAMS.addBuffer, ADD, true, null],
    ["a worker thread is waited for", PROGRAMS.addThread, ADD, true, null],
    ["a __main__ guard runs", PROGRAMS.addMainGuard, ADD, true, null],
    ["a wrong program fails", PROGRAMS.addWrong, ADD, false, "wrong_answer"],
    ["a syntax error fails", PROGRAMS.syntaxError, ADD, false, "compile_error"],
    ["an exception fails", PROGRAMS.raises, ADD, false, "runtime_error"],
    ["a non-zero exit fails", PROGRAMS.exitNonZero, ADD, false, "runtime_error"],
    ["an infinite loop times out", PROGRAMS.infiniteLoop, ADD, false, "timeout"],
    ["a loop that swallows the alarm is killed", PROGRAMS.stubbornLoop, ADD, false, "timeout"],
    ["memory beyond the limit fails", PROGRAMS.memoryHog, ADD, false, "memory"],
    ["a correct functional program passes (tuples read as lists)", PROGRAMS.twoSumRight, TWO_SUM, true, null],
    ["a wrong functional program fails", PROGRAMS.twoSumWrong, TWO_SUM, false, "wrong_answer"],
    ["a functional program without class Solution fails", PROGRAMS.noSolutionClass, TWO_SUM, false, "runtime_error"],
  ] as const)(
    "%s",
    async (_title, code, question, passed, reason) => {
      const outcome = await runProgram(code, question, LIMITS);
      expect({ passed: outcome.passed, reason: outcome.reason }).toEqual({ passed, reason });
    },
    PROCESSES_TIMEOUT_MS,
  );

  test(
    "reports the first failing test",
    async () => {
      // Passes the public test (1 2 → 3), fails the first private one (10 20 → 30).
      const code = "a, b = map(int, input().split())\nprint(3)";
      expect(await runProgram(code, ADD, LIMITS)).toMatchObject({
        passed: false,
        reason: "wrong_answer",
        failedTest: 1,
      });
    },
    PROCESSES_TIMEOUT_MS,
  );

  test(
    "a program's files stay in its own temp dir, which is deleted",
    async () => {
      const root = join(dir, "roots");
      mkdirSync(root);
      const report = join(dir, "cwd.txt");
      const code = [
        "import os",
        "open('marker.txt', 'w').write('x')",
        `open(${JSON.stringify(report)}, 'a').write(os.getcwd() + '|' + os.environ['HOME'] + '\\n')`,
        PROGRAMS.addRight,
      ].join("\n");
      const outcome = await runProgram(code, ADD, { ...LIMITS, tempRoot: root });
      expect(outcome.passed).toBe(true);
      const [cwd, home] = (readFileSync(report, "utf8").split("\n")[0] ?? "").split("|");
      expect(cwd?.startsWith(join(root, "code-bench-"))).toBe(true);
      expect(home).toBe(cwd);
      expect(existsSync(cwd as string)).toBe(false);
      expect(readdirSync(root)).toEqual([]);
      expect(existsSync(join(process.cwd(), "marker.txt"))).toBe(false);
    },
    PROCESSES_TIMEOUT_MS,
  );

  test(
    "a program sees no proxies or secrets from the environment",
    async () => {
      process.env.HTTPS_PROXY = "http://proxy.invalid:3128";
      process.env.SECRET_API_KEY = "sk-test";
      try {
        const code =
          "import os\nprint(os.environ.get('HTTPS_PROXY', 'none'), os.environ.get('SECRET_API_KEY', 'none'))";
        const question = { tests: [{ input: "", output: "none none", testtype: "stdin" as const }], funcName: null };
        expect((await runProgram(code, question, LIMITS)).passed).toBe(true);
      } finally {
        delete process.env.HTTPS_PROXY;
        delete process.env.SECRET_API_KEY;
      }
    },
    PROCESSES_TIMEOUT_MS,
  );

  /** A program that prints "blocked" when it cannot reach `port` on loopback. */
  function connectProgram(port: number, raw: boolean): string {
    const connect = raw
      ? [
          "    import _socket",
          "    s = _socket.socket()",
          "    s.settimeout(2)",
          `    s.connect(('127.0.0.1', ${port}))`,
        ]
      : ["    import urllib.request", `    urllib.request.urlopen('http://127.0.0.1:${port}/', timeout=2).read()`];
    return ["try:", ...connect, "    print('reached')", "except Exception:", "    print('blocked')"].join("\n");
  }

  const isolated = pythonLauncher("python3", "auto").networkIsolated;
  test.each([
    ["through urllib (socket stub)", false, "off"],
    ["through urllib (network namespace)", false, "auto"],
    ...(isolated ? [["through the raw _socket module (network namespace)", true, "auto"] as const] : []),
  ] as const)(
    "a program cannot reach a local server %s",
    async (_title, raw, networkIsolation) => {
      let hits = 0;
      const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => (hits++, new Response("hi")) });
      try {
        const question = { tests: [{ input: "", output: "blocked", testtype: "stdin" as const }], funcName: null };
        const limits = { ...LIMITS, timeoutPerTestS: 5, networkIsolation };
        expect((await runProgram(connectProgram(server.port as number, raw), question, limits)).passed).toBe(true);
        expect(hits).toBe(0);
      } finally {
        server.stop(true);
      }
    },
    PROCESSES_TIMEOUT_MS,
  );
});
