/**
 * @module run/worker-pool — spawns N worker processes and talks to each over its own unix socket.
 *
 * One listening socket; each worker connects, says hello with its id, receives its init and
 * answers ready. Results and phase completions are forwarded to the session's handlers.
 * A worker that exits unexpectedly is reported, never waited on forever.
 */
import type { Subprocess } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SetupError } from "../errors.ts";
import { parseToMain, type ToMain, type ToWorker, type WorkerInit } from "../ipc/messages.ts";
import { SocketChannel } from "../ipc/socket-channel.ts";
import { workerCommand } from "./worker-command.ts";

const STARTUP_TIMEOUT_MS = 20_000;
const SHUTDOWN_GRACE_MS = 2_000;

export interface PoolHandlers {
  onMessage(message: ToMain): void;
  onWorkerExit(workerId: number, exitCode: number | null): void;
}

export type WorkerInitFor = (workerId: number) => Omit<WorkerInit, "type" | "workerId">;

export class WorkerPool {
  private readonly channels = new Map<number, SocketChannel>();
  private readonly processes: Subprocess[] = [];
  private shuttingDown = false;
  private listener: { stop(closeActive?: boolean): void } | null = null;

  private constructor(
    readonly size: number,
    private readonly dir: string,
    private readonly handlers: PoolHandlers,
  ) {}

  static async start(size: number, initFor: WorkerInitFor, handlers: PoolHandlers, env: Record<string, string>): Promise<WorkerPool> {
    const dir = mkdtempSync(join(tmpdir(), "inference-endpoint-"));
    const pool = new WorkerPool(size, dir, handlers);
    try {
      await pool.launch(initFor, env);
    } catch (error) {
      await pool.shutdown();
      throw error;
    }
    return pool;
  }

  send(workerId: number, message: ToWorker): void {
    this.channels.get(workerId)?.send(message);
  }

  broadcast(message: ToWorker): void {
    for (const id of this.channels.keys()) this.send(id, message);
  }

  pids(): number[] {
    return this.processes.map((p) => p.pid);
  }

  private async launch(initFor: WorkerInitFor, env: Record<string, string>): Promise<void> {
    const socketPath = join(this.dir, "workers.sock");
    let readyCount = 0;
    let failStartup: (error: Error) => void = () => {};
    const allReady = new Promise<void>((resolve, reject) => {
      failStartup = reject;
      const route = (message: ToMain) => {
        if (message.type === "hello") return;
        if (message.type === "ready" && ++readyCount === this.size) resolve();
        if (message.type === "fatal" && readyCount < this.size) reject(new SetupError(`worker ${message.workerId} failed to start: ${message.message}`));
        this.handlers.onMessage(message);
      };
      this.listener = Bun.listen<{ channel: SocketChannel }>({
        unix: socketPath,
        socket: {
          open: (socket) => {
            const channel = new SocketChannel(socket, (raw) => {
              const message = parseToMain(raw);
              if (message.type === "hello") {
                this.channels.set(message.workerId, channel);
                channel.send({ type: "init", workerId: message.workerId, ...initFor(message.workerId) });
              }
              route(message);
            });
            socket.data = { channel };
          },
          data: (socket, bytes) => socket.data.channel.receive(bytes),
          drain: (socket) => socket.data.channel.flush(),
        },
      });
    });
    for (let id = 0; id < this.size; id++) {
      const child = Bun.spawn(workerCommand(socketPath, id), {
        env: { ...process.env, ...env },
        stdin: "ignore",
        stdout: "inherit",
        stderr: "inherit",
        onExit: (_proc, exitCode) => {
          if (this.shuttingDown) return;
          this.channels.delete(id);
          if (readyCount < this.size) failStartup(new SetupError(`worker ${id} exited during start-up (code ${exitCode})`));
          this.handlers.onWorkerExit(id, exitCode);
        },
      });
      this.processes.push(child);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SetupError(`workers did not start within ${STARTUP_TIMEOUT_MS / 1000} s`)), STARTUP_TIMEOUT_MS);
    });
    try {
      await Promise.race([allReady, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.broadcast({ type: "shutdown" });
    const exited = Promise.all(this.processes.map((p) => p.exited));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([exited, grace]);
    clearTimeout(timer);
    this.listener?.stop(true);
    for (const p of this.processes) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    rmSync(this.dir, { recursive: true, force: true });
  }
}
