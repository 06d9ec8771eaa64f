#!/usr/bin/env bun
/**
 * @module main — the binary's entry: a worker process, or the CLI.
 *
 * The worker check comes first and before any other import runs: a compiled binary re-runs
 * this entry for every process it spawns (see run/worker-command.ts).
 */
export {};

const WORKER_ARG = "__worker";
const args = process.argv.slice(2);

if (args[0] === WORKER_ARG) {
  const { runWorker } = await import("../workers/http-worker.ts");
  await runWorker(args[1] ?? "", Number(args[2] ?? 0));
} else {
  const { runCli } = await import("./cli/run-cli.ts");
  process.exitCode = await runCli(args);
}
