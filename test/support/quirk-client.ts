/**
 * @module test/support/quirk-client — one request through the real send path (client/send-request) to a quirk server, and what the server did.
 *
 * Shared by the client's quirk tests: they start a scenario, send, and compare the record with
 * the instants the server's writes were stamped at (same process, same clock; test/support/
 * stream-stamps holds what the client decides of them). One server is current at a time;
 * `stopQuirkServer` (in afterEach) stops it. The worst stall of this process's loop while a
 * request ran (test/support/stall-watch) is kept for the few bounds on a long wait.
 */
import { sendRequest, type RequestSettings } from "../../src/client/send-request.ts";
import { spreadChunkGaps, TokenGapBuilder } from "../../src/metrics/token-gaps.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { startQuirkServer, type QuirkServer, type Scenario } from "./quirk-server.ts";
import { withStallWatch } from "./stall-watch.ts";

export const MS = 1e6;
let current: QuirkServer | null = null;

/** The worst stall of this process's event loop while the last `send` ran, ms. */
let lastStallMs = 0;

/** Starts `scenario` as the current server (stopping none: call stopQuirkServer after each test). */
export function startServer(scenario: Scenario): QuirkServer {
  current = startQuirkServer(scenario);
  return current;
}

export function stopQuirkServer(): void {
  current?.stop();
  current = null;
}

export function currentServer(): QuirkServer {
  if (current === null) throw new Error("no quirk server is running");
  return current;
}

export function quirkSettings(extra: Partial<RequestSettings> = {}): RequestSettings {
  return {
    headers: { "content-type": "application/json" },
    streaming: true,
    requestTimeoutMs: 10_000,
    stallTimeoutMs: 0,
    keepResponseText: false,
    insecure: false,
    now: () => Bun.nanoseconds(),
    maxResponseBytes: 64 * 1024 * 1024,
    ...extra,
  };
}

export function outgoing(url: string, planIndex = 0) {
  const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true });
  return {
    phase: "performance",
    workerId: 0,
    planIndex,
    sampleIndex: 0,
    endpointIndex: 0,
    url: `${url}/v1/chat/completions`,
    body,
    scheduledNs: Bun.nanoseconds(),
  };
}

/** Starts `scenario` and sends one request to it. */
export async function send(scenario: Scenario, extra: Partial<RequestSettings> = {}): Promise<RequestRecord> {
  const server = startServer(scenario);
  const { result, stallMs } = await withStallWatch(() =>
    sendRequest(outgoing(server.url), quirkSettings(extra), () => () => {}),
  );
  lastStallMs = stallMs;
  return result;
}

/** The record's ITL values in ms, spread per token as the metrics spread them. */
export function itlMs(record: RequestRecord): number[] {
  const gaps = new TokenGapBuilder();
  if (record.chunkGapsNs) spreadChunkGaps(record.chunkGapsNs, record.chunkTokens, gaps);
  return Array.from(gaps.finish(), (g) => g / MS);
}

/** The worst stall of this process's event loop while the last `send` ran, ms: what a bound on its timing may add. */
export const lastSendStallMs = (): number => lastStallMs;
