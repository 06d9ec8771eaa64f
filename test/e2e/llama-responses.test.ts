/**
 * @module test/e2e/llama-responses.test — `--api-type openai_responses` against llama.cpp's own
 * `/v1/responses` (../shared/tools/llama-server), streaming and not.
 *
 * What is asserted is what the engine and our code decide: no failures; output tokens equal the
 * requested limit (the random model ends early only at its end token, 1 in 50,257 a step, so
 * a request may fall short but none exceeds it and most reach it); streamed, the content events
 * equal the tokens the server says it generated (llama.cpp sends one `response.output_text.delta`
 * per token) and TTFT is present and holds the server's own prefill.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { findLlamaEngine, startLlamaServer, type LlamaServer } from "../support/llama-server.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const found = findLlamaEngine();
const dirs = tempDirs("ie-llama-responses-");
afterAll(() => dirs.cleanup());

const LIMIT = 24;
const SAMPLES = 10;

interface Row {
  chunks: number;
  outputTokens: number | null;
  predicted: number | null;
  ttft: number | null;
  prefill: number | null;
  finish: string | null;
  error: string | null;
  message: string | null;
}

/** The phase's requests, each by its last attempt (a kept-alive connection the server closed is resent, not counted). */
function rows(report: string): Row[] {
  const db = new Database(join(report, "events.db"), { readonly: true });
  try {
    return db
      .query(
        `SELECT chunk_count AS chunks, output_tokens AS outputTokens, server_output_tokens AS predicted,
          first_token_ns - sent_ns AS ttft, server_prefill_ns AS prefill, finish_reason AS finish,
          error_kind AS error, error_message AS message FROM requests
          WHERE phase = 'performance' AND error_kind IS NOT 'stale_connection'`,
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
  } else console.warn(`skipping the llama-server Responses tests: ${found.missing}`);
} else {
  const engine = found;
  describe("llama-server's /v1/responses, tiny model, 2 slots", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(engine, { model: "tiny-64x2.gguf", slots: 2 });
    });
    afterAll(() => server?.stop());

    test.each(["on", "off"])(
      `streaming %s: 0 failures, output tokens = the limit (${LIMIT}), streamed: one content event per token and a TTFT`,
      async (streaming) => {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "online",
          "--endpoints",
          server.url,
          "--model",
          "tiny",
          "--api-type",
          "openai_responses",
          "--dataset",
          questionDataset(dir, SAMPLES),
          "--tokenizer",
          engine.tokenizer,
          "--report-dir",
          report,
          "--load-pattern",
          "concurrency",
          "--concurrency",
          "2",
          "--max-output-tokens",
          String(LIMIT),
          "--num-samples",
          String(SAMPLES),
          "--streaming",
          streaming,
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        expect(readSummary(report)).toMatchObject({ n_samples_completed: SAMPLES, n_samples_failed: 0 });
        const all = rows(report);
        expect(all).toHaveLength(SAMPLES);
        expect(all.filter((r) => r.outputTokens === LIMIT).length).toBeGreaterThanOrEqual(SAMPLES - 1);
        for (const r of all) {
          expect([r.error, r.message]).toEqual([null, null]);
          expect(r.outputTokens as number).toBeLessThanOrEqual(LIMIT);
          // llama.cpp says "completed" at the limit too (OpenAI says "incomplete"): stop, as it reports it.
          expect(r.finish).toBe("stop");
          if (streaming === "on") {
            expect(r.chunks).toBe(r.outputTokens as number);
            expect(r.chunks).toBe(r.predicted as number);
            expect(r.ttft).not.toBeNull();
            expect(r.prefill as number).toBeLessThanOrEqual(r.ttft as number);
          } else expect(r.ttft).toBeNull();
        }
      },
      60_000,
    );
  });
}
