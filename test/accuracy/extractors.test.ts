/** @module test/accuracy/extractors — table tests for the answer extractors and their registry. */
import { describe, expect, test } from "bun:test";
import { InputError } from "../../src/errors.ts";
import { extractorNames, getExtractor } from "../../src/accuracy/extractor-registry.ts";
import { abcdExtractor } from "../../src/accuracy/extractors/abcd-extractor.ts";
import { boxedMathExtractor } from "../../src/accuracy/extractors/boxed-math-extractor.ts";
import { pythonCodeExtractor } from "../../src/accuracy/extractors/python-code-extractor.ts";

describe("accuracy/extractors/abcd-extractor", () => {
  test.each([
    ["markdown label", "Reasoning...\n**Answer:** C", "choice3"],
    ["markdown label, colon outside", "**Answer**: (D)", "choice4"],
    ["final answer label", "**Final Answer:** B", "choice2"],
    ["line-start label", "Some work.\nAnswer: A", "choice1"],
    ["label with parenthesised letter", "so the Answer: (B) fits", "choice2"],
    ["lower-case label", "answer: D", "choice4"],
    ["the answer is", "Therefore the answer is C.", "choice3"],
    ["boxed letter", "$\\boxed{D}$", "choice4"],
    ["boxed text letter", "\\boxed{\\text{A}}", "choice1"],
    ["boxed textbf with option text", "\\boxed{\\textbf{B) 42 kg}}", "choice2"],
    ["bare parenthesised letter", "I pick (C) here", "choice3"],
    ["bracketed letter", "[A]", "choice1"],
    ["markdown bold letter", "The best fit is **B**", "choice2"],
    ["textbf letter", "\\textbf{D}", "choice4"],
    ["emphasised option line", "**C) 3.5 eV** is right", "choice3"],
    ["option keyword", "I would go with Option A", "choice1"],
    ["choice keyword", "choice (D) seems best", "choice4"],
    ["line with a lone letter", "After all that:\nB\n", "choice2"],
    ["line with a punctuated letter", "thinking\nD.\n", "choice4"],
    ["label beats an earlier option mention", "Option A is wrong.\nAnswer: C", "choice3"],
    ["label beats a bold letter", "**B** looked good but\nAnswer: D", "choice4"],
    ["same priority: the earliest", "Answer: A\nAnswer: B", "choice1"],
    ["a word starting with a letter is no answer", "Answer: Aluminium is heavier", ""],
    ["no answer", "I cannot decide between these.", ""],
    ["a sentence starting with A is no answer", "A cat sat on the mat", ""],
    ["empty text", "", ""],
    ["letter E is no choice", "Answer: E", ""],
    ["fallback: leading letter after **", "**C", "choice3"],
    ["fallback: leading letter and a comma", "C, because the rest fail", "choice3"],
    ["fallback: seed quirk avoided for words", "Alright, let's think", ""],
  ])("%s", (_title, text, expected) => {
    expect(abcdExtractor(text)).toBe(expected);
  });
});

describe("accuracy/extractors/boxed-math-extractor", () => {
  test.each([
    ["simple box", "so \\boxed{204}", "204"],
    ["the last box wins", "\\boxed{1} then \\boxed{2}", "2"],
    ["framebox", "\\framebox{77}", "77"],
    ["box content is stripped", "\\boxed{  33 }", "33"],
    ["box spanning lines (non-greedy)", "\\boxed{\n12\n} and more } here", "12"],
    ["seed quirk: text after the last comma", "\\boxed{1,234}", "234"],
    ["seed quirk: list answers give the last item", "\\boxed{3, 5}", "5"],
    ["seed quirk: nested braces stop at the first }", "\\boxed{\\frac{1}{2}}", "\\frac{1"],
    ["box without backslash", "boxed{9}", "9"],
    ["box beats later integers", "\\boxed{7} (checked 100 times)", "7"],
    ["no box: the last integer", "first 12, then 345 at the end", "345"],
    ["no box: sign and decimals ignored", "x = -3.5", "5"],
    ["empty box", "\\boxed{}", ""],
    ["nothing", "no numbers here", null],
    ["empty text", "", null],
  ])("%s", (_title, text, expected) => {
    expect(boxedMathExtractor(text)).toBe(expected);
  });
});

const fence = "```";

describe("accuracy/extractors/python-code-extractor", () => {
  test.each([
    ["one python block", `Here:\n${fence}python\nprint(1)\n${fence}`, "print(1)"],
    ["the last python block", `${fence}python\na = 1\n${fence}\ntext\n${fence}python\nb = 2\n${fence}`, "b = 2"],
    ["a python block beats a later plain block", `${fence}python\na = 1\n${fence}\n${fence}\nb = 2\n${fence}`, "a = 1"],
    ["plain block", `${fence}\nx = input()\nprint(x)\n${fence}`, "x = input()\nprint(x)"],
    ["plain block with a py tag", `${fence}py\nprint(2)\n${fence}`, "print(2)"],
    ["plain block with a Python tag", `${fence}Python\nprint(3)\n${fence}`, "print(3)"],
    ["the last plain block", `${fence}\nold\n${fence}\n${fence}\nnew\n${fence}`, "new"],
    ["inline backticks are ignored", "use `print(1)` to print", null],
    ["unclosed fence is ignored", `${fence}python\nprint(1)\n`, null],
    ["empty block", `${fence}python\n\n${fence}`, null],
    ["no code", "I don't know.", null],
    ["empty text", "", null],
  ])("%s", (_title, text, expected) => {
    expect(pythonCodeExtractor(text)).toBe(expected);
  });
});

describe("accuracy/extractors on pathological output", () => {
  // Long blank runs and unclosed markup are common in truncated model output; a regex that
  // backtracks quadratically on them takes seconds to minutes at these sizes.
  test.each([
    ["a long blank run after a label", "**Answer" + " ".repeat(100_000) + "x"],
    ["leading blanks", " ".repeat(100_000) + "*" + " ".repeat(100_000)],
    ["many unclosed boxes", "\\boxed{1 ".repeat(30_000)],
    ["many unclosed fences", "```python\n".repeat(30_000)],
  ])("%s is handled in linear time", (_title, text) => {
    const started = performance.now();
    for (const name of extractorNames()) getExtractor(name)(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("accuracy/extractor-registry", () => {
  test.each([
    ["abcd_extractor", "Answer: B", "choice2"],
    ["boxed_math_extractor", "\\boxed{42}", "42"],
    ["python_code_extractor", `${fence}python\npass\n${fence}`, "pass"],
    ["identity_extractor", "  as is \n", "  as is \n"],
  ])("%s is registered", (name, text, expected) => {
    expect(getExtractor(name)(text)).toBe(expected);
  });

  test("rejects an unknown name, listing the registered ones", () => {
    expect(() => getExtractor("regex_extractor")).toThrow(InputError);
    try {
      getExtractor("regex_extractor");
    } catch (error) {
      expect((error as InputError).message).toContain("regex_extractor");
      expect((error as InputError).hint).toContain(extractorNames().join(", "));
      expect((error as InputError).exitCode).toBe(2);
    }
  });
});
