/** @module test/accuracy/extractors — table tests for the answer extractors and their registry. */
import { describe, expect, test } from "bun:test";
import { InputError } from "../../src/errors.ts";
import { extractorNames, getExtractor } from "../../src/accuracy/extractor-registry.ts";
import { abcdExtractor } from "../../src/accuracy/extractors/abcd-extractor.ts";
import { boxedMathExtractor } from "../../src/accuracy/extractors/boxed-math-extractor.ts";
import { pythonCodeExtractor } from "../../src/accuracy/extractors/python-code-extractor.ts";

describe("accuracy/extractors/abcd-extractor", () => {
  // Expected values are upstream's ABCDExtractor.extract on the same text.
  test.each([
    ["markdown label", "Reasoning...\n**Answer:** C", "choice3"],
    ["markdown label, colon outside", "**Answer**: (D)", "choice4"],
    ["an emphasised label needs the emphasis right before 'Answer'", "**Final Answer:** B", ""],
    ["line-start label", "Some work.\nAnswer: A", "choice1"],
    ["label with parenthesised letter", "so the Answer: (B) fits", "choice2"],
    ["lower-case label", "answer: D", "choice4"],
    ["lower-case label and letter", "the answer: b", "choice2"],
    ["dash separator", "Answer - C", "choice3"],
    ["en dash separator, plural label", "Answers – D", "choice4"],
    ["'the answer is' is no label", "Therefore the answer is C.", ""],
    ["boxed letter", "$\\boxed{D}$", "choice4"],
    ["boxed text letter", "\\boxed{\\text{A}}", "choice1"],
    ["boxed textbf with option text", "\\boxed{\\textbf{B) 42 kg}}", "choice2"],
    ["bare parenthesised letter", "I pick (C) here", "choice3"],
    ["bracketed letter", "[A]", "choice1"],
    ["markdown bold letter", "The best fit is **B**", "choice2"],
    ["textbf letter", "\\textbf{D}", "choice4"],
    ["emphasised option line", "**C) 3.5 eV** is right", "choice3"],
    ["option keyword", "I would go with Option A", "choice1"],
    ["choice with a colon", "Choice: C", "choice3"],
    ["choice with a parenthesised letter is a bare (D)", "choice (D) seems best", "choice4"],
    ["a line opening with a letter", "thinking\nD.\n", "choice4"],
    ["the first line opening with A–D, even a word", "After all that:\nB\n", "choice1"],
    ["label beats an earlier option mention", "Option A is wrong.\nAnswer: C", "choice3"],
    ["label beats a bold letter", "**B** looked good but\nAnswer: D", "choice4"],
    ["of one pattern, the leftmost match", "Answer: A\nAnswer: B", "choice1"],
    ["a line-start pattern reads the word's first letter", "Answer: Aluminium is heavier", "choice1"],
    ["no answer", "I cannot decide between these.", ""],
    ["empty text", "", ""],
    ["letter E is no choice, the line's A is", "Answer: E", "choice1"],
    ["fallback: leading letter after **", "**C", "choice3"],
    ["fallback: leading letter and a comma", "C, because the rest fail", "choice3"],
    ["fallback: any first a–d, as upstream", "alright, let's think", "choice1"],
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
    ["an empty box is skipped", "\\boxed{5} then \\boxed{}", "5"],
    ["only empty boxes: the last integer", "\\boxed{} and 42", "42"],
    ["only an empty box, no integer", "\\boxed{}", null],
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
    ["plain block with a tag line after blank lines", `${fence}\r\n\nPY \r\nprint(4)\n${fence}`, "print(4)"],
    ["python3 fence keeps the 3", `${fence}python3\nprint(5)\n${fence}`, "3\nprint(5)"],
    ["plain block with a Python tag", `${fence}Python\nprint(3)\n${fence}`, "print(3)"],
    ["the last plain block", `${fence}\nold\n${fence}\n${fence}\nnew\n${fence}`, "new"],
    ["inline backticks are ignored", "use `print(1)` to print", null],
    ["unclosed fence is ignored", `${fence}python\nprint(1)\n`, null],
    ["empty block", `${fence}python\n\n${fence}`, ""],
    ["no code", "I don't know.", null],
    ["empty text", "", null],
    ["blank text", " \n\t", null],
  ])("%s", (_title, text, expected) => {
    expect(pythonCodeExtractor(text)).toBe(expected);
  });
});

describe("accuracy/extractors on pathological output", () => {
  // Long blank runs and unclosed markup are common in truncated model output; a regex that
  // backtracks quadratically on them takes seconds to minutes at these sizes. Linear is judged by
  // growth, not by a clock: four times the text must take well under sixteen times as long (a
  // quadratic pass's growth). Time is this process's CPU time, which a busy host does not stretch as it does the
  // wall clock; each size's fastest of five runs after a warm-up, so that neither the JIT's first compile nor a
  // collection counts.
  const SMALL = 50_000;
  const GROWTH = 4;
  const fastestMs = (text: string): number => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const started = process.cpuUsage();
      for (const name of extractorNames()) getExtractor(name)(text);
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return best;
  };
  test.each([
    ["a long blank run after a label", (n: number) => "**Answer" + " ".repeat(n) + "x"],
    ["leading blanks", (n: number) => " ".repeat(n) + "*" + " ".repeat(n)],
    ["many unclosed boxes", (n: number) => "\\boxed{1 ".repeat(n / 4)],
    ["many blank lines", (n: number) => "\n".repeat(n) + "x"],
    ["many blank lines between letters", (n: number) => " \n".repeat(n / 2) + "E" + "\n ".repeat(n / 2)],
    ["many unclosed fences", (n: number) => "```python\n".repeat(n / 4)],
  ])("%s is handled in linear time", (_title, text) => {
    fastestMs(text(SMALL));
    const small = fastestMs(text(SMALL));
    const large = fastestMs(text(SMALL * GROWTH));
    // The 5 ms covers sizes too fast for a ratio to mean anything; a quadratic pass takes seconds here.
    expect(large).toBeLessThan(GROWTH * GROWTH * 0.5 * small + 5);
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
