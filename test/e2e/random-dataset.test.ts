import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-random-cli-");
afterAll(() => dirs.cleanup());

describe("cli/random-dataset", () => {
  test("random ISL=128, OSL=64: the server sees exactly 128 prompt tokens (its tokenizer) and produces 64", async () => {
    const dir = dirs.make();
    const tokenizer = writeGpt2Tokenizer(join(dir, "gpt2"));
    const server = await startMockServer({ mode: "model", outputTokens: 500, tokenizer, recordObservations: true });
    try {
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        "random,isl=128,osl=64,prefix=16,max_rows=50",
        "--tokenizer",
        tokenizer,
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "8",
        "--duration",
        "0",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const observations = server.observations();
      expect(observations.length).toBe(50);
      expect(new Set(observations.map((o) => o.promptTokens))).toEqual(new Set([128]));
      expect(new Set(observations.map((o) => o.outputTokens))).toEqual(new Set([64]));
      const s = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      expect(s.input_sequence_lengths.min).toBe(128);
      expect(s.input_sequence_lengths.max).toBe(128);
      expect(s.output_sequence_lengths.min).toBe(64);
      expect(s.output_sequence_lengths.max).toBe(64);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("the random dataset without isl/osl is an input error", async () => {
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "random",
      "--dry-run",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^error: the random dataset needs isl= and osl=/);
  });
});
