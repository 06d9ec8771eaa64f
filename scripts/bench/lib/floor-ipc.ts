/**
 * @module scripts/bench/lib/floor-ipc — the bench's floor rows, written by a second process as the design asks.
 *
 * Our design puts the HTTP client in a worker process and events.db in the main process, with
 * batched msgpackr frames over a unix socket between them. `RemoteFloorRows` is the least of
 * that: the client process keeps each response's instants in columns (typed arrays), sends
 * them every 10 ms or every worker-sized batch as one length-prefixed msgpackr frame, and a
 * child process (`floor-sink.ts`) decodes each frame into lib/least-client `FloorRows` — the
 * same rows as the one-process floor, one transaction per frame. No code of ours on either side
 * but the events.db writer; the child's CPU counts in the client's (it is waited for).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Socket } from "bun";
import { Packr } from "msgpackr/pack";
import { FLUSH_BATCH, FLUSH_INTERVAL_MS } from "../../../workers/http-worker.ts";

const SINK = join(import.meta.dir, "floor-sink.ts");
const HEADER_BYTES = 4;

/** One frame's columns: per row its plan index, send instant and read count; every read instant in order. */
export interface FloorFrame {
  planIndex: Float64Array;
  sentNs: Float64Array;
  readCount: Uint16Array;
  readNs: Float64Array;
}

export class RemoteFloorRows {
  private readonly packr = new Packr({ useRecords: false, moreTypes: true });
  private planIndex: number[] = [];
  private sentNs: number[] = [];
  private readCount: number[] = [];
  private readNs: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queue: Uint8Array[] = [];

  private constructor(
    private readonly socket: Socket<undefined>,
    private readonly sink: Bun.Subprocess,
    private readonly listener: { stop(): void },
    private readonly socketPath: string,
  ) {}

  /** Starts the sink process writing `eventsDb` and waits for it to connect. */
  static async start(eventsDb: string, streamed: boolean): Promise<RemoteFloorRows> {
    const socketPath = `${eventsDb}.sock`;
    let rows: RemoteFloorRows | null = null;
    const connected = Promise.withResolvers<Socket<undefined>>();
    const listener = Bun.listen<undefined>({
      unix: socketPath,
      socket: { open: (socket) => connected.resolve(socket), data() {}, drain: () => rows?.drain() },
    });
    const sink = Bun.spawn([process.execPath, SINK, socketPath, eventsDb, streamed ? "streamed" : "plain"], { stdout: "inherit", stderr: "inherit" });
    rows = new RemoteFloorRows(await connected.promise, sink, listener, socketPath);
    return rows;
  }

  add(planIndex: number, sentNs: number, readNs: readonly number[]): void {
    this.planIndex.push(planIndex);
    this.sentNs.push(sentNs);
    this.readCount.push(readNs.length);
    for (const ns of readNs) this.readNs.push(ns);
    if (this.planIndex.length >= FLUSH_BATCH) this.flush();
    else if (this.timer === null) this.timer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Sends what is left, ends the socket and waits for the sink to commit and exit. */
  async close(): Promise<void> {
    this.flush();
    while (this.queue.length > 0) await Bun.sleep(1);
    this.socket.end();
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
      planIndex: Float64Array.from(this.planIndex), sentNs: Float64Array.from(this.sentNs),
      readCount: Uint16Array.from(this.readCount), readNs: Float64Array.from(this.readNs),
    };
    this.planIndex = [];
    this.sentNs = [];
    this.readCount = [];
    this.readNs = [];
    const payload = this.packr.pack(frame);
    const bytes = new Uint8Array(HEADER_BYTES + payload.length);
    new DataView(bytes.buffer).setUint32(0, payload.length, true);
    bytes.set(payload, HEADER_BYTES);
    this.queue.push(bytes);
    this.drain();
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const head = this.queue[0] as Uint8Array;
      const written = this.socket.write(head);
      if (written < head.length) {
        this.queue[0] = head.subarray(Math.max(written, 0));
        return;
      }
      this.queue.shift();
    }
  }
}
