/**
 * @module scripts/run-tests — `npm test` (and `npm run test:unit` / `test:e2e`, one half each): the unit half, then the e2e half, each shown as it runs, and one closing
 * line over both (`N passed, N failed, N skipped`). Both halves always run, so one red test in the first does not
 * hide the second's; the exit code is 1 when either failed.
 *
 * The e2e half runs two files at a time (`--parallel=2`), slowest first by the per-file seconds in
 * test/e2e/timings.json (`npm run test:timings` refreshes it); its tests hold on a busy host, so a file beside them
 * is one more load they are written for (CONTRIBUTING, Testing).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBinary, gitSha } from "./compile-binary.ts";
import { closingLine, failedTests, type HalfResult, parseBunTally } from "./test-summary.ts";

const BUN = process.execPath;

/**
 * bunfig.toml's 60 s per-test timeout (a hang detector, not a bound) is not passed on to `--parallel`'s workers,
 * which then cut every test at bun's default 5 s — a bound a busy host decides — so it is given here again.
 */
const TIMEOUT = "--timeout=60000";
const HALVES = {
  unit: ["test", "--no-orphans", "--parallel=2", TIMEOUT, "--path-ignore-patterns=test/e2e/**", "./test"],
  e2e: ["test", "--no-orphans", "--parallel=2", TIMEOUT, "--timings=test/e2e/timings.json", "./test/e2e"],
} as const;
type HalfName = keyof typeof HALVES;

/** Copies a child's stream to ours as it arrives and keeps its text, for the tally at its end. */
async function relay(stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) {
    sink.write(chunk);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

async function runHalf(
  name: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<HalfResult & { failures: string[] }> {
  const started = performance.now();
  const child = Bun.spawn([BUN, ...args], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const [out, err, exitCode] = await Promise.all([
    relay(child.stdout, process.stdout),
    relay(child.stderr, process.stderr),
    child.exited,
  ]);
  const text = `${out}\n${err}`;
  return {
    name,
    tally: parseBunTally(text),
    failures: failedTests(text),
    exitCode,
    seconds: (performance.now() - started) / 1000,
  };
}

if (import.meta.main) {
  const only = process.argv[2];
  if (only !== undefined && !(only in HALVES)) {
    console.error(`error: unknown half '${only}'\nhint: bun scripts/run-tests.ts [unit|e2e]`);
    process.exit(2);
  }
  const names = only === undefined ? (Object.keys(HALVES) as HalfName[]) : [only as HalfName];
  const halves: (HalfResult & { failures: string[] })[] = [];
  for (const name of names) {
    if (name !== "e2e") {
      halves.push(await runHalf(name, HALVES[name]));
      continue;
    }
    // One compiled binary for every e2e file (test/support/compiled-binary), built before they start.
    const dir = mkdtempSync(join(tmpdir(), "ie-test-binary-"));
    try {
      const binary = join(dir, "inference-endpoint");
      // A failed build is left to the tests that need the binary: they build it and report the failure as theirs.
      const env = await buildBinary(binary, null, `${process.platform}-${process.arch}`, await gitSha()).then(
        () => ({ IE_TEST_BINARY: binary }),
        () => ({}),
      );
      halves.push(await runHalf(name, HALVES[name], env));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const line = closingLine(halves);
  const failures = halves.flatMap((h) => h.failures.map((f) => `  ${h.name}: ${f}`));
  if (failures.length > 0) console.log(`\nfailed:\n${failures.join("\n")}`);
  console.log(`\nnpm test: ${line}`);
  process.exit(halves.every((h) => h.exitCode === 0 && h.tally.failed === 0) ? 0 : 1);
}
