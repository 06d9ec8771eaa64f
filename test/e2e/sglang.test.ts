/**
 * @module test/e2e/sglang.test — `api_type: sglang` end to end against `serve`'s native `/generate`: token-id prompts go out in
 * SGLang's body, streamed answers (the text so far in every event) are timed per token; and
 * against a raw-socket server streaming SGLang's scheduler aborts, which are failures.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { chunked, LAST_CHUNK, sse, sseHead } from "../support/quirk-bytes.ts";
import { startQuirkServer } from "../support/quirk-server.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { lowerMedian, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-sglang-");
afterAll(() => dirs.cleanup());

/** What loopback and the client's read path may add to a chunk's delivery, beyond the server process's own stalls. */
const DELIVERY_MARGIN_MS = 5;

function tokenDataset(dir: string, rows: number): string {
  const path = join(dir, "ids.jsonl");
  writeFileSync(
    path,
    Array.from({ length: rows }, (_, i) => JSON.stringify({ input_tokens: [101, 102, 103 + i] })).join("\n") + "\n",
  );
  return path;
}

describe("cli/sglang", () => {
  test("streamed: TTFT, TPOT and tokens as the server paced them; every request on /generate", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 30,
      tpotMs: 4,
      outputTokens: 12,
      recordObservations: true,
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const stalls = watchStalls();
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `${server.url}/v1`,
        "--model",
        "m",
        "--api-type",
        "sglang",
        "--dataset",
        tokenDataset(dir, 16),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "4",
        "--num-samples",
        "16",
        "--duration",
        "0",
        "--report-dir",
        report,
      ]);
      const stallMs = stalls.stop();
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      expect(s.n_samples_completed).toBe(16);
      expect(s.token_count_source).toBe("server_usage");
      expect(s.output_sequence_lengths.min).toBe(12);
      expect(s.input_sequence_lengths.min).toBe(3);
      const seen = server.observations();
      expect(seen).toHaveLength(16);
      // As the server paced them (its own first and last chunk, which a busy host delays for it
      // too): the client's TTFT is no less than the server's, and no more than the loopback and
      // this process's worst stall above it; TPOT is the server's over the 11 later tokens.
      const serverTtftMs = lowerMedian(seen.map((o) => ((o.firstChunkNs as number) - o.receivedNs) / 1e6));
      const serverTpotMs = lowerMedian(
        seen.map((o) => (o.doneNs - (o.firstChunkNs as number)) / (o.outputTokens - 1) / 1e6),
      );
      expect(serverTtftMs).toBeGreaterThanOrEqual(30);
      expect((s.ttft.median as number) / 1e6).toBeGreaterThan(serverTtftMs);
      expect((s.ttft.median as number) / 1e6).toBeLessThan(serverTtftMs + DELIVERY_MARGIN_MS + stallMs);
      expect(Math.abs((s.tpot.median as number) / 1e6 - serverTpotMs)).toBeLessThan(
        (DELIVERY_MARGIN_MS + stallMs) / 11,
      );
      expect(seen.every((o) => o.path === "/generate" && o.streaming && o.outputTokens === 12)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("offline (not streamed): whole bodies, counts from meta_info; text prompts are refused with a hint", async () => {
    const server = await startMockServer({ mode: "model", outputTokens: 5 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--api-type",
        "sglang",
        "--dataset",
        tokenDataset(dir, 10),
        "--duration",
        "0",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      expect(readSummary(report).output_sequence_lengths.median).toBe(5);

      const text = join(dir, "text.jsonl");
      writeFileSync(text, `${JSON.stringify({ prompt: "hello" })}\n`);
      const refused = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--api-type",
        "sglang",
        "--dataset",
        text,
        "--report-dir",
        join(dir, "r2"),
      ]);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain("api_type sglang needs 'input_tokens' ids in every row");
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("streamed scheduler aborts (status 400) are http_4xx failures with SGLang's message, not fast 0-token successes", async () => {
    const message =
      "Input length (9000 tokens) exceeds the maximum allowed length (8192 tokens). Use a shorter input or enable --allow-auto-truncate.";
    const event = {
      text: "",
      output_ids: [],
      meta_info: {
        id: "9f1c",
        finish_reason: { type: "abort", message, status_code: 400 },
        prompt_tokens: 3,
        completion_tokens: 0,
        cached_tokens: 0,
      },
    };
    const server = startQuirkServer(() => [sseHead(), { waitMs: 1 }, chunked(sse(event) + sse("[DONE]")), LAST_CHUNK]);
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--api-type",
        "sglang",
        "--server-metrics",
        "off",
        "--dataset",
        tokenDataset(dir, 5),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "1",
        "--num-samples",
        "5",
        "--duration",
        "0",
        "--report-dir",
        report,
        "--retries",
        "2",
      ]);
      expect(result.exitCode).toBe(4);
      const s = readSummary(report) as ReturnType<typeof readSummary> & {
        error_counts: Record<string, number>;
        error_samples: { message: string }[];
        retries: number;
      };
      expect(s.n_samples_failed).toBe(5);
      expect(s.error_counts).toEqual({ http_4xx: 5 });
      expect(s.retries).toBe(0);
      expect(s.error_samples[0]?.message).toBe(`in-stream error (status 400): ${message}`);
    } finally {
      server.stop();
    }
  }, 30_000);
});
