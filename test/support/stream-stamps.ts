/**
 * @module test/support/stream-stamps — what the client decides of a stream's timing, held without the host's speed.
 *
 * A quirk test's server and client share this process and its clock, so every stamp the client
 * takes can be set against the instant the server wrote those bytes. How long after the write the
 * read came is the host's (a busy one delays a read by tens of ms with no stall of this loop to
 * show for it); the client's precision is `npm run bench`. What the client decides is which read
 * each stamp belongs to: a chunk's arrival is never before its write, and the response ends on the
 * read that brought its end, which for a final event written with the last chunk is that chunk's
 * arrival, exactly.
 */
import { expect } from "bun:test";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { currentServer } from "./quirk-client.ts";

/** When each kept chunk arrived (ns, this process's clock): the first token, then each recorded gap after it. */
function chunkArrivalsNs(r: RequestRecord): number[] {
  if (r.firstTokenNs === null) return [];
  const out = [r.firstTokenNs];
  for (const gap of r.chunkGapsNs ?? []) out.push((out.at(-1) as number) + gap);
  return out;
}

/** The instants of the last request's writes that held `needle`, in order. */
function writesHolding(needle: string): number[] {
  return (currentServer().requests.at(-1)?.writes ?? []).filter((w) => w.text.includes(needle)).map((w) => w.atNs);
}

/** Each chunk arrived no sooner than the server wrote the write that carried it (one chunk per write, in order). */
export function expectChunksAfterWrites(r: RequestRecord, needle: string): void {
  const writes = writesHolding(needle);
  const arrivals = chunkArrivalsNs(r);
  expect(arrivals).toHaveLength(writes.length);
  arrivals.forEach((at, i) => {
    expect({ chunk: i, late: at >= (writes[i] as number) }).toEqual({ chunk: i, late: true });
  });
}

/** The response ended on the read of its last chunk (its end was written with it), not before the end's write. */
export function expectEndsWithLastChunk(r: RequestRecord, endNeedle: string): void {
  expect(r.doneNs).toBe(chunkArrivalsNs(r).at(-1) as number);
  expect(r.doneNs).toBeGreaterThanOrEqual(writesHolding(endNeedle)[0] as number);
}

/** `stampNs` (a record's instant) came no sooner than the server's first write holding `needle`. */
export function expectNotBeforeWrite(stampNs: number | null, needle: string): void {
  expect(stampNs as number).toBeGreaterThanOrEqual(writesHolding(needle)[0] as number);
}
