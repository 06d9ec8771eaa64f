/**
 * @module test/support/quirk-client — one request through the real send path (client/send-request) to a quirk server, and what the server did.
 *
 * Shared by the client's quirk tests: they start a scenario, send, and compare the record with
 * the instants the server's writes were stamped at (same process, same clock). One server is
 * current at a time; `stopQuirkServer` (in afterEach) stops it. Server and client share this
 * process's event loop, so a stall of it (test/support/stall-watch, kept while each request
 * runs) delays the server's waits and the client's reads alike: `expectNear` allows it.
 */
import { expect } from "bun:test";
import { sendRequest, type RequestSettings } from "../../src/client/send-request.ts";
import { spreadChunkGaps, TokenGapBuilder } from "../../src/metrics/token-gaps.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { startQuirkServer, type QuirkServer, type Scenario } from "./quirk-server.ts";
import { withStallWatch } from "./stall-watch.ts";

export const MS = 1e6;
let current: QuirkServer | null = null;
/**
 * The gaps between the server's writes that held `needle` in the last request, ms: what a busy host let the server
 * keep of its pacing, which is what the client's ITL and TPOT are held to (not the nominal gap).
 */
export function serverWriteGapsMs(needle: string): number[] {
  const at = (currentServer().requests.at(-1)?.writes ?? []).filter((w) => w.text.includes(needle)).map((w) => w.atNs);
  return at.slice(1).map((t, i) => (t - (at[i] as number)) / MS);
}

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

/** What the server did: ms from the client's send to its write that carried [DONE]. */
export function doneWrittenMs(r: RequestRecord): number {
  const writes = currentServer().requests.at(-1)?.writes ?? [];
  const done = writes.find((w) => w.text.includes("[DONE]"));
  return ((done?.atNs ?? Number.NaN) - r.sentNs) / MS;
}

/** What the server did: the mean gap between its writes that carried content, ms. */
export function serverGapMs(): number {
  const writes = (currentServer().requests.at(-1)?.writes ?? []).filter((w) => w.text.includes('"content":" '));
  return ((writes.at(-1)?.atNs ?? 0) - (writes[0]?.atNs ?? 0)) / (writes.length - 1) / MS;
}

/** The worst stall of this process's event loop while the last `send` ran, ms: what a bound on its timing may add. */
export const lastSendStallMs = (): number => lastStallMs;

/** `value` (ms) within `tolerance` (a fraction) of `expected`, plus the worst stall while the last `send` ran. */
export function expectNear(value: number, expected: number, tolerance: number): void {
  expect(Math.abs(value - expected)).toBeLessThanOrEqual(tolerance * expected + lastStallMs);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
export const tpotMs = (r: RequestRecord) =>
  (r.doneNs - (r.firstTokenNs as number)) / ((r.outputTokens as number) - (r.hiddenTokens ?? 0) - 1) / MS;
export const latencyMs = (r: RequestRecord) => (r.doneNs - r.sentNs) / MS;
