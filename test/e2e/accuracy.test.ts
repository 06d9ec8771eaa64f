/**
 * @module test/e2e/accuracy.test — accuracy datasets through the real CLI: a string_match dataset beside the
 * performance run, `eval` of GPQA from an air-gapped HF cache, `init eval`'s template, `serve --answers`, and
 * `--mode both` against separate perf and acc runs.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPredefinedDataset } from "../../src/dataset/predefined/load-predefined.ts";
import { startMockServer } from "../../src/server/index.ts";
import { makeFixtureHome } from "../dataset/predefined/predefined-fixtures.ts";
import { questionDataset, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-accuracy-");
const hub = makeFixtureHome();
afterAll(() => {
  dirs.cleanup();
  hub.remove();
});

const LETTERS = ["A", "B", "C", "D"];

/** Answers each GPQA prompt with the right letter for `right` of them, a wrong one otherwise, and 500 for `fail`. */
function gpqaServer(answers: Map<string, string>, failPrompt: string | null) {
  const server = serveCompletions(async (req) => {
    const body = (await req.json()) as { messages: { content: string }[] };
    const prompt = body.messages.at(-1)?.content ?? "";
    if (prompt === failPrompt) return new Response("boom", { status: 500 });
    const content = `Thinking it over.\n\n**Answer:** ${answers.get(prompt) ?? "A"}`;
    return Response.json({
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 5, completion_tokens: 9 },
    });
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

describe("cli/accuracy", () => {
  test("string_match on a CSV accuracy dataset next to the performance run: 3 of 5 right is 0.6", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const csv = join(dir, "acc.csv");
      writeFileSync(
        csv,
        "question,ground_truth\nalpha beta,alpha beta\ngamma,gamma\ndelta,delta\nepsilon,zeta\neta,theta\n",
      );
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 20),
        "--dataset",
        `acc:${csv},accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor`,
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const results = JSON.parse(readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"));
      expect(results.accuracy_scores[0]).toMatchObject({
        dataset_name: "acc",
        score: 0.6,
        unit_samples: 5,
        num_repeats: 1,
        total_samples: 5,
      });
      const perf = JSON.parse(readFileSync(join(report, "performance", "result_summary.json"), "utf8"));
      expect(perf.n_samples_issued).toBe(20); // the accuracy phase stays out of the performance summary
      expect(result.stdout).toContain("Accuracy:");
      expect(readFileSync(join(report, "report.txt"), "utf8")).toContain("Accuracy:");
      expect(readFileSync(join(report, "report.html"), "utf8")).toContain('<section id="accuracy">');
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("eval --dataset gpqa on an airgapped HF cache: pass@1 over repeats, a failed request counts as wrong", async () => {
    const gpqa = await loadPredefinedDataset("gpqa", { env: hub.env, cacheDir: hub.emptyCacheDir });
    const rows = gpqa.rows;
    expect(rows.length).toBe(5);
    const prompts = rows.map((r) => String(r.prompt));
    const truth = rows.map((r) => LETTERS[Number(String(r.ground_truth).slice(-1)) - 1] as string);
    const wrong = (letter: string) => LETTERS[(LETTERS.indexOf(letter) + 1) % 4] as string;
    // Rows 0–2 right, row 3 wrong, row 4 answered with HTTP 500.
    const answers = new Map(prompts.map((p, i) => [p, i < 3 ? (truth[i] as string) : wrong(truth[i] as string)]));
    const server = gpqaServer(answers, prompts[4] as string);
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli(
        [
          "eval",
          "--dataset",
          "gpqa",
          "--repeats",
          "3",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--report-dir",
          report,
        ],
        { env: hub.env, cwd: dir },
      );
      expect(result.exitCode).toBe(0);
      const entry = JSON.parse(readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"))
        .accuracy_scores[0];
      expect(entry).toMatchObject({
        dataset_name: "gpqa",
        score: 0.6,
        num_repeats: 3,
        total_samples: 15,
        extractor: "ABCDExtractor",
      });
      expect(entry.eval_method).toBeUndefined();
      expect(entry.response_counts).toEqual({ issued: 15, scored: 12, empty: 3, missing: 0 });
      expect(result.stdout).toMatch(/gpqa/);
    } finally {
      server.stop();
    }
  }, 30_000);

  test("init eval writes a template that runs: gpqa and aime25 scored from the local cache", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      expect((await runCli(["init", "eval"], { cwd: dir })).exitCode).toBe(0);
      const report = join(dir, "r");
      const result = await runCli(
        [
          "benchmark",
          "from-config",
          "-c",
          join(dir, "eval_template.yaml"),
          "--endpoints",
          server.url,
          "--report-dir",
          report,
        ],
        { env: hub.env, cwd: dir },
      );
      expect(result.exitCode).toBe(0);
      const entries = JSON.parse(
        readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"),
      ).accuracy_scores;
      expect(entries.map((e: { dataset_name: string }) => e.dataset_name)).toEqual(["gpqa::gptoss", "aime25::gptoss"]);
      for (const e of entries) expect(e.response_counts.issued).toBe(e.unit_samples);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("serve --answers: the mock answers 3 of 5 AIME-style questions right, pass@1 is 0.6 over 3 repeats", async () => {
    const dir = dirs.make();
    const questions = Array.from({ length: 5 }, (_, i) => ({
      question: `What is ${i} + ${i}?`,
      answer: String(2 * i),
    }));
    const dataset = join(dir, "aime.jsonl");
    writeFileSync(dataset, questions.map((q) => JSON.stringify(q)).join("\n"));
    const answers = join(dir, "answers.jsonl");
    writeFileSync(
      answers,
      questions
        .map((q, i) =>
          JSON.stringify({
            prompt: q.question,
            response: `Adding.\n\nThe answer is $\\boxed{${i < 3 ? q.answer : "7"}}$.`,
          }),
        )
        .join("\n"),
    );
    const server = await startMockServer({ mode: "model", ttftMs: 1, tpotMs: 0, answers });
    try {
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--mode",
        "acc",
        "--dataset",
        `acc:${dataset},accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=boxed_math_extractor,accuracy_config.ground_truth=answer,accuracy_config.num_repeats=3`,
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const entry = JSON.parse(readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"))
        .accuracy_scores[0];
      expect(entry).toMatchObject({ score: 0.6, num_repeats: 3, total_samples: 15 });
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("--mode both gives the performance summary and the accuracy results of separate perf and acc runs", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const csv = join(dir, "acc.csv");
      writeFileSync(csv, "question,ground_truth\nalpha,alpha\nbeta,gamma\ndelta,delta\nepsilon,epsilon\n");
      const dataset = questionDataset(dir, 30);
      const run = async (mode: string) => {
        const report = join(dir, mode);
        const result = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--mode",
          mode,
          "--dataset",
          dataset,
          "--dataset",
          `acc:${csv},accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor`,
          "--duration",
          "0",
          "--workers",
          "1",
          "--report-dir",
          report,
        ]);
        expect(result.exitCode).toBe(0);
        const perfFile = join(report, "performance", "result_summary.json");
        const accFile = join(report, "accuracy", "accuracy_results.json");
        return {
          issued: JSON.parse(readFileSync(perfFile, "utf8")).n_samples_issued as number,
          score:
            mode === "perf" && !Bun.file(accFile).size
              ? null
              : (JSON.parse(readFileSync(accFile, "utf8")).accuracy_scores[0].score as number),
        };
      };
      // Three runs of their own, at once.
      const [both, perf, acc] = await Promise.all([run("both"), run("perf"), run("acc")]);
      expect(both.issued).toBe(30);
      expect(both.issued).toBe(perf.issued);
      expect(both.score).toBe(0.75);
      expect(both.score).toBe(acc.score);
      expect(acc.issued).toBe(0); // accuracy only: no performance phase
    } finally {
      await server.stop();
    }
  }, 60_000);
});
