/**
 * @module scripts/bench/lib/tool-conversations — the multi-turn workload with think times that the conversations test and the bench's turns section both run.
 *
 * Conversation i is a user turn, (i mod 3) tool round trips whose tool turns carry think times
 * (`delay_seconds` 20 and 30 ms), then a closing user turn; the config runs them as
 * `agentic_inference` with `inject_tool_delay` on 2 workers.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

type ConversationRow = Record<string, unknown>;

/** `conversations` conversations' dataset rows, as described above. */
export function toolConversationRows(conversations: number): ConversationRow[] {
  const rows: ConversationRow[] = [];
  for (let i = 0; i < conversations; i++) {
    const id = `c${i}`;
    let turn = 1;
    rows.push({
      conversation_id: id,
      turn: turn++,
      role: "user",
      system: `agent ${i}`,
      content: `${id} u1`,
      tools: [{ type: "function", function: { name: "bash" } }],
    });
    for (let j = 0; j < i % 3; j++) {
      rows.push({
        conversation_id: id,
        turn: turn++,
        role: "assistant",
        tool_calls: [{ id: `${id}_${j}`, type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
      });
      rows.push({
        conversation_id: id,
        turn,
        role: "tool",
        tool_results: [{ tool_call_id: `${id}_${j}`, content: `${id} t${turn}` }],
        delay_seconds: 0.02 + 0.01 * j,
      });
      turn++;
    }
    rows.push({ conversation_id: id, turn: turn++, role: "assistant", content: `${id} answer` });
    rows.push({ conversation_id: id, turn, role: "user", content: `${id} u${turn}` });
  }
  return rows;
}

/** Writes the run's config to `dir/conversations.yaml` and returns its path; `reportDir` when the run should write there. */
export function toolConversationConfig(
  dir: string,
  endpoint: string,
  datasetPath: string,
  concurrency: number,
  reportDir?: string,
): string {
  const path = join(dir, "conversations.yaml");
  writeFileSync(
    path,
    [
      "type: online",
      "model_params: {name: mock-model, max_new_tokens: 16}",
      "datasets:",
      "  - name: agentic",
      `    path: ${datasetPath}`,
      "    type: performance",
      "    agentic_inference: {inject_tool_delay: true, turn_timeout_s: 30}",
      "settings:",
      `  load_pattern: {type: agentic_inference, target_concurrency: ${concurrency}}`,
      "  runtime: {min_duration_ms: 0}",
      "  client: {num_workers: 2}",
      "endpoint_config:",
      `  endpoints: [${endpoint}]`,
      ...(reportDir === undefined ? [] : [`report_dir: ${reportDir}`]),
      "",
    ].join("\n"),
  );
  return path;
}
