/**
 * @module scripts/run-tests — `npm test` (and `npm run test:unit` / `test:e2e`, one half each): the unit half, then the e2e half, each shown as it runs, and one closing
 * line over both (`N passed, N failed, N skipped`). Both halves always run, so one red test in the first does not
 * hide the second's; the exit code is 1 when either failed.
 *
 * The e2e half runs two files at a time (`--parallel=2`), slowest first by the per-file seconds in
 * test/e2e/timings.json (`npm run test:timings` refreshes it); its tests hold on a busy host, so a file beside them
 * is one more load they are written for (CONTRIBUTING, Testing).
 */
import { closingLine, failedTests, type HalfResult, parseBunTally } from "./test-summary.ts";

const BUN = process.execPath;

const HALVES = {
  unit: ["test", "--no-orphans", "--parallel=2", "--path-ignore-patterns=test/e2e/**", "./test"],
  e2e: ["test", "--no-orphans", "--parallel=2", "--timings=test/e2e/timings.json", "./test/e2e"],
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

async function runHalf(name: string, args: readonly string[]): Promise<HalfResult & { failures: string[] }> {
  const started = performance.now();
  const child = Bun.spawn([BUN, ...args], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
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
  for (const name of names) halves.push(await runHalf(name, HALVES[name]));
  const line = closingLine(halves);
  const failures = halves.flatMap((h) => h.failures.map((f) => `  ${h.name}: ${f}`));
  if (failures.length > 0) console.log(`\nfailed:\n${failures.join("\n")}`);
  console.log(`\nnpm test: ${line}`);
  process.exit(halves.every((h) => h.exitCode === 0 && h.tally.failed === 0) ? 0 : 1);
}
