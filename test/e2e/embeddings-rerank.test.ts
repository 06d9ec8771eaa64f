/**
 * @module test/e2e/embeddings-rerank.test — `--api-type openai_embeddings` and `rerank` end to end against `serve`
 * (its /v1/embeddings and /v1/rerank): the bodies sent, inputs counted, input tokens from usage, no generation
 * metrics in report.txt, report.html or the summary; `--batch-size` over rows naming their models; probe with
 * both types; `--streaming on` refused.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { readSummary, requestRows, runPooling as run, writeRows } from "./pooling-run.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-pooling-");
afterAll(() => dirs.cleanup());

/** The generation series are absent from report.txt, and empty or null in the summary. */
function expectNoGenerationMetrics(report: string): void {
  const text = readFileSync(join(report, "report.txt"), "utf8");
  for (const block of ["TTFT:", "TPOT:", "ITL:", "Output sequence lengths:", "TPS:"]) expect(text).not.toContain(block);
  expect(text).toContain("Inputs/s: ");
  expect(text).toContain("Latency:");
  const html = readFileSync(join(report, "report.html"), "utf8");
  expect(html).toContain("Inputs/s");
  for (const row of ["Output tok/s", '"row">TTFT<', '"row">TPOT<', '"row">ITL<']) expect(html).not.toContain(row);
  expect(html).toContain('scope="row">Latency (ms)</th>');
  const s = readSummary(report);
  expect([s.ttft, s.tpot, s.itl, s.output_sequence_lengths]).toEqual([{}, {}, {}, {}]);
  expect([s.tps, s.interactivity]).toEqual([null, null]);
}

describe("cli/openai_embeddings and rerank against serve", () => {
  test("embeddings, --batch-size 4: 5 requests of 4 texts, their vectors counted, input tokens from usage", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 15, recordObservations: true });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const rows = Array.from({ length: 20 }, (_, i) => ({ prompt: `text ${"w ".repeat(i % 3)}${i}` }));
      const result = await run(
        server.url,
        "openai_embeddings",
        writeRows(dir, rows),
        report,
        "--batch-size",
        "4",
        "--num-samples",
        "5",
      );
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      expect([s.n_samples_issued, s.n_samples_failed]).toEqual([5, 0]);
      const seen = server.observations();
      expect(seen.map((o) => o.path)).toEqual(Array(5).fill("/v1/embeddings"));
      // Input tokens are the server's usage, request by request (words: 2 + the repeats).
      const wordsSent = rows.reduce((sum, r) => sum + r.prompt.split(" ").filter(Boolean).length, 0);
      expect(requestRows(report).every((r) => r.input_count === 4 && r.error_kind === null)).toBe(true);
      expect(requestRows(report).reduce((sum, r) => sum + (r.input_tokens ?? 0), 0)).toBe(wordsSent);
      expect(s.inputs?.inputs).toBe(20);
      expect(s.inputs?.inputs_per_second).toBeCloseTo((20 / (s.duration_ns as number)) * 1e9, 6);
      expect(s.inputs?.input_tokens_per_second).toBeCloseTo((wordsSent / (s.duration_ns as number)) * 1e9, 6);
      expect(s.token_count_source).toBe("server_usage");
      // Each request took at least the time the server held it.
      const heldMs = Math.min(...seen.map((o) => (o.doneNs - o.receivedNs) / 1e6));
      expect(heldMs).toBeGreaterThanOrEqual(15);
      expect((s.latency.min as number) / 1e6).toBeGreaterThanOrEqual(heldMs);
      expectNoGenerationMetrics(report);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("embeddings, --batch-size 2 over rows naming their models: each batch goes to its rows' model", async () => {
    const bodies: { model: string; input: string[] }[] = [];
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: async (req) => {
        if (req.method !== "POST") return new Response("not found", { status: 404 });
        const body = (await req.json()) as { model: string; input: string[] };
        bodies.push(body);
        const data = body.input.map((_, index) => ({ object: "embedding", index, embedding: [0.5, 0.5] }));
        return Response.json({ object: "list", model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } });
      },
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      // Rows 0, 3, 6 … name "embed-a,v2"; 1, 4, 7 … "lora=b"; the rest none (--model m).
      const modelOf = (i: number) => [{ model: "embed-a,v2" }, { model: "lora=b" }, {}][i % 3] as { model?: string };
      const rows = Array.from({ length: 12 }, (_, i) => ({ prompt: `text ${i}`, ...modelOf(i) }));
      const url = `http://127.0.0.1:${server.port}`;
      const result = await run(url, "openai_embeddings", writeRows(dir, rows), report, "--batch-size", "2");
      expect(result.exitCode).toBe(0);
      // 4 rows per model: 2 requests each, and every text went with its own row's model.
      expect(bodies).toHaveLength(6);
      for (const body of bodies) {
        expect(body.input).toHaveLength(2);
        for (const text of body.input) expect(modelOf(Number(text.split(" ")[1])).model ?? "m").toBe(body.model);
      }
      const perModel = readSummary(report).per_model ?? {};
      expect(Object.keys(perModel).sort()).toEqual(["embed-a,v2", "lora=b", "m"]);
      for (const block of Object.values(perModel))
        expect([block.n_samples_issued, block.inputs?.inputs]).toEqual([2, 4]);
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("rerank: query and documents columns (a remapped one too), top_n from --extra-body, every document counted", async () => {
    const server = await startMockServer({ mode: "echo", recordObservations: true });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const rows = Array.from({ length: 6 }, (_, i) => ({
        query: `cat ${i}`,
        passages: ["a cat", `dog ${i}`, "cat 1"],
      }));
      const result = await run(
        server.url,
        "rerank",
        `${writeRows(dir, rows)},parser.documents=passages`,
        report,
        "--num-samples",
        "6",
        "--extra-body",
        '{"top_n": 2}',
      );
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      expect([s.n_samples_issued, s.n_samples_failed]).toEqual([6, 0]);
      expect(server.observations().map((o) => o.path)).toEqual(Array(6).fill("/v1/rerank"));
      expect(s.inputs?.inputs).toBe(18);
      // serve counts the query once per document it is paired with: 3 × 2 + 2 + 2 + 2 words a row.
      expect(requestRows(report).map((r) => r.input_tokens)).toEqual(Array(6).fill(12));
      expectNoGenerationMetrics(report);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("probe --api-type openai_embeddings and rerank: each request's inputs and input tokens", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      for (const [apiType, tokens] of [
        ["openai_embeddings", 3],
        ["rerank", 6],
      ] as const) {
        const args = ["probe", "--endpoints", server.url, "--model", "m", "--api-type", apiType, "--requests", "2"];
        const result = await runCli([...args, "--prompt", "one two three"]);
        expect(result.exitCode).toBe(0);
        expect(result.stdout).toContain(`probe-1: `);
        expect(result.stdout).toContain(`ms, 1 inputs, ${tokens} input tokens`);
        expect(result.stdout).toContain("2/2 requests succeeded");
      }
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("--streaming on is refused with one line naming the flag (exit 2)", async () => {
    const dir = dirs.make();
    const result = await run(
      "http://127.0.0.1:9",
      "rerank",
      writeRows(dir, [{ query: "q", documents: ["d"] }]),
      join(dir, "r"),
      "--streaming",
      "on",
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /^error: .*model_params\.streaming \(--streaming\): api_type rerank answers in one JSON body and never streams/m,
    );
  }, 60_000);
});
