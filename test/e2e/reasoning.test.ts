/**
 * @module test/e2e/reasoning.test — a reasoning run in each streaming dialect against `serve --reasoning-tokens 20`: TTFO − TTFT and the token split.
 *
 * `serve` writes 20 reasoning tokens, then 10 answer tokens, each TPOT apart, so the first answer
 * token is due 20 × TPOT after the first token. What our code decides is held here: reasoning and
 * answer tokens exact, every row's first answer stamped after its first token, and the summary's
 * TTFO the rows' own (first answer − sent). How close the median TTFO − TTFT comes to 20 × TPOT is
 * the host's to say: the test prints it beside the server's own gap and the run's client error
 * bound, and docs/metrics.md ("Reasoning models") records what this VM measured. Completions carry
 * the reasoning in `<think>` tags (no reasoning field exists there), read with `--think-tags`. A sweep
 * with `--slo ttfo:` names the limit in sweep.json and judges it in each step.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
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

interface Row {
  sent: number;
  first: number;
  answer: number;
}

/** The performance phase's successful rows, in the order the requests were sent. */
function rows(reportDir: string): Row[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query<Row, []>(
        "SELECT sent_ns AS sent, first_token_ns AS first, first_answer_ns AS answer FROM requests WHERE phase = 'performance' AND error_kind IS NULL ORDER BY sent_ns",
      )
      .all();
  } finally {
    db.close();
  }
}

describe("cli/reasoning against serve --reasoning-tokens", () => {
  test.each(DIALECTS)(
    "%s: reasoning and answer tokens exact; the first answer after the first token; TTFO the rows' own",
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
        const stamped = rows(reportDir);
        expect(stamped.length).toBe(REQUESTS);
        for (const r of stamped) expect(r.answer).toBeGreaterThan(r.first);
        const ttfo = stamped.map((r) => r.answer - r.sent).sort((a, b) => a - b);
        expect([summary.ttfo?.min, summary.ttfo?.max]).toEqual([ttfo[0], ttfo[REQUESTS - 1]]);
        const clientMs = lowerMedian(stamped.map((r) => (r.answer - r.first) / MS));
        const boundMs = summary.client_error_bound?.p50_ms ?? Number.NaN;
        console.log(
          `reasoning ${name}: TTFO − TTFT median ${clientMs.toFixed(3)} ms (server ${lowerMedian(serverGaps).toFixed(3)} ms, ` +
            `20 × TPOT ${REASONING_TOKENS * TPOT_MS} ms, client error bound p50 ${boundMs.toFixed(3)} ms)`,
        );
      } finally {
        await server.stop().catch(() => undefined);
      }
    },
    30_000,
  );

  test("a sweep with --slo ttfo: sweep.json names the limit and each step's goodput judges it", async () => {
    const dir = dirs.make();
    const server = await startMockServer({
      mode: "model",
      ttftMs: 5,
      tpotMs: 1,
      outputTokens: 4,
      reasoningTokens: 5,
    });
    try {
      const out = join(dir, "sweep");
      const result = await runCli([
        ...["sweep", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 10)],
        ...["--duration", "0", "-q", "--num-samples", "10", "--rates", "50", "--streaming", "on"],
        ...["--slo", "ttfo:5s", "--report-dir", out],
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const sweep = JSON.parse(readFileSync(join(out, "sweep.json"), "utf8"));
      expect(sweep.slo).toEqual({ ttft_ms: null, tpot_ms: null, latency_ms: null, ttfo_ms: 5000 });
      const step = readdirSync(out).find((name) => name.startsWith("step-01")) as string;
      const summary = JSON.parse(readFileSync(join(out, step, "performance", "result_summary.json"), "utf8"));
      expect(summary.goodput.slo.ttfo_ms).toBe(5000);
      expect(summary.goodput.completed).toBe(10);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
