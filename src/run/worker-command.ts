/**
 * @module run/worker-command — how to start a copy of ourselves as a worker process.
 *
 * A compiled binary re-runs its main entry whatever its arguments, so the entry checks for the
 * hidden `__worker` command before anything else (src/main.ts). From source, the runtime is the
 * bun executable and the entry file must be named.
 */
const WORKER_COMMAND = "__worker";

function isCompiledBinary(): boolean {
  return import.meta.url.includes("$bunfs") || Bun.main.startsWith("/$bunfs/");
}

/** The command line that starts this program again (the binary, or bun and the entry file). */
export function selfCommand(): string[] {
  if (isCompiledBinary()) return [process.execPath];
  return [process.execPath, new URL("../main.ts", import.meta.url).pathname];
}

export function workerCommand(socketPath: string, workerId: number): string[] {
  return [...selfCommand(), WORKER_COMMAND, socketPath, String(workerId)];
}
