/**
 * @module run/worker-pool — spawns N worker processes and talks to each over its own unix socket.
 *
 * One listening socket; each worker connects, says hello with its id, receives its init and
 * answers ready. Workers are spawned first and initialised later, so their start-up overlaps
 * the main process's (dataset, plan, report directory). Results and phase completions are forwarded to the session's handlers.
 * A worker that exits unexpectedly is reported, never waited on forever.
 */
import type { Subprocess } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SetupError } from "../errors.ts";
import { parseToMain, type ToMain, type ToWorker, type WorkerInit } from "../ipc/messages.ts";
import { SocketChannel } from "../ipc/socket-channel.ts";
import { spawnFailure } from "./spawn-failure.ts";
import { selfCommand, workerCommand } from "./worker-command.ts";
import { forwardWorkerOutput } from "./worker-output.ts";

const SHUTDOWN_GRACE_MS = 2_000;

/** A private directory for the pool's socket, under TMPDIR. */
function socketDir(): string {
  const parent = tmpdir();
  try {
    return mkdtempSync(join(parent, "inference-endpoint-"));
  } catch (error) {
    throw new SetupError(
      `could not create the workers' socket directory in ${parent}: ${error instanceof Error ? error.message : String(error)}`,
      {
        hint: "TMPDIR must name a directory this user can write to",
        cause: error,
      },
    );
  }
}

interface PoolHandlers {
  onMessage(message: ToMain): void;
  onWorkerExit(workerId: number, exitCode: number | null): void;
  /** A worker's frame could not be handled after start-up (see `onHandlingError`). */
  onError(message: string): void;
}

type WorkerInitFor = (workerId: number) => Omit<WorkerInit, "type" | "workerId">;

export class WorkerPool {
  private readonly channels = new Map<number, SocketChannel>();
  private readonly processes: Subprocess[] = [];
  /** Each worker's stderr and stdout, being passed on (run/worker-output); settled once the worker has exited. */
  private readonly outputForwards: Promise<void>[] = [];
  /** Where the workers' output goes instead of our stderr and stdout (the dashboard's log); null: there. */
  private outputRoute: ((text: string) => void) | null = null;
  private readonly socketPath: string;
  private shuttingDown = false;
  private listener: { stop(closeActive?: boolean): void } | null = null;
  private handlers: PoolHandlers | null = null;
  private initFor: WorkerInitFor | null = null;
  private readyCount = 0;
  /** Set when start-up failed before `initialize` was waiting (a worker died while booting). */
  private startupError: Error | null = null;
  private failStartup: (error: Error) => void = (error) => (this.startupError ??= error);
  private resolveReady: () => void = () => {};

  private constructor(
    readonly size: number,
    private readonly dir: string,
  ) {
    this.socketPath = join(dir, "workers.sock");
  }

  /**
   * Starts `size` worker processes now; they boot while the caller prepares the run and wait
   * for their init, which `initialize` sends. Call `shutdown` on every path after this.
   * `allOutput`: pass on every line the workers print (see run/worker-output). A worker the
   * kernel refuses to start (run/spawn-failure) throws a SetupError once everything begun here
   * is undone, so that nothing left open keeps the process alive.
   */
  static spawn(size: number, env: Record<string, string>, allOutput = false): WorkerPool {
    const pool = new WorkerPool(size, socketDir());
    pool.listen();
    for (let id = 0; id < size; id++) {
      try {
        pool.spawnWorker(id, env, allOutput);
      } catch (error) {
        pool.abandon();
        throw spawnFailure(id, selfCommand()[0] as string, error);
      }
    }
    return pool;
  }

