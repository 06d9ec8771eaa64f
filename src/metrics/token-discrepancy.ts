/**
 * @module metrics/token-discrepancy — how far the client's tokenizer is from the server's usage.
 *
 * Over successful requests that have both a server `usage.completion_tokens` and a client
 * tokenizer count: how many differ, and by how much. A large discrepancy means the tokenizer
 * is not the server's (wrong --tokenizer) or the server counts something else (reasoning,
 * special tokens); TPOT and tok/s use server usage when present.
 */
import type { PhaseColumns } from "./phase-columns.ts";
import { z } from "zod";

/** result_summary.json's `token_count_discrepancy` block: its shape, declared once. */
export const TokenDiscrepancySchema = z.strictObject({
  compared: z.number(),
  mismatched: z.number(),
  mean_abs_diff_tokens: z.number(),
  max_abs_diff_tokens: z.number(),
  /** Mean of |tokenizer − usage| / usage, in percent. */
  mean_abs_diff_pct: z.number(),
});

export type TokenDiscrepancy = z.infer<typeof TokenDiscrepancySchema>;

export function tokenDiscrepancy(cols: PhaseColumns): TokenDiscrepancy | null {
  let compared = 0;
  let mismatched = 0;
  let sumAbs = 0;
  let maxAbs = 0;
  let sumRel = 0;
  for (let i = 0; i < cols.count; i++) {
    if (cols.failed[i] || cols.tokenSources[i] !== "server_usage") continue;
    const usage = cols.outputTokens[i] as number;
    const client = cols.tokenizerOutputTokens[i] as number;
    if (!Number.isFinite(usage) || !Number.isFinite(client)) continue;
    const diff = Math.abs(client - usage);
    compared++;
    if (diff > 0) mismatched++;
    sumAbs += diff;
    maxAbs = Math.max(maxAbs, diff);
    sumRel += usage > 0 ? diff / usage : 0;
  }
  if (compared === 0) return null;
  return {
    compared,
    mismatched,
    mean_abs_diff_tokens: sumAbs / compared,
    max_abs_diff_tokens: maxAbs,
    mean_abs_diff_pct: (100 * sumRel) / compared,
  };
}
