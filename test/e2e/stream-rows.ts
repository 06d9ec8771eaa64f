/**
 * @module test/e2e/stream-rows — a streamed run's rows as events.db holds them (each later chunk's gap and tokens,
 * the first chunk's and the end's instants), and the ITL column they give, for tests that hold the report's ITL
 * and TPOT to the rows they were computed from.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";

/** Each streamed performance row's later chunks (their gaps, ns, and tokens; null: one each) and its first-chunk and done instants. */
export function streamRows(report: string) {
  const db = new Database(join(report, "events.db"), { readonly: true });
  const rows = db
    .query(
      "SELECT chunk_gaps_ns AS g, chunk_tokens AS t, first_token_ns AS first, done_ns AS done FROM requests WHERE phase = 'performance'",
    )
    .all() as { g: Uint8Array; t: Uint8Array | null; first: number; done: number }[];
  db.close();
  return rows.map((r) => ({
    gapsNs: Array.from(new Float64Array(r.g.slice().buffer)),
    tokens: r.t === null ? null : Array.from(new Uint16Array(r.t.slice().buffer)),
    firstNs: r.first,
    doneNs: r.done,
  }));
}

/** The ITL column the rows give: a chunk of k tokens after a gap of g, k gaps of g/k; ascending. */
export function spreadItl(rows: ReturnType<typeof streamRows>): Float64Array {
  const gaps = rows.flatMap((r) =>
    r.gapsNs.flatMap((g, i) => Array<number>(r.tokens?.[i] ?? 1).fill(g / (r.tokens?.[i] ?? 1))),
  );
  return Float64Array.from(gaps).sort();
}

/** The lower median of `values`. */
export const median = (values: readonly number[]) => lowerPercentile(Float64Array.from(values).sort(), 50);
