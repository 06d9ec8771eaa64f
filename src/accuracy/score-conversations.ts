/**
 * @module accuracy/score-conversations — `eval_method: agentic_inference_inline`: after a conversation run, grade its own turns.
 *
 * As upstream: no extra phase; the performance phase's responses (kept as their parts, see
 * client/structured-output) are scored against the recorded assistant replies
 * (accuracy/agentic-inline), `scores.json` (or `extras.scores_filename`) is written to the report
 * directory, and the entry named `performance` (dataset_type performance) joins
 * accuracy_results.json, outside `average_accuracy` and, as a performance entry, without response
 * counts (result_summary.json has its failures). Every turn with a record was issued; a failed or
 * aborted turn has no answer and scores 0.
 */
import type { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AccuracyEntry } from "./accuracy-entry.ts";
import { scoreAgenticInline, type ConversationRow, type IssuedTurn } from "./agentic-inline/inline-score.ts";
import { parseStructuredOutput } from "../client/structured-output.ts";
import type { ConversationDataset } from "../dataset/conversations/load-conversations.ts";
import type { ConversationPlan } from "../plan/conversation-plan.ts";
import type { PhaseOutcome } from "../run/session.ts";

interface Row {
  plan_index: number;
  sample_index: number;
  error_kind: string | null;
  response_text: string | null;
}

/** Turn number of each body (dataset/conversations: bodies are conversation-major, in turn order). */
function turnNumbers(dataset: ConversationDataset): number[] {
  return dataset.conversations.flatMap((c) => c.turns.map((t) => t.turn));
}

export function scoreConversations(
  db: Database,
  reportDir: string,
  dataset: ConversationDataset,
  plan: ConversationPlan,
  outcome: PhaseOutcome,
  scoresFile: string,
  /** `accuracy_config.ground_truth` as configured: upstream writes it as the entry's ground_truth_column. */
  groundTruth: string | null,
): AccuracyEntry {
  const byPlan = new Map<number, Row>();
  for (const row of db
    .query(
      "SELECT plan_index, sample_index, error_kind, response_text FROM requests WHERE phase = ? " +
        "AND error_kind IS NOT 'stale_connection' ORDER BY plan_index, attempt",
    )
    .all(outcome.name) as Row[]) {
    byPlan.set(row.plan_index, row);
  }
  const turns = turnNumbers(dataset);
  const { starts, ids } = plan.conversations;
  const issued: IssuedTurn[] = [];
  let t = 0; // entries ascend, so the trajectory only moves forward
  for (const [planIndex, row] of [...byPlan.entries()].sort((a, b) => a[0] - b[0])) {
    while (t + 2 < starts.length && (starts[t + 1] as number) <= planIndex) t++;
    const parts = row.error_kind === null ? parseStructuredOutput(row.response_text) : null;
    issued.push({ conversationId: ids[t] as string, turn: turns[row.sample_index] as number, output: parts });
  }
  const rows: ConversationRow[] = dataset.conversations.flatMap((c) =>
    c.rows.map(({ row, turn, role }) => ({ ...row, conversation_id: c.id, turn, role }) as ConversationRow),
  );
  const scores = scoreAgenticInline(rows, issued);
  writeFileSync(join(reportDir, scoresFile), `${JSON.stringify(scores, null, 2)}\n`);
  return {
    dataset_name: "performance",
    extractor: null,
    ground_truth_column: groundTruth,
    score: scores.score,
    unit_samples: dataset.bodies.length,
    num_repeats: 1,
    total_samples: issued.length,
    duration_s: Math.round((outcome.endNs - outcome.startNs) / 1e6) / 1e3,
    complete: true,
    dataset_type: "performance",
  };
}
