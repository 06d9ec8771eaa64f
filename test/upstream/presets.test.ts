/**
 * @module test/upstream/presets — upstream's gpt-oss presets of the predefined datasets
 * (`src/inference_endpoint/dataset_manager/predefined/{gpqa,aime25,livecodebench}/presets.py`), and the
 * `TestPresetExistence` cases of `tests/unit/openai/test_completions_adapter.py`, run against our presets.
 *
 * Upstream has no test of the prompt text itself, so each preset gets one row whose expected prompt is what
 * upstream's template renders for it: `UserPromptFormatter` calls `template.format(**row)`
 * (`src/inference_endpoint/dataset_manager/transforms.py:110`); the strings below were printed by python3
 * from the presets.py files at the cited lines.
 */
import { describe, expect, test } from "bun:test";
import { resolvePredefinedName } from "../../src/dataset/predefined/predefined-registry.ts";
import type { PresetPrompt } from "../../src/dataset/predefined/predefined-types.ts";

const ADAPTER = "tests/unit/openai/test_completions_adapter.py";
const PRESETS = "src/inference_endpoint/dataset_manager/predefined";

function gptoss(dataset: string): PresetPrompt {
  const preset = resolvePredefinedName(`${dataset}::gptoss`).preset;
  if (preset === null) throw new Error(`${dataset}::gptoss resolved without a preset`);
  return preset.prompt;
}

describe("upstream test_completions_adapter.py: TestPresetExistence", () => {
  test.each([
    [`${ADAPTER}:229 test_aime25_gptoss_preset_exists`, "aime25"],
    [`${ADAPTER}:234 test_gpqa_gptoss_preset_exists`, "gpqa"],
    [`${ADAPTER}:239 test_livecodebench_gptoss_preset_exists`, "livecodebench"],
  ])("%s", (_name, dataset) => {
    // Upstream's preset is a list of one transform, a UserPromptFormatter; ours is that one prompt function.
    expect(resolvePredefinedName(`${dataset}::gptoss`).preset?.name).toBe("gptoss");
    expect(typeof gptoss(dataset)).toBe("function");
  });
});

describe("upstream presets.py: the gptoss prompt rendered for one row", () => {
  test(`${PRESETS}/gpqa/presets.py:24 _FORMAT (question, (A)–(D), instruction)`, () => {
    const row = {
      question: "Which gas makes up most of Earth's atmosphere? {not a field}",
      choice1: "Oxygen",
      choice2: "Nitrogen",
      choice3: "Argon",
      choice4: "Carbon dioxide",
      ground_truth: "choice2",
      domain: "",
      subdomain: "",
    };
    expect(gptoss("gpqa")(row)).toBe(
      "Which gas makes up most of Earth's atmosphere? {not a field}\n\n(A) Oxygen\n(B) Nitrogen\n(C) Argon\n(D) Carbon dioxide\n\n" +
        "Express your final answer as the corresponding option 'A', 'B', 'C', or 'D'.",
    );
  });

  test(`${PRESETS}/aime25/presets.py:24 _FORMAT (question, then the \\boxed{} instruction)`, () => {
    const row = { question: "Find $x$ such that $\\frac{x}{2} = 21$.", answer: "42" };
    expect(gptoss("aime25")(row)).toBe(
      "Find $x$ such that $\\frac{x}{2} = 21$.\nPlease reason step by step, and put your final answer within \\boxed{}.",
    );
  });

  test(`${PRESETS}/livecodebench/presets.py:24 _FORMAT (instructions, question, starter code)`, () => {
    const row = {
      question_id: "3999",
      question: "Return the sum of nums.",
      starter_code: "class Solution:\n    def f(self, nums: List[int]) -> int:\n        ",
    };
    expect(gptoss("livecodebench")(row)).toBe(
      "You are a python coding expert that solves problems step-by-step.\n" +
        "You must provide the reasoning to arriving at your solution and the code to solve the problem.\n" +
        "Do not try simulating the code execution. The code must be enclosed within ```python delimiters.\n\n\n" +
        "Return the sum of nums.\n" +
        "### Format: You will use the following starter code to write the solution to the problem and enclose your code within delimiters.\n" +
        "```python\nclass Solution:\n    def f(self, nums: List[int]) -> int:\n        \n```\n",
    );
  });
});

// not transcribed:
// - the rest of test_completions_adapter.py: the completions adapter, not the presets.
// - tests/unit/dataset_manager/test_transforms.py TestUserPromptFormatter: the generic formatter, not these presets.
