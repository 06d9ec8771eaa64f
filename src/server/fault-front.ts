/**
 * @module server/fault-front — a raw TCP front for the mock with faults: decides each request's fault and does the socket-level ones.
 *
 * Bun.serve cannot drop a connection before reading a request, so with faults configured the
 * mock's public port is this front: a `Bun.listen` server that pairs every client connection
 * with one connection to the mock's Bun.serve on a loopback port and copies bytes both ways.
 * It reads the client's requests just far enough to find where each ends (server/request-head),
 * and for each completion request (POST to a served path) draws the fault in arrival order:
 * - `refuse`: terminated (RST) as soon as the request line is in, before the rest is read;
 * - `reset-before-headers`: the whole request is read, then the connection is terminated with
 *   no response byte — unless the server could not parse the body: that request is forwarded
 *   for its 400, and no fault counts;
 * - any other kind: the request is forwarded with an `x-mock-fault` header that the handler
 *   answers (server/fault-response). Client-sent `x-mock-fault` headers are removed.
 * Writes honour backpressure: a side whose peer is slow is paused until the peer drains.
 */
import type { Socket, TCPSocketListener } from "bun";
import { SetupError } from "../errors.ts";
import type { FaultDealer } from "./fault-plan.ts";
import { faultLabel, type FaultSpec } from "./fault-spec.ts";
import { MAX_HEAD_BYTES, parseRequestLine, rewriteHead, scanHead } from "./request-head.ts";
import { WriteQueue } from "./write-queue.ts";

interface FaultFrontOptions {
  host: string;
  port: number;
  /** Port of the mock's Bun.serve on 127.0.0.1. */
  upstreamPort: number;
  dealer: FaultDealer;
  /** Paths whose POSTs may get a fault (the completion routes). */
  faultPaths: ReadonlySet<string>;
  /** Whether the server could parse this body sent to this path (else it gets its 400, not a fault). */
  parses: (path: string, body: string) => boolean;
  /** A fault the front carried out itself (refuse, reset-before-headers). */
  onSocketFault: (spec: FaultSpec, path: string, receivedNs: number) => void;
}

export interface FaultFront {
  port: number;
  stop(): void;
}

interface Link {
  client: Socket<Link>;
  upstream: Socket<Link> | null;
  toUpstream: WriteQueue;
  toClient: WriteQueue;
  /** Client bytes not yet handled. */
  pending: Buffer;
  /** Body bytes of the current request still to come. */
  bodyLeft: number;
  /** reset-before-headers: the body is read and held, then the connection is reset (or, when the body is not JSON, the request forwarded). */
  swallow: { head: string; spec: FaultSpec; path: string; receivedNs: number; body: Buffer[] } | null;
  /** The fault drawn for the request whose head is still arriving (undefined: not drawn yet). */
  drawn: { spec: FaultSpec | null; path: string; receivedNs: number } | undefined;
  closed: boolean;
  /** The upstream has closed: end the client connection once its queue is written. */
  endClient: boolean;
}

const LENGTH_REQUIRED = Buffer.from(
  "HTTP/1.1 411 Length Required\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
  "latin1",
);

function closeLink(link: Link, abrupt: boolean): void {
  if (link.closed) return;
  link.closed = true;
  if (abrupt) link.client.terminate();
  else link.client.end();
  link.upstream?.terminate();
}

function toUpstream(link: Link, bytes: Uint8Array): void {
  if (!link.toUpstream.write(bytes)) link.client.pause();
}

