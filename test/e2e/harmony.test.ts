/**
 * gpt-oss behind a token-id API, as upstream's gpt-oss examples run it: text prompts (a GPQA-style
 * accuracy file and the performance file) reach the server as Harmony token ids, for
 * openai_completions (`prompt`) and sglang (`input_ids`); a pre-tokenised dataset goes out as it is,
 * with no tokenizer on the host.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { HARMONY_IDS, writeHarmonyTokenizer } from "../support/harmony-tokenizer.ts";
import { runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-harmony-");
afterAll(() => dirs.cleanup());

/** Answers completions and /generate alike, keeping the token ids each request sent. */
function idServer() {
  const seen: number[][] = [];
  const server = serveCompletions(async (req) => {
    const body = (await req.json()) as { prompt?: number[]; input_ids?: number[] };
    seen.push(body.prompt ?? body.input_ids ?? []);
    if (new URL(req.url).pathname === "/generate")
      return Response.json({
        text: "A",
        output_ids: [1],
        meta_info: { finish_reason: { type: "stop" }, prompt_tokens: 3, completion_tokens: 1 },
      });
    return Response.json({
      choices: [{ index: 0, text: "A", finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 1 },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, stop: () => server.stop(true) };
}

describe("cli/harmony", () => {
  test.each(["openai_completions", "sglang"])(
    "%s: every text prompt goes out as Harmony ids",
    async (apiType) => {
      const server = idServer();
      try {
        const dir = dirs.make();
        const tokenizer = writeHarmonyTokenizer(join(dir, "tok"));
        const data = join(dir, "q.jsonl");
        writeFileSync(
          data,
          ["What is one plus one?", "Name a colour."]
            .map((q) => JSON.stringify({ question: q, ground_truth: "A" }))
            .join("\n") + "\n",
        );
        const result = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "openai/gpt-oss-120b",
          "--api-type",
          apiType,
          "--tokenizer",
          tokenizer,
          "--dataset",
          data,
          "--dataset",
          `acc:${data},accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor`,
          "--mode",
          "both",
          "--duration",
          "0",
          "--report-dir",
          join(dir, "r"),
        ]);
        expect(result.exitCode).toBe(0);
        expect(server.seen.length).toBe(4);
        for (const ids of server.seen) {
          expect(ids[0]).toBe(HARMONY_IDS.start);
          expect(ids.filter((id) => id === HARMONY_IDS.end)).toHaveLength(2);
        }
        const plan = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "openai/gpt-oss-120b",
          "--api-type",
          apiType,
          "--tokenizer",
          tokenizer,
          "--dataset",
          data,
          "--dry-run",
        ]);
        expect(plan.stdout).toMatch(
          /text prompts Harmony-tokenised for gpt-oss \(reasoning high, date \d{4}-\d{2}-\d{2}\), as upstream/,
        );
      } finally {
        server.stop();
      }
    },
    30_000,
  );

  test.each(["openai_completions", "sglang"])(
    "%s: a pre-tokenised dataset needs no gpt-oss tokenizer",
    async (apiType) => {
      const server = idServer();
      try {
        const dir = dirs.make();
        const data = join(dir, "tok.jsonl");
        writeFileSync(
          data,
          [
            [11, 12, 13],
            [21, 22],
          ]
            .map((ids) => JSON.stringify({ input_tokens: ids }))
            .join("\n") + "\n",
        );
        const result = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "openai/gpt-oss-120b",
          "--api-type",
          apiType,
          "--dataset",
          data,
          "--num-samples",
          "2",
          "--report-dir",
          join(dir, "r"),
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        expect(server.seen.map((ids) => ids.join(",")).sort()).toEqual(["11,12,13", "21,22"]);
      } finally {
        server.stop();
      }
    },
    30_000,
  );
});
