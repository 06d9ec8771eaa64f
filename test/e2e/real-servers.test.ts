/**
 * @module test/e2e/real-servers.test — whole runs against raw-socket servers that behave like real ones, through the real CLI.
 *
 * The client-level scenarios are in test/client/quirks.test; these check what reaches the
 * report: reconnects counted and no failures against a server that closes after every
 * response, ITL per token from a tokenizer and when vLLM sends tokens with no text, TGI's
 * in-stream overload retried as a 429, tool calls counted as output, hidden reasoning kept out
 * of ITL and TPOT, Dynamo's own stage timings in the summary, and no per-request noise on stderr. What ITL and TPOT are made of is checked against the
 * rows' own chunk gaps and token counts (a busy host stretches or merges the gaps the client sees, not how our
 * code divides them); the bounds against the server's gaps are upper ones, widened by its process's stalls.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { referenceGpt2Encode, writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import {
  chatChunk,
  chunked,
  head,
  jsonResponse,
  LAST_CHUNK,
  sse,
  sseHead,
  streamSteps,
  usageChunk,
} from "../support/quirk-bytes.ts";
import { startQuirkServer, type QuirkServer, type Scenario, type Step } from "../support/quirk-server.ts";
import { DYNAMO_STREAM_EVENTS } from "../support/stage-timing-bytes.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";
import { median, spreadItl, streamRows } from "./stream-rows.ts";
import { questionDataset, runCli, tempDirs, type Distribution } from "./run-cli.ts";

const dirs = tempDirs("ie-real-servers-");
afterAll(() => dirs.cleanup());
let server: QuirkServer | null = null;
afterEach(() => {
  server?.stop();
  server = null;
});

interface Summary {
  n_samples_issued: number;
  n_samples_failed: number;
  error_counts: Record<string, number>;
  reconnects: number;
  retries: number;
  stream_notes: Record<string, number>;
  itl: Distribution;
  tpot: Distribution;
  output_sequence_lengths: Distribution;
  token_count_source: string;
  token_count_discrepancy: { compared: number; mismatched: number } | null;
}

/** Runs a benchmark against `scenario`; `stallMs` is the worst stall of this process (the server's) meanwhile, which delays its scripted waits. */
async function bench(scenario: Scenario, samples: number, extra: readonly string[] = []) {
  server = startQuirkServer(scenario);
  const dir = dirs.make();
  const report = join(dir, "r");
  const stalls = watchStalls();
  let stallMs = 0;
  const result = await runCli([
    "benchmark",
    "online",
    "--endpoints",
    server.url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 20),
    "--workers",
    "1",
    "--load-pattern",
    "concurrency",
    "--concurrency",
    "16",
    "--num-samples",
    String(samples),
    "--duration",
    "0",
    "--report-dir",
    report,
    ...extra,
  ]).finally(() => (stallMs = stalls.stop()));
  const summary = JSON.parse(readFileSync(join(report, "performance", "result_summary.json"), "utf8")) as Summary;
  return { result, summary, report, dir, stallMs };
}

const ANSWER_JSON = {
  id: "x",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "a b" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 1, completion_tokens: 2 },
};

