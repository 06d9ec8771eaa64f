import { describe, expect, test } from "bun:test";
import { resolveScoringSetup, scoringProblems } from "../../src/accuracy/scoring-setup.ts";
import { InputError } from "../../src/errors.ts";

type Config = Parameters<typeof scoringProblems>[0];
const config = (over: Partial<Config>): Config => ({
  eval_method: null,
  ground_truth: null,
  extractor: null,
  num_repeats: 1,
  extras: null,
  ...over,
});

describe("accuracy/scoring-setup scoringProblems", () => {
  const cases: Array<{ name: string; given: Partial<Config>; defaultExtractor?: string; problems: string[] }> = [
    { name: "no scorer named: nothing to check yet", given: {}, problems: [] },
    {
      name: "pass_at_1 with an extractor",
      given: { eval_method: "pass_at_1", extractor: "abcd_extractor" },
      problems: [],
    },
    {
      name: "pass_at_1 without one",
      given: { eval_method: "pass_at_1" },
      problems: ["extractor: pass_at_1 needs an extractor"],
    },
    {
      name: "a predefined dataset's extractor fills in",
      given: { eval_method: "pass_at_1" },
      defaultExtractor: "abcd_extractor",
      problems: [],
    },
    {
      name: "string_match with identity_extractor compares the whole output",
      given: { eval_method: "string_match", extractor: "identity_extractor" },
      problems: [],
    },
    {
      name: "string_match without an extractor, as upstream refuses it",
      given: { eval_method: "string_match" },
      problems: ["extractor: string_match needs an extractor"],
    },
    {
      name: "exact_match (ours) compares the whole output without one",
      given: { eval_method: "exact_match" },
      problems: [],
    },
    {
      name: "a scorer we lack",
      given: { eval_method: "vbench", extractor: "identity_extractor" },
      problems: ["eval_method: 'vbench' is not supported by this tool yet"],
    },
    {
      name: "an unknown extractor",
      given: { eval_method: "pass_at_1", extractor: "regex_extractor" },
      problems: ["extractor: unknown extractor 'regex_extractor'"],
    },
    {
      name: "extras on a scorer that takes none",
      given: { eval_method: "pass_at_1", extractor: "abcd_extractor", extras: { seed: 1 } },
      problems: ["extras: unknown key 'seed' (pass_at_1 takes no extras)"],
    },
    {
      name: "code_bench extras as upstream",
      given: {
        eval_method: "code_bench_scorer",
        extractor: "python_code_extractor",
        extras: { timeout: 30, lcb_websocket_port: null, question_id_column: "qid" },
      },
      problems: [],
    },
    {
      name: "code_bench extras of the wrong type",
      given: { eval_method: "code_bench_scorer", extractor: "python_code_extractor", extras: { timeout: "a minute" } },
      problems: ["extras: timeout:"],
    },
    {
      name: "code_bench takes no ground_truth",
      given: { eval_method: "code_bench_scorer", extractor: "python_code_extractor", ground_truth: "question_id" },
      problems: ["ground_truth: code_bench_scorer takes no ground_truth"],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const problems = scoringProblems(config(c.given), c.defaultExtractor ?? null).map(
        (p) => `${p.field}: ${p.message}`,
      );
      expect(problems.length).toBe(c.problems.length);
      c.problems.forEach((start, i) => expect(problems[i]).toStartWith(start));
    });
  }
});

describe("accuracy/scoring-setup resolveScoringSetup", () => {
  test("the config's own scorer; ground truth defaults to the ground_truth column", () => {
    expect(
      resolveScoringSetup(
        "d",
        config({ eval_method: "pass_at_1", extractor: "abcd_extractor", num_repeats: 2 }),
        undefined,
      ),
    ).toEqual({
      evalMethod: "pass_at_1",
      extractor: "abcd_extractor",
      groundTruthColumn: "ground_truth",
      groundTruthSetting: null,
      numRepeats: 2,
      codeBench: null,
      extras: {},
    });
  });

  test("a predefined dataset's defaults when the config names no scorer", () => {
    const defaults = {
      evalMethod: "code_bench_scorer",
      extractor: "python_code_extractor",
      groundTruthColumn: "question_id",
      numRepeats: 3,
    };
    const setup = resolveScoringSetup("lcb", null, defaults);
    expect(setup).toMatchObject({
      evalMethod: "code_bench_scorer",
      extractor: "python_code_extractor",
      groundTruthColumn: "question_id",
      groundTruthSetting: null,
      numRepeats: 3,
    });
    expect(setup.codeBench).toEqual({
      lcb_version: "release_v6",
      timeout: 60,
      question_id_column: "question_id",
      show_lcb_runner_output: true,
      lcb_websocket_port: 13835,
    });
  });

  test("code_bench reads its ids from extras.question_id_column", () => {
    const setup = resolveScoringSetup(
      "d",
      config({
        eval_method: "code_bench_scorer",
        extractor: "python_code_extractor",
        extras: { question_id_column: "qid" },
      }),
      undefined,
    );
    expect(setup.groundTruthColumn).toBe("qid");
  });

  test("no scorer at all is an InputError naming the dataset", () => {
    expect(() => resolveScoringSetup("mine", config({}), undefined)).toThrow(InputError);
    expect(() => resolveScoringSetup("mine", config({}), undefined)).toThrow(
      "dataset 'mine': accuracy_config.eval_method",
    );
  });
});
