/**
 * Upstream's agentic example configs (examples/10: Qwen/Kimi agentic benchmark) as written:
 * the perf run plans 613 salted trajectories with think times at 8 conversations at once, the
 * SWE-bench dataset is skipped in perf mode as upstream does, and --mode both refuses it here.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-agentic-examples-");
afterAll(() => dirs.cleanup());

/** Upstream example 10's fields and values (its Qwen config), with a small dataset of our own. */
function example10(dir: string): string {
  const rows = [];
  for (const id of ["c1", "c2"]) {
    rows.push({
      conversation_id: id,
      turn: 1,
      role: "user",
      system: "You are a coding agent.",
      content: "fix it",
      tools: [{ type: "function", function: { name: "bash" } }],
    });
    rows.push({
      conversation_id: id,
      turn: 2,
      role: "assistant",
      tool_calls: [{ id: "t0", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
    });
    rows.push({
      conversation_id: id,
      turn: 3,
      role: "tool",
      tool_results: [{ tool_call_id: "t0", content: "a.py" }],
      delay_seconds: 0.5,
    });
  }
  writeFileSync(join(dir, "agentic_combined.jsonl"), rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const path = join(dir, "qwen_agentic_benchmark.yaml");
  writeFileSync(
    path,
    `name: "qwen-agentic-benchmark"
version: "1.0"
type: "online"
model_params:
  name: "Qwen/Qwen3.6-35B-A3B"
  temperature: 1.0
  top_k: 20
  top_p: 0.95
  repetition_penalty: 1.0
  presence_penalty: 1.5
  max_new_tokens: 8192
  chat_template_kwargs:
    preserve_thinking: true
datasets:
  - name: agentic_coding
    type: performance
    path: ${join(dir, "agentic_combined.jsonl")}
    accuracy_config:
      eval_method: agentic_inference_inline
    agentic_inference:
      turn_timeout_s: 14400.0
      enable_salt: true
      inject_tool_delay: true
      num_trajectories_to_issue: 613
      stop_issuing_on_first_user_complete: false
  - name: swe_bench
    type: "accuracy"
    accuracy_config:
      eval_method: "swe_bench_scorer"
      num_repeats: 1
      extras:
        swebench_service_url: "http://localhost:18080"
        num_instances: 200
        workers: 10
        max_eval_workers: 10
        swebench_template: "qwen_tools"
settings:
  runtime:
    min_duration_ms: 0
    max_duration_ms: 36000000
  load_pattern:
    type: agentic_inference
    target_concurrency: 8
  client:
    warmup_connections: 0
    max_idle_time: 0.5
endpoint_config:
  endpoints:
    - "http://localhost:30000"
  api_type: openai
report_dir: ${join(dir, "logs")}
`,
  );
  return path;
}

describe("cli/agentic-examples", () => {
  test("example 10 plans as upstream in perf mode and skips SWE-bench with a warning", async () => {
    const config = example10(dirs.make());
    const result = await runCli(["benchmark", "from-config", "-c", config, "--dry-run"]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(
      "datasets[1] 'swe_bench' (swe_bench_scorer) is skipped in perf mode, as in mlcommons/endpoints",
    );
    expect(result.stdout).toContain(
      "performance: 1226 turns in 613 conversation(s), agentic_inference, 8 conversation(s) at once",
    );
    expect(result.stdout).toContain(
      "think time: 306.500 s in all (the dataset's delay_seconds); turn timeout 14400 s; salt on",
    );
    expect(result.stdout).toContain("first conversations: c1, c2, c1__repeat_2, c2__repeat_2");
    const validated = await runCli(["validate-yaml", "-c", config]);
    expect(validated.exitCode).toBe(0);
    expect(validated.stderr).toContain("is skipped in perf mode");
  });

  test("--mode both refuses the SWE-bench dataset, naming it", async () => {
    const result = await runCli([
      "benchmark",
      "from-config",
      "-c",
      example10(dirs.make()),
      "--mode",
      "both",
      "--dry-run",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      "datasets[1].accuracy_config.eval_method: 'swe_bench_scorer' needs upstream's SWE-bench service",
    );
  });
});