/** Handles the client bytes in `link.pending` as far as they go. */
function advance(link: Link, options: FaultFrontOptions): void {
  while (!link.closed && link.pending.length > 0) {
    if (link.bodyLeft > 0) {
      const n = Math.min(link.bodyLeft, link.pending.length);
      if (link.swallow) link.swallow.body.push(Buffer.from(link.pending.subarray(0, n)));
      else toUpstream(link, link.pending.subarray(0, n));
      link.pending = link.pending.subarray(n);
      link.bodyLeft -= n;
      if (link.bodyLeft === 0 && link.swallow) resetOrForward(link, options);
      continue;
    }
    if (link.drawn === undefined) {
      const lineEnd = link.pending.indexOf("\r\n");
      if (lineEnd < 0) break;
      const { method, path } = parseRequestLine(link.pending.subarray(0, lineEnd).toString("latin1"));
      const spec = method === "POST" && options.faultPaths.has(path) ? options.dealer.next() : null;
      link.drawn = { spec, path, receivedNs: Bun.nanoseconds() };
      if (spec?.kind === "refuse") {
        options.dealer.injected(faultLabel(spec));
        options.onSocketFault(spec, path, link.drawn.receivedNs);
        return closeLink(link, true);
      }
    }
    const headEnd = link.pending.indexOf("\r\n\r\n");
    if (headEnd < 0) break;
    const head = link.pending.subarray(0, headEnd + 4).toString("latin1");
    link.pending = link.pending.subarray(headEnd + 4);
    const { spec, path, receivedNs } = link.drawn;
    link.drawn = undefined;
    const facts = scanHead(head);
    if (facts.chunked || facts.invalid) {
      if (link.toClient.write(LENGTH_REQUIRED)) closeLink(link, false);
      else link.endClient = true;
      return;
    }
    link.bodyLeft = facts.contentLength;
    if (spec?.kind === "reset-before-headers") {
      link.swallow = { head, spec, path, receivedNs, body: [] };
      if (link.bodyLeft === 0) resetOrForward(link, options);
      continue;
    }
    toUpstream(link, Buffer.from(rewriteHead(head, spec ? faultLabel(spec) : null), "latin1"));
  }
  if (!link.closed && link.bodyLeft === 0 && link.pending.length > MAX_HEAD_BYTES) closeLink(link, true);
}

/** The held request of a reset-before-headers fault: reset when its body is JSON, else forwarded for the server's 400. */
function resetOrForward(link: Link, options: FaultFrontOptions): void {
  const held = link.swallow;
  if (!held) return;
  link.swallow = null;
  const body = Buffer.concat(held.body);
  if (options.parses(held.path, body.toString("utf8"))) {
    options.dealer.injected(faultLabel(held.spec));
    options.onSocketFault(held.spec, held.path, held.receivedNs);
    return closeLink(link, true);
  }
  toUpstream(link, Buffer.from(rewriteHead(held.head, null), "latin1"));
  if (body.length > 0) toUpstream(link, body);
}

function connectUpstream(link: Link, port: number): void {
  Bun.connect<Link>({
    hostname: "127.0.0.1",
    port,
    data: link,
    socket: {
      open(upstream) {
        if (link.closed) return upstream.terminate();
        link.upstream = upstream;
        if (link.toUpstream.attach(upstream)) link.client.resume();
      },
      data(upstream, bytes) {
        if (!link.toClient.write(bytes)) upstream.pause();
      },
      drain() {
        if (link.toUpstream.flush()) link.client.resume();
      },
      close() {
        if (link.toClient.empty) closeLink(link, false);
        else link.endClient = true;
      },
      error() {
        closeLink(link, true);
      },
    },
  }).catch(() => closeLink(link, true));
}

/** Starts the front on host:port; the mock's Bun.serve must already listen on `upstreamPort`. */
export function startFaultFront(options: FaultFrontOptions): FaultFront {
  let listener: TCPSocketListener<Link>;
  const links = new Set<Link>();
  try {
    listener = Bun.listen<Link>({
      hostname: options.host,
      port: options.port,
      socket: {
        open(client) {
          const link: Link = {
            client,
            upstream: null,
            toUpstream: new WriteQueue(),
            toClient: new WriteQueue(),
            pending: Buffer.alloc(0),
            bodyLeft: 0,
            swallow: null,
            drawn: undefined,
            closed: false,
            endClient: false,
          };
          client.data = link;
          link.toClient.attach(client);
          links.add(link);
          connectUpstream(link, options.upstreamPort);
        },
        data(client, bytes) {
          const link = client.data;
          link.pending = link.pending.length === 0 ? Buffer.from(bytes) : Buffer.concat([link.pending, bytes]);
          advance(link, options);
        },
        drain(client) {
          const link = client.data;
          if (!link.toClient.flush()) return;
          if (link.endClient) closeLink(link, false);
          else link.upstream?.resume();
        },
        close(client) {
          links.delete(client.data);
          closeLink(client.data, true);
        },
        error(client) {
          closeLink(client.data, true);
        },
      },
    });
  } catch (error) {
    throw new SetupError(`mock server could not listen on ${options.host}:${options.port}`, {
      hint: "pick another --port (0 chooses a free one) or stop whatever holds it",
      cause: error,
    });
  }
  return {
    port: listener.port,
    stop: () => {
      listener.stop(true);
      for (const link of links) closeLink(link, true);
    },
  };
}
