/**
 * @module record/read-responses — the responses of one phase, for accuracy scoring.
 *
 * Every sent request of the phase in plan order: its dataset row, which pass it belongs to
 * (plan index ÷ rows), its text (null when it failed) and output token count — the client
 * tokenizer's when it counted the phase (upstream counts accuracy outputs with its tokenizer),
 * else the server's. A request cancelled
 * by the run or held by a worker that died is `lost`: it never completed, as upstream's sample with
 * no COMPLETE event (a failed one did complete, with an error).
 */
import type { Database } from "bun:sqlite";

interface PhaseResponse {
  datasetIndex: number;
  repeat: number;
  text: string | null;
  outputTokens: number | null;
  lost: boolean;
}

const NEVER_COMPLETED: ReadonlySet<string> = new Set(["cancelled", "worker_lost"]);

export function readPhaseResponses(db: Database, phase: string, datasetRows: number): PhaseResponse[] {
  type Row = {
    plan_index: number;
    sample_index: number;
    response_text: string | null;
    error_kind: string | null;
    output_tokens: number | null;
    tokenizer_output_tokens: number | null;
  };
  const rows = db
    .query(
      "SELECT plan_index, sample_index, response_text, error_kind, output_tokens, tokenizer_output_tokens " +
        "FROM requests WHERE phase = ? ORDER BY plan_index",
    )
    .all(phase) as Row[];
  return rows.map((r) => ({
    datasetIndex: r.sample_index,
    repeat: datasetRows > 0 ? Math.floor(r.plan_index / datasetRows) : 0,
    text: r.error_kind === null ? (r.response_text ?? "") : null,
    outputTokens: r.tokenizer_output_tokens ?? r.output_tokens,
    lost: r.error_kind !== null && NEVER_COMPLETED.has(r.error_kind),
  }));
}
