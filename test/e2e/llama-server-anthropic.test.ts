/**
 * @module test/e2e/llama-server-anthropic.test — `--api-type anthropic_messages` against llama.cpp's own `/v1/messages`.
 *
 * The engine (../shared/tools/llama-server, random weights) writes Anthropic's events itself:
 * `message_start`, one `text_delta` per token, `message_delta` with the output count,
 * `message_stop`. What is held is what the engine and our code decide: every request
 * succeeds, a request stopped by the limit has exactly the limit's tokens, streamed it has one
 * chunk per token, and TTFT exists only when streamed.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { findLlamaEngine, startLlamaServer, type LlamaServer } from "../support/llama-server.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const found = findLlamaEngine();
const dirs = tempDirs("ie-llama-anthropic-");
afterAll(() => dirs.cleanup());

const LIMIT = 24;
const REQUESTS = 12;

interface Row {
  chunks: number;
  ttft: number | null;
  output: number | null;
  input: number | null;
  finish: string | null;
  error: string | null;
}

function rows(reportDir: string): Row[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query(
        `SELECT chunk_count AS chunks, first_token_ns - sent_ns AS ttft, output_tokens AS output, input_tokens AS input,
          finish_reason AS finish, error_kind AS error FROM requests
          WHERE phase = 'performance' AND error_kind IS NOT 'stale_connection' ORDER BY requests.id`,
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

if ("missing" in found) {
  if (process.env.CI === "true") {
    test("the real engine is present in CI", () => {
      throw new Error(`llama-server tests cannot run: ${found.missing}`);
    });
  } else {
    console.warn(`skipping the llama-server anthropic_messages tests: ${found.missing}`);
  }
} else {
  const engine = found;

  describe("llama-server /v1/messages, tiny model, 2 slots", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(engine, { model: "tiny-64x2.gguf", slots: 2 });
    });
    afterAll(() => server?.stop());

    test.each(["on", "off"])(
      "--streaming %s: 0 failures, the limit's tokens (one text_delta each when streamed), TTFT only when streamed",
      async (streaming) => {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--api-type",
          "anthropic_messages",
          "--api-key",
          "sk-ant-never-written",
          "--model",
          "tiny",
          "--dataset",
          questionDataset(dir, REQUESTS),
          "--tokenizer",
          engine.tokenizer,
          "--max-output-tokens",
          String(LIMIT),
          "--num-samples",
          String(REQUESTS),
          "--streaming",
          streaming,
          "--report-dir",
          report,
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        expect(readSummary(report).n_samples_failed).toBe(0);
        const all = rows(report);
        expect(all).toHaveLength(REQUESTS);
        // The random model ends early now and then (its end token: 1 in 50,257 a step): then end_turn, fewer tokens.
        expect(all.filter((r) => r.finish === "max_tokens").length).toBeGreaterThanOrEqual(REQUESTS - 1);
        for (const r of all) {
          expect(r.error).toBeNull();
          expect(r.input as number).toBeGreaterThan(0);
          if (r.finish === "max_tokens") expect(r.output).toBe(LIMIT);
          else expect([r.finish, (r.output as number) < LIMIT]).toEqual(["end_turn", true]);
          if (streaming === "on") {
            expect(r.chunks).toBe(r.output as number);
            expect(r.ttft as number).toBeGreaterThan(0);
          } else expect(r.ttft).toBeNull();
        }
        expect(result.stdout + result.stderr).not.toContain("sk-ant-never-written");
      },
      60_000,
    );
  });
}
