/**
 * @module scripts/bench/lib/floor-ipc — the bench's floor rows, written by a second process as the design asks.
 *
 * Our design puts the HTTP client in a worker process and events.db in the main process, with
 * batched msgpackr frames over a unix socket between them. `RemoteFloorRows` is the least of
 * that: the client process keeps each response's instants in columns (typed arrays), sends
 * them every 10 ms or every worker-sized batch as one frame, and a child process
 * (`floor-sink.ts`) turns each frame into lib/least-client `FloorRows` — the same rows as the
 * one-process floor, one transaction per frame. The frames go through our IPC layer
 * (ipc/socket-channel and ipc/frame-codec: length-prefixed msgpackr over Bun's sockets, queued
 * on a short write), none of our client, record or scheduling code. The child's CPU counts in
 * the client's (it is waited for).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SocketChannel } from "../../../src/ipc/socket-channel.ts";
import { FLUSH_BATCH, FLUSH_INTERVAL_MS } from "../../../workers/http-worker.ts";

const SINK = join(import.meta.dir, "floor-sink.ts");

/** One frame's columns: per row its plan index, send instant and read count; every read instant in order. */
export interface FloorFrame {
  planIndex: Float64Array;
  sentNs: Float64Array;
  readCount: Uint16Array;
  readNs: Float64Array;
}

export class RemoteFloorRows {
  private planIndex: number[] = [];
  private sentNs: number[] = [];
  private readCount: number[] = [];
  private readNs: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    private readonly channel: SocketChannel,
    private readonly sink: Bun.Subprocess,
    private readonly listener: { stop(): void },
    private readonly socketPath: string,
  ) {}

  /** Starts the sink process writing `eventsDb` and waits for it to connect. */
  static async start(eventsDb: string, streamed: boolean): Promise<RemoteFloorRows> {
    const socketPath = `${eventsDb}.sock`;
    const connected = Promise.withResolvers<SocketChannel>();
    const listener = Bun.listen<{ channel: SocketChannel }>({
      unix: socketPath,
      socket: {
        open: (socket) => {
          socket.data = { channel: new SocketChannel(socket, () => {}) };
          connected.resolve(socket.data.channel);
        },
        data() {},
        drain: (socket) => socket.data.channel.flush(),
      },
    });
    const sink = Bun.spawn([process.execPath, SINK, socketPath, eventsDb, streamed ? "streamed" : "plain"], {
      stdout: "inherit",
      stderr: "inherit",
    });
    return new RemoteFloorRows(await connected.promise, sink, listener, socketPath);
  }

  add(planIndex: number, sentNs: number, readNs: readonly number[]): void {
    this.planIndex.push(planIndex);
    this.sentNs.push(sentNs);
    this.readCount.push(readNs.length);
    for (const ns of readNs) this.readNs.push(ns);
    if (this.planIndex.length >= FLUSH_BATCH) this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Sends what is left, ends the socket once it is written and waits for the sink to commit and exit. */
  async close(): Promise<void> {
    this.flush();
    await new Promise<void>((resolve) => this.channel.close(resolve));
    const code = await this.sink.exited;
    this.listener.stop();
    rmSync(this.socketPath, { force: true });
    if (code !== 0) throw new Error(`floor-sink.ts exited ${code}`);
  }

  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.planIndex.length === 0) return;
    const frame: FloorFrame = {
      planIndex: Float64Array.from(this.planIndex),
      sentNs: Float64Array.from(this.sentNs),
      readCount: Uint16Array.from(this.readCount),
      readNs: Float64Array.from(this.readNs),
    };
    this.planIndex = [];
    this.sentNs = [];
    this.readCount = [];
    this.readNs = [];
    this.channel.send(frame);
  }
}
