/**
 * A config shaped like upstream's Llama 3.1 8B CNN/DailyMail example (perf + accuracy on
 * `cnn_dailymail::llama3_8b`, rouge with identity_extractor, `samples:` and a `parser:` upstream
 *  ignores) against `serve` with canned summaries: accuracy_results.json has rouge's four
 * measures as upstream writes them, and the console shows them.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { makeFixtureHome, writeStringParquet } from "../dataset/predefined/predefined-fixtures.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-rouge-");
const hub = makeFixtureHome();
afterAll(() => {
  dirs.cleanup();
  hub.remove();
});

const SNAPSHOT = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";
const articles = Array.from({ length: 4 }, (_, i) => ({
  article: `Storm number ${i} hit the coast. Power failed.`,
  highlights: `Storm ${i} hit the coast.\nPower failed in ${i} towns.`,
}));

function prompt(article: string): string {
  return `Summarize the following news article in 128 tokens. Please output the summary only, without any other text.\n\nArticle:\n${article}\n\nSummary:`;
}

describe("cli/rouge", () => {
  test("upstream's CNN/DailyMail example shape runs, and scores rouge", async () => {
    const repo = hub.path("hub", "datasets--abisee--cnn_dailymail");
    mkdirSync(join(repo, "refs"), { recursive: true });
    writeFileSync(join(repo, "refs", "main"), SNAPSHOT);
    writeStringParquet(join(repo, "snapshots", SNAPSHOT, "3.0.0", "validation-00000-of-00001.parquet"), articles);
    const dir = dirs.make();
    const answers = join(dir, "answers.jsonl");
    // Two summaries right, two half right.
    writeFileSync(
      answers,
      articles
        .map((a, i) =>
          JSON.stringify({
            prompt: prompt(a.article),
            response: i < 2 ? a.highlights.replace("\n", " ") : `Storm ${i} hit.`,
          }),
        )
        .join("\n"),
    );
    const server = await startMockServer({ mode: "model", answers, recordObservations: true });
    try {
      const config = join(dir, "cnn.yaml");
      writeFileSync(
        config,
        [
          "type: offline",
          "model_params: {name: meta-llama/Llama-3.1-8B-Instruct, temperature: 0.0, max_new_tokens: 128}",
          "datasets:",
          "  - {name: cnn_dailymail::llama3_8b, type: accuracy, samples: 13368, parser: {input: prompt}, accuracy_config: {eval_method: rouge, ground_truth: highlights, extractor: identity_extractor, num_repeats: 1}}",
          "  - {name: cnn_dailymail::llama3_8b, type: performance, samples: 13368, parser: {input: prompt}}",
          "settings: {runtime: {n_samples_to_issue: 4}}",
          `endpoint_config: {endpoints: ["${server.url}"]}`,
          "",
        ].join("\n"),
      );
      const report = join(dir, "r");
      const result = await runCli(
        ["benchmark", "from-config", "-c", config, "--mode", "both", "--report-dir", report],
        { env: hub.env },
      );
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain(
        "datasets[0].parser is not applied to the predefined dataset 'cnn_dailymail::llama3_8b'",
      );
      const entry = JSON.parse(readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"))
        .accuracy_scores[0];
      expect(entry).toMatchObject({
        dataset_name: "cnn_dailymail::llama3_8b",
        extractor: "IdentityExtractor",
        ground_truth_column: "highlights",
      });
      expect(Object.keys(entry.score)).toEqual(["rouge1", "rouge2", "rougeL", "rougeLsum", "gen_len", "gen_num"]);
      expect(entry.score.gen_num).toBe(4);
      expect(Number(entry.score.rouge1)).toBeGreaterThan(50);
      expect(Number(entry.score.rouge1)).toBeLessThan(100);
      // Upstream's report prints the measures as Python prints the dict.
      expect(result.stdout).toMatch(/cnn_dailymail::llama3_8b: \{'rouge1': '\d+\.\d+', 'rouge2': /);
      expect(readFileSync(join(report, "performance", "result_summary.json"), "utf8")).toContain(
        '"n_samples_issued": 4',
      );
    } finally {
      await server.stop();
    }
  }, 30_000);
});
