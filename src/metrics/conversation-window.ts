/**
 * @module metrics/conversation-window — where a conversation run's measured window ends, as upstream's agentic_inference ends it.
 *
 * Upstream stops performance tracking the first time a conversation finishes when no
 * conversation is left to start: from then on fewer conversations run than asked for, so the
 * tail is not the load being measured. Turns sent before that instant stay measured (even if
 * they end later); turns sent after it are not. Here the instant is found from the records:
 * the last trajectory's start (its first turn's scheduled instant) is when the budget ran out,
 * and the first trajectory end strictly after it stops tracking (the end that started the last
 * trajectory is not after it). Pure.
 */
interface WindowRow {
  planIndex: number;
  scheduledNs: number;
  sentNs: number | null;
  doneNs: number;
}

interface ConversationWindow {
  /** Tracking stopped here (ns since T0); null when no trajectory ended after the last one started. */
  stopNs: number | null;
  /** Plan entries sent (or, never sent, due) after stopNs: left out of the performance summary. */
  untracked: Set<number>;
}

export function conversationWindow(starts: ArrayLike<number>, rows: readonly WindowRow[]): ConversationWindow {
  const byPlan = new Map<number, WindowRow>();
  for (const row of rows) byPlan.set(row.planIndex, row);
  let exhaustedNs = Number.NEGATIVE_INFINITY;
  const ends: number[] = [];
  for (let t = 0; t + 1 < starts.length; t++) {
    const first = byPlan.get(starts[t] as number);
    if (!first) continue;
    exhaustedNs = Math.max(exhaustedNs, first.scheduledNs);
    let end = Number.NEGATIVE_INFINITY;
    for (let i = starts[t] as number; i < (starts[t + 1] as number); i++)
      end = Math.max(end, byPlan.get(i)?.doneNs ?? Number.NEGATIVE_INFINITY);
    ends.push(end);
  }
  const after = ends.filter((end) => end > exhaustedNs);
  const stopNs = after.length > 0 ? Math.min(...after) : null;
  const untracked = new Set<number>();
  if (stopNs !== null) {
    for (const row of rows) {
      const issuedNs = row.sentNs !== null && Number.isFinite(row.sentNs) ? row.sentNs : row.scheduledNs;
      if (issuedNs > stopNs) untracked.add(row.planIndex);
    }
  }
  return { stopNs, untracked };
}
