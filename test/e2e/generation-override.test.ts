/**
 * `generation_config_override` per dataset, as upstream's per-dataset-OSL gpt-oss example uses it:
 * the server sees each dataset's own max_tokens and chat_template_kwargs.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-override-");
afterAll(() => dirs.cleanup());

interface Seen {
  prompt: string;
  max_tokens: unknown;
  temperature: unknown;
  chat_template_kwargs: unknown;
}

/** Answers every chat request with "A" and keeps what each body asked for. */
function recordingServer() {
  const seen: Seen[] = [];
  const server = serveCompletions(async (req) => {
    const body = (await req.json()) as Record<string, unknown> & { messages: { content: string }[] };
    seen.push({
      prompt: body.messages.at(-1)?.content ?? "",
      max_tokens: body.max_tokens ?? body.max_completion_tokens,
      temperature: body.temperature,
      chat_template_kwargs: body.chat_template_kwargs,
    });
    return Response.json({
      choices: [{ index: 0, message: { role: "assistant", content: "A" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 2, completion_tokens: 1 },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, stop: () => server.stop(true) };
}

function configYaml(dir: string, endpoint: string): string {
  writeFileSync(
    join(dir, "perf.jsonl"),
    ["p1", "p2", "p3"].map((q) => JSON.stringify({ prompt: `perf ${q}` })).join("\n") + "\n",
  );
  writeFileSync(
    join(dir, "acc.jsonl"),
    ["a1", "a2"].map((q) => JSON.stringify({ prompt: `acc ${q}`, ground_truth: "A" })).join("\n") + "\n",
  );
  const path = join(dir, "config.yaml");
  writeFileSync(
    path,
    [
      "type: offline",
      "model_params:",
      "  name: m",
      "  temperature: 1.0",
      "  max_new_tokens: 10240",
      "  chat_template_kwargs: {reasoning_effort: high, enable_thinking: true}",
      "datasets:",
      `  - name: perf`,
      `    path: ${join(dir, "perf.jsonl")}`,
      "    type: performance",
      "    generation_config_override: {max_new_tokens: 512}",
      `  - name: acc`,
      `    path: ${join(dir, "acc.jsonl")}`,
      "    type: accuracy",
      "    accuracy_config: {eval_method: pass_at_1, extractor: abcd_extractor}",
      "    generation_config_override:",
      "      max_new_tokens: 32768",
      "      temperature: 0.0",
      "      chat_template_kwargs: {reasoning_effort: low}",
      "settings:",
      "  runtime: {n_samples_to_issue: 3}",
      "  client: {num_workers: 1}",
      "endpoint_config:",
      `  endpoints: [${endpoint}]`,
      `report_dir: ${join(dir, "r")}`,
      "",
    ].join("\n"),
  );
  return path;
}

describe("cli/generation-override", () => {
  test("the server sees each dataset's own max_tokens, temperature and merged chat_template_kwargs", async () => {
    const server = recordingServer();
    try {
      const dir = dirs.make();
      const result = await runCli(["benchmark", "from-config", "-c", configYaml(dir, server.url), "--mode", "both"]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const perf = server.seen.filter((s) => s.prompt.startsWith("perf"));
      const acc = server.seen.filter((s) => s.prompt.startsWith("acc"));
      expect(perf.length).toBe(3);
      expect(acc.length).toBe(2);
      for (const s of perf)
        expect(s).toMatchObject({
          max_tokens: 512,
          temperature: 1,
          chat_template_kwargs: { reasoning_effort: "high", enable_thinking: true },
        });
      for (const s of acc)
        expect(s).toMatchObject({
          max_tokens: 32768,
          temperature: 0,
          chat_template_kwargs: { reasoning_effort: "low", enable_thinking: true },
        });
    } finally {
      server.stop();
    }
  }, 30_000);

  test("--dry-run names each dataset's overrides", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "from-config",
      "-c",
      configYaml(dir, "http://127.0.0.1:9"),
      "--mode",
      "both",
      "--dry-run",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("performance dataset 'perf' overrides model_params: max_new_tokens=512");
    expect(result.stdout).toContain(
      `accuracy dataset 'acc' overrides model_params: temperature=0, chat_template_kwargs={"reasoning_effort":"low"}, max_new_tokens=32768`,
    );
  });
});
