#!/usr/bin/env bun
/**
 * @module main — the binary's entry: a worker process, or the CLI.
 *
 * The worker check comes first and before any other import runs: a compiled binary re-runs
 * this entry for every process it spawns (see run/worker-command.ts). `--version` answers
 * before the CLI loads, so scripts that probe the binary pay only the runtime's start-up.
 */
export {};

const WORKER_ARG = "__worker";
const PROBE_ARG = "__probe";
const args = process.argv.slice(2);

if (args[0] === WORKER_ARG) {
  const { runWorker } = await import("../workers/http-worker.ts");
  await runWorker(args[1] ?? "", Number(args[2] ?? 0));
} else if (args[0] === PROBE_ARG) {
  // --calibrate's raw-socket probe (run/calibration-probe): a process of its own beside the workers.
  const { runProbeProcess } = await import("./client/raw-probe.ts");
  await runProbeProcess();
} else if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const [{ VERSION }, { STDOUT_FD, writeText }] = await Promise.all([
    import("./version.ts"),
    import("./cli/std-output.ts"),
  ]);
  writeText(STDOUT_FD, `${VERSION}\n`);
} else {
  const { runCli } = await import("./cli/run-cli.ts");
  process.exitCode = await runCli(args);
}
