/**
 * @module test/e2e/timing-rows — what our code decides about a streamed run's TTFT and TPOT, held against the
 * server's own observations (a process of its own): no order statistic of the client's TTFT below the
 * server's, since each request's client TTFT spans its server TTFT; the summary's TTFT and TPOT the rows' own.
 * How close the client comes to a raw socket is a bench row (section 6, "TTFT and TPOT"), never a bound here.
 */
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { join } from "node:path";
import type { readSummary } from "./run-cli.ts";
import type { ServerObservation } from "../../src/server/index.ts";

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** Holds the run in `reportDir` (every request streaming `outputTokens` tokens) to the server's `observations`. */
export function expectTimingHeldToServer(
  reportDir: string,
  summary: ReturnType<typeof readSummary>,
  observations: readonly ServerObservation[],
  outputTokens: number,
): void {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  const rows = db.query("SELECT sent_ns, first_token_ns, done_ns FROM requests WHERE phase = 'performance'").all() as {
    sent_ns: number;
    first_token_ns: number;
    done_ns: number;
  }[];
  db.close();
  expect(rows).toHaveLength(observations.length);
  const clientTtft = sorted(rows.map((r) => r.first_token_ns - r.sent_ns));
  const serverTtft = sorted(observations.map((o) => (o.firstChunkNs as number) - o.receivedNs));
  clientTtft.forEach((ttft, k) => expect(ttft).toBeGreaterThanOrEqual(serverTtft[k] as number));
  expect([summary.ttft.min, summary.ttft.max]).toEqual([clientTtft[0], clientTtft.at(-1)]);
  const tpot = sorted(rows.map((r) => (r.done_ns - r.first_token_ns) / (outputTokens - 1)));
  expect(summary.tpot.min as number).toBeCloseTo(tpot[0] as number, 3);
  expect(summary.tpot.max as number).toBeCloseTo(tpot.at(-1) as number, 3);
  expect([summary.output_sequence_lengths.min, summary.output_sequence_lengths.max]).toEqual([
    outputTokens,
    outputTokens,
  ]);
}
