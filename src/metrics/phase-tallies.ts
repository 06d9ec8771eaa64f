/**
 * @module metrics/phase-tallies — the counted (not timed) parts of a phase: finish reasons,
 * token-count sources and error kinds.
 */
import type { TokenSource } from "../record/request-record.ts";
import type { PhaseColumns } from "./phase-columns.ts";

/** Finish reasons the report counts; anything else (including none) is "other". */
export const FINISH_REASONS = ["stop", "length", "tool_calls", "content_filter", "function_call", "other"] as const;
type FinishReason = (typeof FINISH_REASONS)[number];

/**
 * Other servers' names for the same reasons. TGI's `/v1/completions` writes its own names
 * (`eos_token`, `stop_sequence`, `length`), and its chat route maps only EOS to "stop", so
 * `stop_sequence` reaches chat streams too: both are a stop. Anthropic's Messages API names its
 * stop reasons `end_turn`, `stop_sequence`, `max_tokens`, `tool_use` and `refusal`.
 */
const FINISH_REASON_ALIASES: ReadonlyMap<string, FinishReason> = new Map([
  ["eos_token", "stop"],
  ["stop_sequence", "stop"],
  ["end_turn", "stop"],
  ["max_tokens", "length"],
  ["tool_use", "tool_calls"],
  ["refusal", "content_filter"],
]);
export type FinishReasonCounts = Record<FinishReason, number>;

/** `token_count_source`: the one source every counted request used, or "mixed". */
export type TokenCountSource = TokenSource | "mixed";

function isFinishReason(reason: string): reason is FinishReason {
  return (FINISH_REASONS as readonly string[]).includes(reason);
}

/** Finish reasons of the rows where `include[i]` is 1; all six keys always present. */
export function countFinishReasons(reasons: readonly (string | null)[], include: Uint8Array): FinishReasonCounts {
  const counts: FinishReasonCounts = {
    stop: 0,
    length: 0,
    tool_calls: 0,
    content_filter: 0,
    function_call: 0,
    other: 0,
  };
  for (let i = 0; i < include.length; i++) {
    if (!include[i]) continue;
    const reason = reasons[i] ?? "other";
    counts[isFinishReason(reason) ? reason : (FINISH_REASON_ALIASES.get(reason) ?? "other")]++;
  }
  return counts;
}

interface TokenSourceTally {
  /** The single source all included rows share; "mixed" when they differ; "none" when no rows. */
  source: TokenCountSource;
  /** Rows per source. */
  counts: Partial<Record<TokenSource, number>>;
}

/** Which token-count sources the included rows used. */
export function tallyTokenSources(sources: readonly TokenSource[], include: Uint8Array): TokenSourceTally {
  const counts: Partial<Record<TokenSource, number>> = {};
  for (let i = 0; i < include.length; i++) {
    if (!include[i]) continue;
    const source = sources[i] ?? "none";
    counts[source] = (counts[source] ?? 0) + 1;
  }
  const used = Object.keys(counts) as TokenSource[];
  const source: TokenCountSource = used.length === 0 ? "none" : used.length === 1 ? (used[0] as TokenSource) : "mixed";
  return { source, counts };
}

/** Failed requests per error kind (a failure without a kind counts as "other"). */
export function countErrorKinds(cols: PhaseColumns): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < cols.count; i++) {
    if (!cols.failed[i]) continue;
    const kind = cols.errorKinds[i] ?? "other";
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
