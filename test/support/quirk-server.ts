/**
 * @module test/support/quirk-server — a raw TCP HTTP/1.1 server that writes exactly the bytes a scenario scripts.
 *
 * Real servers differ from the mock in bytes: line endings, chunk boundaries, what follows
 * `[DONE]`, when a connection is closed. A scenario turns each parsed request into steps —
 * strings or bytes written as they are, waits (so the next write leaves as its own TCP segment
 * and arrives at a known time), and an orderly close or a reset. Nothing is added: no headers,
 * no framing, no `Connection: close` unless the scenario writes it. Requests on one connection
 * are answered in order (keep-alive), so a scenario can also close after a response the way
 * some servers do. Every quirk a user reports becomes one more scenario (see quirk-bytes.ts).
 */
import type { Socket } from "bun";

export type Step = string | Uint8Array | { waitMs: number } | { close: "end" | "reset" };

interface QuirkRequest {
  method: string;
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /** The body as JSON, or null when it is not JSON. */
  json: unknown;
  /** 0-based over the whole server. */
  index: number;
  /** 0-based connection number; requests on one kept-alive connection share it. */
  connection: number;
  /** Each write of the answer, stamped with Bun.nanoseconds() once the kernel took it (the client in the same process shares that clock). */
  writes: { atNs: number; text: string }[];
}

export type Scenario = (request: QuirkRequest) => Step[];

export interface QuirkServer {
  url: string;
  port: number;
  requests: QuirkRequest[];
  /** Connections accepted so far. */
  connections(): number;
  stop(): void;
}

interface Answer {
  request: QuirkRequest;
  steps: Step[];
}

interface Conn {
  id: number;
  pending: Buffer;
  /** Responses still to play, in request order. */
  queue: Answer[];
  playing: boolean;
  closed: boolean;
  /** Resolves the write waiting for the kernel to take more bytes (backpressure). */
  drained: (() => void) | null;
}

function parseHead(head: string): { method: string; path: string; headers: Record<string, string> } {
  const [line = "", ...rest] = head.split("\r\n");
  const [method = "", path = ""] = line.split(" ");
  const headers: Record<string, string> = {};
  for (const h of rest) {
    const colon = h.indexOf(":");
    if (colon > 0) headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
  }
  return { method, path, headers };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A scenario may receive bodies that are not JSON; it decides what that means.
    return null;
  }
}

async function write(socket: Socket<Conn>, bytes: Buffer): Promise<void> {
  const conn = socket.data;
  let rest = bytes;
  for (;;) {
    const written = socket.write(rest);
    if (written < 0 || conn.closed) return;
    if (written === rest.length) return;
    rest = rest.subarray(written);
    await new Promise<void>((resolve) => (conn.drained = resolve));
  }
}

async function play(socket: Socket<Conn>): Promise<void> {
  const conn = socket.data;
  if (conn.playing) return;
  conn.playing = true;
  while (conn.queue.length > 0 && !conn.closed) {
    const { request, steps } = conn.queue.shift() as Answer;
    for (const step of steps) {
      if (conn.closed) break;
      if (typeof step === "string" || step instanceof Uint8Array) {
        await write(socket, Buffer.from(step));
        request.writes.push({ atNs: Bun.nanoseconds(), text: Buffer.from(step).toString("utf8") });
      } else if ("waitMs" in step) await Bun.sleep(step.waitMs);
      else {
        conn.closed = true;
        if (step.close === "reset") socket.terminate();
        else socket.end();
      }
    }
  }
  conn.playing = false;
}

/** Cuts every complete request out of `conn.pending` and queues its steps. */
function takeRequests(conn: Conn, scenario: Scenario, requests: QuirkRequest[]): void {
  for (;;) {
    const headEnd = conn.pending.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = parseHead(conn.pending.subarray(0, headEnd).toString("latin1"));
    const length = Number(head.headers["content-length"] ?? 0);
    if (conn.pending.length < headEnd + 4 + length) return;
    const body = conn.pending.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
    conn.pending = conn.pending.subarray(headEnd + 4 + length);
    const request: QuirkRequest = {
      ...head,
      body,
      json: parseJson(body),
      index: requests.length,
      connection: conn.id,
      writes: [],
    };
    requests.push(request);
    conn.queue.push({ request, steps: scenario(request) });
  }
}

export function startQuirkServer(scenario: Scenario): QuirkServer {
  const requests: QuirkRequest[] = [];
  const open = new Set<Socket<Conn>>();
  let accepted = 0;
  const listener = Bun.listen<Conn>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        socket.data = {
          id: accepted++,
          pending: Buffer.alloc(0),
          queue: [],
          playing: false,
          closed: false,
          drained: null,
        };
        open.add(socket);
      },
      data(socket, bytes) {
        const conn = socket.data;
        conn.pending = Buffer.concat([conn.pending, bytes]);
        takeRequests(conn, scenario, requests);
        void play(socket);
      },
      drain(socket) {
        const resolve = socket.data.drained;
        socket.data.drained = null;
        resolve?.();
      },
      close(socket) {
        socket.data.closed = true;
        socket.data.drained?.();
        open.delete(socket);
      },
      error(socket) {
        socket.data.closed = true;
      },
    },
  });
  return {
    url: `http://127.0.0.1:${listener.port}`,
    port: listener.port,
    requests,
    connections: () => accepted,
    stop: () => {
      for (const socket of open) socket.terminate();
      listener.stop(true);
    },
  };
}
