/**
 * @module scripts/bench/lib/procs — every process the benchmark starts: pinned, tracked, and ended by PID.
 *
 * The server goes to CPU 0 and every client to CPU 1 (`taskset -c`, which execs, so the PID we
 * hold is the program's own). `stopAll` runs in a `finally` and on SIGINT/SIGTERM, so a failed
 * or interrupted section leaves nothing behind; temp dirs registered here are removed then too.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..", "..");
export const MAIN = join(ROOT, "src", "main.ts");
export const BUN = process.execPath;
const SERVER_CPU = "0";
export const CLIENT_CPU = "1";

const live = new Set<Bun.Subprocess>();
const tempDirs = new Set<string>();

export function hasTool(name: string): boolean {
  return Bun.which(name) !== null;
}

/** `taskset -c CPU cmd…`, or the bare command where taskset is missing (the table says so). */
export function pinned(cpu: string, cmd: string[]): string[] {
  return hasTool("taskset") ? ["taskset", "-c", cpu, ...cmd] : cmd;
}

type SpawnOptions = NonNullable<Parameters<typeof Bun.spawn>[1]>;

/** Bun.spawn, remembered until it exits so that `stopAll` can end it. */
export function track(cmd: string[], options: SpawnOptions = {}): Bun.Subprocess {
  const child = Bun.spawn(cmd, { stdin: "ignore", stdout: "ignore", stderr: "pipe", ...options });
  live.add(child);
  void child.exited.then(() => live.delete(child));
  return child;
}

export function trackTempDir(dir: string): string {
  tempDirs.add(dir);
  return dir;
}

/** SIGTERM to every live child, SIGKILL after 1 s, then remove temp dirs. */
export async function stopAll(): Promise<void> {
  const children = [...live];
  for (const child of children) child.kill("SIGTERM");
  const timer = setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }, 1000);
  await Promise.all(children.map((child) => child.exited));
  clearTimeout(timer);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function stopAllOnSignals(): void {
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping ${live.size} child process(es)`);
    void stopAll().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

interface Server {
  url: string;
  proc: Bun.Subprocess;
  stop(): Promise<void>;
}

/** Starts a server command pinned to CPU 0 and waits for the base URL it prints as its first stdout line. */
export async function startServer(cmd: string[]): Promise<Server> {
  const proc = track(pinned(SERVER_CPU, cmd), { stdout: "pipe", stderr: "pipe", cwd: ROOT });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  try {
    while (!text.includes("\n")) {
      const { done, value } = await reader.read();
      if (done)
        throw new Error(
          `server ${cmd.join(" ")} exited before printing its URL: ${await new Response(proc.stderr as ReadableStream).text()}`,
        );
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
  }
  reader.releaseLock();
  void (proc.stdout as ReadableStream<Uint8Array>).pipeTo(new WritableStream()).catch(() => {}); // keep draining; errors once killed
  void (proc.stderr as ReadableStream<Uint8Array>).pipeTo(new WritableStream()).catch(() => {});
  const url = (text.split("\n")[0] ?? "").trim();
  return {
    url,
    proc,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** The project's mock server, `serve --mode fixed` (32 tokens; 32 content chunks when streamed). */
export function startFixedServer(): Promise<Server> {
  return startServer([BUN, MAIN, "serve", "--port", "0", "--mode", "fixed"]);
}

/** The 10-line Bun.serve baseline (scripts/bench/minimal-server.ts). */
export function startMinimalServer(): Promise<Server> {
  return startServer([BUN, join(ROOT, "scripts", "bench", "minimal-server.ts")]);
}
