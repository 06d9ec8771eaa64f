/**
 * `eval_method: agentic_inference_inline` end to end: a conversation run against `serve
 * --tool-calls` (streamed and whole responses) is scored from its own tool calls, as upstream's
 * inline scorer scores them: scores.json and the accuracy_results.json entry.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-conversation-scoring-");
afterAll(() => dirs.cleanup());

const BASH = [
  {
    type: "function",
    function: {
      name: "bash",
      parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
    },
  },
];
const call = (id: string, command: string) => [
  { id, type: "function", function: { name: "bash", arguments: JSON.stringify({ command }) } },
];

/**
 * A coding conversation whose echoed calls score 1 (ls vs ls) then 0.5 (grep vs grep + wc),
 * and a workflow one (sim_<digits>) whose echoed text names the right intent code: 1.
 */
const ROWS = [
  {
    conversation_id: "fix-1",
    turn: 1,
    role: "user",
    system: "You are a coding agent.",
    content: "ls -la",
    tools: BASH,
  },
  { conversation_id: "fix-1", turn: 2, role: "assistant", tool_calls: call("c0", "ls -la") },
  { conversation_id: "fix-1", turn: 3, role: "tool", tool_results: [{ tool_call_id: "c0", content: "grep foo" }] },
  { conversation_id: "fix-1", turn: 4, role: "assistant", tool_calls: call("c1", "grep foo x.py | wc -l") },
  { conversation_id: "fix-1", turn: 5, role: "tool", tool_results: [{ tool_call_id: "c1", content: "3" }] },
  {
    conversation_id: "sim_001",
    turn: 1,
    role: "user",
    system: "You route requests.",
    content: "route this: intent: I042",
  },
  { conversation_id: "sim_001", turn: 2, role: "assistant", content: "I042", intent_codes: ["I042"] },
];

function configYaml(dir: string, endpoint: string, streaming: "on" | "off"): string {
  const dataset = join(dir, "agentic.jsonl");
  writeFileSync(dataset, ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const path = join(dir, "config.yaml");
  writeFileSync(
    path,
    [
      "type: online",
      `model_params: {name: m, temperature: 0, max_new_tokens: 64, streaming: ${streaming}}`,
      "datasets:",
      "  - {name: agentic_coding, type: performance, path: " +
        dataset +
        ", accuracy_config: {eval_method: agentic_inference_inline}, agentic_inference: {num_trajectories_to_issue: 2}}",
      "settings:",
      "  load_pattern: {type: agentic_inference, target_concurrency: 1}",
      "  runtime: {min_duration_ms: 0}",
      "  client: {num_workers: 1, max_connections: 1}",
      `endpoint_config: {endpoints: [${endpoint}]}`,
      `report_dir: ${join(dir, "r")}`,
      "",
    ].join("\n"),
  );
  return path;
}

describe("cli/conversation-scoring", () => {
  test.each(["on", "off"] as const)(
    "scores tool calls as upstream does (streaming %s)",
    async (streaming) => {
      const server = await startMockServer({ mode: "echo", toolCalls: true });
      try {
        const dir = dirs.make();
        const result = await runCli(["benchmark", "from-config", "-c", configYaml(dir, server.url, streaming)]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const scores = JSON.parse(readFileSync(join(dir, "r", "scores.json"), "utf8"));
        expect(scores.score).toBe(0.8333);
        expect(scores.turns).toEqual({ issued: 3, expected: 3, observed: 3, missing: 0, scored: 3 });
        expect(scores.domains).toEqual({ coding: { score: 0.75, scored: 2 }, workflow: { score: 1, scored: 1 } });
        expect(scores.per_turn.map((t: { turn: number; score: number }) => [t.turn, t.score])).toEqual([
          [2, 1],
          [4, 0.5],
          [2, 1],
        ]);
        const exported = await runCli(["report", join(dir, "r"), "--export", "events.jsonl"]);
        expect(exported.exitCode).toBe(0);
        const events = readFileSync(join(dir, "r", "events.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line));
        const issued = events.filter((e) => e.event_type === "sample.issued");
        expect(issued.map((e) => [e.conversation_id, e.turn])).toEqual([
          ["fix-1", 1],
          ["fix-1", 3],
          ["fix-1", 5],
          ["sim_001", 1],
        ]);
        const first = events.find(
          (e) => e.event_type === "sample.complete" && e.turn === 1 && e.conversation_id === "fix-1",
        );
        const [tag, output, reasoning, calls] = first.data;
        expect([tag, reasoning, calls[0].function]).toEqual([
          "TextModelOutput",
          null,
          { name: "bash", arguments: '{"command": "ls -la"}' },
        ]);
        expect(output).toEqual(streaming === "on" ? [] : "");
        const accuracy = JSON.parse(readFileSync(join(dir, "r", "accuracy", "accuracy_results.json"), "utf8"));
        expect(accuracy.average_accuracy).toBeUndefined();
        expect(accuracy.accuracy_scores[0]).toMatchObject({
          dataset_name: "performance",
          extractor: null,
          ground_truth_column: null,
          dataset_type: "performance",
          score: 0.8333,
          num_repeats: 1,
          total_samples: 4,
          unit_samples: 4,
        });
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