  /**
   * Sends each worker its init (now, or when it connects) and resolves once all are ready, or
   * fails after `startupTimeoutMs` (settings.client.worker_initialization_timeout).
   */
  async initialize(initFor: WorkerInitFor, handlers: PoolHandlers, startupTimeoutMs: number): Promise<void> {
    this.handlers = handlers;
    this.initFor = initFor;
    for (const [id, channel] of this.channels) this.sendInit(id, channel);
    const allReady = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      this.failStartup = reject;
      if (this.startupError) reject(this.startupError);
      else if (this.readyCount === this.size) resolve();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SetupError(
              `workers did not start within ${startupTimeoutMs / 1000} s (settings.client.worker_initialization_timeout)`,
            ),
          ),
        startupTimeoutMs,
      );
    });
    try {
      await Promise.race([allReady, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends what the workers print to `write` from now on (the dashboard's log, while it covers
   * the screen: what is printed there would be lost when the terminal is restored), or with
   * null back to our own stderr and stdout.
   */
  routeOutput(write: ((text: string) => void) | null): void {
    this.outputRoute = write;
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

  private sendInit(workerId: number, channel: SocketChannel): void {
    if (this.initFor) channel.send({ type: "init", workerId, ...this.initFor(workerId) });
  }

  private route(message: ToMain): void {
    if (message.type === "hello") return;
    if (message.type === "ready" && ++this.readyCount === this.size) this.resolveReady();
    if (message.type === "fatal" && this.readyCount < this.size)
      this.failStartup(new SetupError(`worker ${message.workerId} failed to start: ${message.message}`));
    this.handlers?.onMessage(message);
  }

  /**
   * A frame main could not handle (corrupt, or its handling threw): before every worker is ready
   * the start fails at once (a SetupError, exit code 3) instead of waiting out the start-up
   * timeout; afterwards the run is told (PoolHandlers.onError). Never a stack trace.
   */
  private onHandlingError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this.readyCount < this.size) this.failStartup(new SetupError(`could not start the workers: ${message}`));
    else this.handlers?.onError(message);
  }

  private listen(): void {
    this.listener = Bun.listen<{ channel: SocketChannel }>({
      unix: this.socketPath,
      socket: {
        open: (socket) => {
          const channel = new SocketChannel(socket, (raw) => {
            try {
              const message = parseToMain(raw);
              if (message.type === "hello") {
                this.channels.set(message.workerId, channel);
                this.sendInit(message.workerId, channel);
              }
              this.route(message);
            } catch (error) {
              this.onHandlingError(error);
            }
          });
          socket.data = { channel };
        },
        data: (socket, bytes) => socket.data.channel.receive(bytes),
        drain: (socket) => socket.data.channel.flush(),
      },
    });
  }

  private spawnWorker(id: number, env: Record<string, string>, allOutput: boolean): void {
    const child = Bun.spawn(workerCommand(this.socketPath, id), {
      env: { ...process.env, ...env },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      onExit: (_proc, exitCode, signalCode) => {
        if (this.shuttingDown) return;
        this.channels.delete(id);
        if (this.readyCount < this.size)
          this.failStartup(
            new SetupError(
              `worker ${id} (${selfCommand()[0]}) exited during start-up (${signalCode ? `killed by ${signalCode}` : `code ${exitCode}`})`,
            ),
          );
        this.handlers?.onWorkerExit(id, exitCode);
      },
    });
    this.processes.push(child);
    this.outputForwards.push(
      forwardWorkerOutput(child.stderr, allOutput, (text) =>
        this.outputRoute ? this.outputRoute(text) : process.stderr.write(text),
      ),
      forwardWorkerOutput(child.stdout, true, (text) =>
        this.outputRoute ? this.outputRoute(text) : process.stdout.write(text),
      ),
    );
  }

  /** Undoes a start that failed part-way, at once: no worker had anything to finish. */
  private abandon(): void {
    this.shuttingDown = true;
    this.listener?.stop(true);
    for (const p of this.processes) p.kill("SIGKILL");
    rmSync(this.dir, { recursive: true, force: true });
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.broadcast({ type: "shutdown" });
    // A worker still booting has nothing to finish: it is not worth the grace period.
    this.processes.forEach((p, id) => {
      if (!this.channels.has(id)) p.kill("SIGKILL");
    });
    const exited = Promise.all(this.processes.map((p) => p.exited));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([exited, grace]);
    clearTimeout(timer);
    this.listener?.stop(true);
    for (const p of this.processes) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
    // What the workers printed last (a crash, say) reaches our stderr before we go on.
    await Promise.allSettled(this.outputForwards);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
