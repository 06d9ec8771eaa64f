/**
 * @module record/read-conversations — a conversation run's trajectory table and turn rows, read back from events.db.
 *
 * The session stores the performance phase's trajectories (logical ids and where each one's
 * turns start in the plan) under CONVERSATIONS_META_KEY, so `report DIR` rebuilds the
 * per-conversation figures from the database alone. A retried turn counts by its last attempt.
 */
import type { Database } from "bun:sqlite";
import type { TurnRow } from "../metrics/conversation-metrics.ts";

export const CONVERSATIONS_META_KEY = "conversations";

export interface StoredTrajectories {
  ids: string[];
  starts: number[];
  /** The conversation turn number of each request body (the rows' sample index). */
  turns: number[];
  /** The responses were kept as their parts (client/structured-output). */
  structured: boolean;
}

export function parseStoredTrajectories(text: string | undefined): StoredTrajectories | null {
  if (!text) return null;
  const value = JSON.parse(text) as Partial<StoredTrajectories>;
  if (!Array.isArray(value.ids) || !Array.isArray(value.starts)) return null;
  return {
    ids: value.ids,
    starts: value.starts,
    turns: Array.isArray(value.turns) ? value.turns : [],
    structured: value.structured === true,
  };
}

/** The trajectory a plan entry belongs to (`starts` ascending, entries trajectory-major). */
export function trajectoryOf(starts: ArrayLike<number>, planIndex: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= planIndex) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Every turn of the phase (its last attempt), with what the per-conversation figures need. */
export function readTurnRows(db: Database, phase: string): TurnRow[] {
  const rows = db
    .query(
      "SELECT plan_index AS planIndex, scheduled_ns AS scheduledNs, sent_ns AS sentNs, " +
        "first_token_ns AS firstTokenNs, done_ns AS doneNs, error_kind AS errorKind FROM requests " +
        "WHERE phase = ? ORDER BY plan_index, attempt",
    )
    .all(phase) as {
    planIndex: number;
    scheduledNs: number;
    sentNs: number | null;
    firstTokenNs: number | null;
    doneNs: number;
    errorKind: string | null;
  }[];
  return rows
    .filter((r) => r.errorKind !== "stale_connection")
    .map((r) => ({
      planIndex: r.planIndex,
      scheduledNs: r.scheduledNs,
      sentNs: r.sentNs,
      firstTokenNs: r.firstTokenNs,
      doneNs: r.doneNs,
      failed: r.errorKind !== null,
    }));
}