describe("cli against real-server behaviour", () => {
  test("a server that closes after every response without saying so: 300 requests over 16 connections, 0 failures, reconnects reported", async () => {
    const { result, summary, report } = await bench(
      () => [jsonResponse(200, ANSWER_JSON), { waitMs: 1 }, { close: "end" }],
      300,
      ["--streaming", "off"],
    );
    expect(result.exitCode).toBe(0);
    expect(summary.n_samples_issued).toBe(300);
    expect(summary.n_samples_failed).toBeLessThanOrEqual(3);
    expect(summary.reconnects).toBeGreaterThan(0);
    expect(readFileSync(join(report, "report.txt"), "utf8")).toContain(`Reconnects: ${summary.reconnects}`);
  }, 60_000);

  test("several tokens per chunk, no usage, --tokenizer: ITL is per token, as TPOT is", async () => {
    const pieces = Array.from({ length: 8 }, (_, i) => ` alpha${i} beta gamma delta`);
    const { result, summary, stallMs, report } = await bench(
      () => [sseHead(), ...streamSteps({ pieces, gapMs: 12 })],
      20,
      ["--tokenizer", writeGpt2Tokenizer(join(dirs.make(), "gpt2"))],
    );
    expect(result.exitCode).toBe(0);
    expect(summary.token_count_source).toBe("tokenizer");
    const tokens = referenceGpt2Encode(pieces.join("")).length;
    expect(summary.output_sequence_lengths.median).toBe(tokens);
    // Each of the seven later chunks carries its piece's tokens; ITL spreads each chunk's gap over them, TPOT
    // divides the time after the first chunk by them (tokens the tokenizer counts in the text after it).
    const perPiece = referenceGpt2Encode(pieces[1] as string).length;
    const laterTokens = referenceGpt2Encode(pieces.slice(1).join("")).length;
    const rows = streamRows(report);
    expect(perPiece).toBeGreaterThan(1);
    for (const row of rows) expect(row.tokens).toEqual(Array(7).fill(perPiece));
    expect(summary.itl.median).toBe(lowerPercentile(spreadItl(rows), 50));
    expect(summary.tpot.median).toBe(median(rows.map((r) => (r.doneNs - r.firstNs) / laterTokens)));
    // Per chunk it would be perPiece times as long: the 7 gaps of 12 ms over the later tokens, each wait late by
    // at most the server process's worst stall.
    expect(summary.itl.median / 1e6).toBeLessThanOrEqual((1.2 * 12 * 7) / laterTokens + (7 * stallMs) / laterTokens);
    expect(summary.tpot.median / 1e6).toBeLessThanOrEqual((1.2 * 12 * 7) / laterTokens + (7 * stallMs) / laterTokens);
  }, 30_000);

  test("vLLM's text-less token chunks (half an emoji, the EOS finish chunk): ITL percentiles are the server's per-token gap, not halves and doubles", async () => {
    const vllm = (content: string, finish: string | null = null) =>
      sse({
        id: "chatcmpl-abc",
        object: "chat.completion.chunk",
        created: 1_700_000_000,
        model: "m",
        choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: finish }],
      });
    const steps: Step[] = [
      sseHead(),
      { waitMs: 30 },
      chunked(sse(chatChunk({ role: "assistant", content: "" })) + vllm(" start")),
    ];
    for (let g = 0; g < 5; g++)
      for (const piece of [" abcdefghij", "", "\u{1F600}"]) steps.push({ waitMs: 20 }, chunked(vllm(piece)));
    steps.push({ waitMs: 20 }, chunked(vllm("", "stop")), chunked(sse(usageChunk(7, 17)) + sse("[DONE]")), LAST_CHUNK);
    const { result, summary, stallMs, report } = await bench(() => steps, 20);
    expect(result.exitCode).toBe(0);
    expect(summary.output_sequence_lengths.median).toBe(17);
    // Shared by text length, p10 was about 10 ms (a word's gap halved) and p90 about 40 (an emoji's two tokens as
    // one). Each of the 16 later chunks is one token, text or none: ITL is their gaps as they are, the server's
    // 20 ms as the client saw it (late by at most the server process's stall).
    const rows = streamRows(report);
    for (const row of rows) {
      expect(row.gapsNs).toHaveLength(16);
      expect(row.tokens ?? Array(16).fill(1)).toEqual(Array(16).fill(1));
    }
    const itl = spreadItl(rows);
    expect(summary.itl.percentiles["10.0"]).toBe(lowerPercentile(itl, 10));
    expect(summary.itl.percentiles["90.0"]).toBe(lowerPercentile(itl, 90));
    expect((summary.itl.median as number) / 1e6).toBeLessThan(27 + stallMs);
  }, 30_000);

  test("TGI's in-stream \"Model is overloaded\" (its 422) on each request's first attempt: retried as a 429 with --retries, no failures", async () => {
    const seen = new Set<string>();
    const overloaded: Step[] = [
      sseHead(),
      chunked(sse({ error: { message: "Model is overloaded", http_status_code: 422 } }) + sse("[DONE]")),
      LAST_CHUNK,
    ];
    const answer: Step[] = [sseHead(), ...streamSteps({ pieces: [" a", " b"], gapMs: 1, usage: usageChunk(3, 2) })];
    const { result, summary } = await bench(
      (req) => (req.method !== "POST" || seen.has(req.body) ? answer : (seen.add(req.body), overloaded)),
      20,
      ["--retries", "2"],
    );
    expect(result.exitCode).toBe(0);
    expect([summary.n_samples_failed, summary.error_counts]).toEqual([0, {}]);
    expect(summary.retries).toBe(seen.size);
  }, 30_000);

  test("tool-call deltas with --tokenizer: their arguments are output text, so no token-count discrepancy", async () => {
    const name = "get_weather";
    const args = ['{"city": "Paris", ', '"unit": "celsius"}'];
    const count = referenceGpt2Encode(name + args.join("")).length;
    const call = (fn: Record<string, string>) => sse(chatChunk({ tool_calls: [{ index: 0, function: fn }] }));
    const steps: Step[] = [
      sseHead(),
      chunked(call({ name })),
      { waitMs: 5 },
      chunked(call({ arguments: args[0] as string })),
      { waitMs: 5 },
      chunked(
        call({ arguments: args[1] as string }) +
          sse(chatChunk({}, { finish_reason: "tool_calls" })) +
          sse(usageChunk(5, count)) +
          sse("[DONE]"),
      ),
      LAST_CHUNK,
    ];
    const { result, summary } = await bench(() => steps, 20, [
      "--tokenizer",
      writeGpt2Tokenizer(join(dirs.make(), "gpt2")),
    ]);
    expect(result.exitCode).toBe(0);
    expect(summary.token_count_discrepancy).toMatchObject({ compared: 20, mismatched: 0 });
  }, 30_000);

  test("hidden reasoning: ITL and TPOT over the streamed tokens, and the note in the summary and report", async () => {
    const pieces = Array.from({ length: 10 }, (_, i) => ` t${i}`);
    const { result, summary, report } = await bench(
      () => [sseHead(), ...streamSteps({ pieces, gapMs: 10, usage: usageChunk(3, 210, 200) })],
      20,
    );
    expect(result.exitCode).toBe(0);
    expect(summary.output_sequence_lengths.median).toBe(210);
    // The 200 hidden tokens were spent before the first chunk: ITL and TPOT are over the 9 streamed after it
    // (spread over 209, each would be a 23rd of that).
    const rows = streamRows(report);
    for (const row of rows) expect((row.tokens ?? Array(9).fill(1)).reduce((a, b) => a + b, 0)).toBe(9);
    expect(summary.itl.median).toBe(lowerPercentile(spreadItl(rows), 50));
    expect(summary.tpot.median).toBe(median(rows.map((r) => (r.doneNs - r.firstNs) / 9)));
    expect(summary.stream_notes.hidden_reasoning).toBe(20);
    expect(readFileSync(join(report, "report.txt"), "utf8")).toContain("hidden_reasoning: 20 responses");
  }, 30_000);

  test("Dynamo's nvext.timing, asked for with --extra-body: its TTFT beside ours, its KV transfer, in the summary and report", async () => {
    const steps = (): Step[] => [sseHead(), ...DYNAMO_STREAM_EVENTS.map((e) => chunked(sse(e))), LAST_CHUNK];
    const { result, summary, report } = await bench(steps, 20, [
      "--extra-body",
      '{"nvext": {"extra_fields": ["worker_id", "timing"]}}',
    ]);
    expect(result.exitCode).toBe(0);
    // Every benchmark request (a POST; the identity probes are GETs) asked Dynamo for its timing.
    const asked = (server?.requests ?? [])
      .filter((r) => r.method === "POST")
      .map((r) => JSON.stringify((r.json as { nvext?: unknown } | null)?.nvext));
    expect(new Set(asked)).toEqual(new Set(['{"extra_fields":["worker_id","timing"]}']));
    expect(asked).toHaveLength(20);
    const timing = (summary as unknown as { server_timing: Record<string, { p50: number; count: number } | null> })
      .server_timing;
    expect([timing.server_ttft_ms?.p50, timing.kv_transfer_ms?.p50, timing.queue_ms?.p50]).toEqual([
      41.662458, 2.75034, 3.112871,
    ]);
    expect([timing.ttft_outside_server_ms?.count, timing.inference_ms]).toEqual([20, null]);
    const text = readFileSync(join(report, "report.txt"), "utf8");
    expect(text).toContain("  server's TTFT (arrival to first token) p50/p90/p99: 41.66 / 41.66 / 41.66 ms");
    expect(text).toContain("  KV transfer, prefill to decode (upper bound) p50/p90/p99: 2.75 / 2.75 / 2.75 ms");
    expect(text).toContain("  not reported by the server: inference");
    expect(readFileSync(join(report, "report.html"), "utf8")).toContain("<tr><td>server's TTFT</td><td>41.66</td>");
  }, 30_000);

  test("a corrupt gzip body on every request: decode_error, and nothing per request on stderr with --quiet", async () => {
    const gz = gzipSync(Buffer.from(JSON.stringify(ANSWER_JSON)));
    gz[12] = (gz[12] as number) ^ 0xff;
    gz[gz.length - 6] = (gz[gz.length - 6] as number) ^ 0xff;
    const answer = head(200, {
      "content-type": "application/json",
      "content-encoding": "gzip",
      "content-length": String(gz.length),
    });
    const { result, summary } = await bench(() => [answer, gz], 20, ["--streaming", "off", "--quiet"]);
    expect(result.exitCode).toBe(4);
    expect(summary.error_counts).toEqual({ decode_error: 20 });
    expect(result.stderr).not.toContain("Decompression error");
    expect(result.stderr.split("\n").length).toBeLessThan(8);
  }, 30_000);

  test("-vv (log_level DEBUG) passes on the runtime's per-response lines that are otherwise dropped", async () => {
    const gz = gzipSync(Buffer.from(JSON.stringify(ANSWER_JSON)));
    gz[12] = (gz[12] as number) ^ 0xff;
    gz[gz.length - 6] = (gz[gz.length - 6] as number) ^ 0xff;
    const answer = head(200, {
      "content-type": "application/json",
      "content-encoding": "gzip",
      "content-length": String(gz.length),
    });
    const { result, summary } = await bench(() => [answer, gz], 5, ["--streaming", "off", "--quiet", "-vv"]);
    expect(summary.error_counts).toEqual({ decode_error: 5 });
    expect(result.stderr).toContain("Decompression error");
  }, 30_000);

  test("probe against a server that accepts and never answers: one line per request, each cut at --timeout", async () => {
    server = startQuirkServer(() => [{ waitMs: 60_000 }]);
    const result = await runCli([
      "probe",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--requests",
      "2",
      "--timeout",
      "0.5",
    ]);
    expect(result.exitCode).toBe(4);
    // Each cut at its 0.5 s, never before it, and not waited out (the server's 60 s).
    for (const n of [0, 1]) {
      const ms = Number(
        new RegExp(`^probe-${n}: failed after ([\\d.]+) ms \\(timeout\\)$`, "m").exec(result.stdout)?.[1],
      );
      expect(ms).toBeGreaterThanOrEqual(500);
      expect(ms).toBeLessThan(60_000);
    }
    expect(result.stderr).toContain("no complete response within --request-timeout 0.5 s");
  }, 30_000);
});
