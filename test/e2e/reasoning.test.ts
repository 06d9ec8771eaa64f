/**
 * @module test/e2e/reasoning.test — a reasoning run in each streaming dialect against `serve --reasoning-tokens 20`: TTFO − TTFT and the token split.
 *
 * `serve` writes 20 reasoning tokens, then 10 answer tokens, each TPOT apart, so the first answer
 * token is due 20 × TPOT after the first token. The client's TTFO − TTFT is held to that with a
 * floor the same run measures: the server's own lateness (its observed gap between the first
 * write and the first answer write, against 20 × TPOT) plus the client error bound the run
 * reports at p50 (how much later than its bytes a stamp may be; the gap has two stamps): a
 * median held to the floors' medians. Reasoning
 * and answer tokens are exact. Completions carry the reasoning in `<think>` tags (no reasoning
 * field exists there), read with `--think-tags`. One request at a time, so the server's
 * observations and the client's rows pair up in order.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { ResultSummary } from "../../src/report/result-summary.ts";
import { spawnObservedServer } from "./observed-server.ts";
import { lowerMedian, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-reasoning-");
afterAll(() => dirs.cleanup());

const REASONING_TOKENS = 20;
const ANSWER_TOKENS = 10;
const TPOT_MS = 4;
const REQUESTS = 6;
const MS = 1e6;

const DIALECTS = [
  ["chat", "openai", "/v1/chat/completions", []],
  ["completions", "openai_completions", "/v1/completions", ["--think-tags"]],
  ["Responses", "openai_responses", "/v1/responses", []],
  ["Anthropic Messages", "anthropic_messages", "/v1/messages", []],
] as const;

/** Each row's TTFO − TTFT (ms), in the order the requests were sent. */
function clientGapsMs(reportDir: string): number[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    const rows = db
      .query<{ first: number; answer: number }, []>(
        "SELECT first_token_ns AS first, first_answer_ns AS answer FROM requests WHERE phase = 'performance' AND error_kind IS NULL ORDER BY sent_ns",
      )
      .all();
    return rows.map((r) => (r.answer - r.first) / MS);
  } finally {
    db.close();
  }
}

describe("cli/reasoning against serve --reasoning-tokens", () => {
  test.each(DIALECTS)(
    "%s: TTFO − TTFT is 20 × TPOT within the run's floor; reasoning and answer tokens exact",
    async (name, apiType, path, extra) => {
      const dir = dirs.make();
      const server = await spawnObservedServer(
        { mode: "model", ttftMs: 10, tpotMs: TPOT_MS, outputTokens: ANSWER_TOKENS, reasoningTokens: REASONING_TOKENS },
        join(dir, "observations.json"),
      );
      try {
        const reportDir = join(dir, "report");
        const result = await runCli([
          "benchmark",
          "online",
          ...["--endpoints", server.url, "--model", "mock-model", "--api-type", apiType],
          ...["--dataset", questionDataset(dir, REQUESTS), "--workers", "1", "--report-dir", reportDir],
          ...["--load-pattern", "concurrency", "--concurrency", "1", "--num-samples", String(REQUESTS)],
          ...["--streaming", "on", "--warmup", "false", ...extra],
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const summary = JSON.parse(
          await Bun.file(join(reportDir, "performance", "result_summary.json")).text(),
        ) as ResultSummary;
        expect(summary.n_samples_failed).toBe(0);
        expect([summary.reasoning_tokens?.min, summary.reasoning_tokens?.max]).toEqual([
          REASONING_TOKENS,
          REASONING_TOKENS,
        ]);
        expect([summary.answer_tokens?.min, summary.answer_tokens?.max]).toEqual([ANSWER_TOKENS, ANSWER_TOKENS]);
        const observed = (await server.stopAndRead()).filter((o) => o.path === path);
        expect(observed.length).toBe(REQUESTS);
        // The server's own gap: its first write to the write of the first answer token (one token per write).
        const serverGaps = observed.map(
          (o) => ((o.contentWritesNs?.[REASONING_TOKENS] ?? Number.NaN) - (o.contentWritesNs?.[0] ?? Number.NaN)) / MS,
        );
        const clientGaps = clientGapsMs(reportDir);
        expect(clientGaps.length).toBe(REQUESTS);
        const nominalMs = REASONING_TOKENS * TPOT_MS;
        const serverLateMs = Math.abs(lowerMedian(serverGaps) - nominalMs);
        const boundMs = summary.client_error_bound?.p50_ms ?? Number.NaN;
        const clientMs = lowerMedian(clientGaps);
        console.log(
          `reasoning ${name}: TTFO − TTFT median ${clientMs.toFixed(3)} ms (server ${lowerMedian(serverGaps).toFixed(3)} ms, ` +
            `20 × TPOT ${nominalMs} ms, client error bound p50 ${boundMs.toFixed(3)} ms)`,
        );
        expect(Math.abs(clientMs - nominalMs)).toBeLessThanOrEqual(serverLateMs + 2 * boundMs);
        // TTFO in the summary is the same instants' figure: above TTFT by the reasoning's time.
        expect((summary.ttfo?.median as number) - (summary.ttft.median as number)).toBeGreaterThan(0);
      } finally {
        await server.stop().catch(() => undefined);
      }
    },
    30_000,
  );
});
