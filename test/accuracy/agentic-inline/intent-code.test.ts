/** @module test/accuracy/agentic-inline/intent-code — workflow intent codes named by a model's answer and held by a ground-truth row. */
import { describe, expect, test } from "bun:test";
import { groundTruthIntents, modelIntent } from "../../../src/accuracy/agentic-inline/intent-code.ts";

describe("accuracy/agentic-inline/intent-code", () => {
  // [title, reasoning_content, content, expected]; expectations checked against upstream's _model_intent.
  test.each([
    ["upstream test: an explicit code in the content", "", "intent: I042", "I042"],
    ["upstream docstring: text before it, lower-case i upper-cased", "", "final intent: i042", "I042"],
    ["explicit in the reasoning wins over explicit in the content", "intent: I001", "intent: I002", "I001"],
    ["explicit in the content wins over a bare code in the reasoning", "I005", "intent: I002", "I002"],
    ["the last bare code of the first field that has one", "I001 then I002", "I003", "I002"],
    ["the content's last bare code when the reasoning has none", "", "I001 or I002", "I002"],
    ["a word before `intent:` leaves only the bare code", "", "myintent: I100", "I100"],
    ["an explicit code glued to a letter falls back to the next bare code", "", "intent:I042x I043", "I043"],
    ["punctuation around a bare code", "nothing", "(I007).", "I007"],
    ["four digits are no code", "", "I0421", null],
    ["a letter before is no code", "", "xI042", null],
    ["an underscore after is no code", "", "I006_", null],
    ["CJK letters are word characters, as in Python", "", "意图I042", null],
    ["U+0085 counts as the whitespace after the colon", "", "intent:\u0085I123", "I123"],
    ["U+FEFF is not whitespace, so only bare codes remain", "", "intent:\uFEFFI555 I777", "I777"],
    ["Python's ignore-case lets the dotless ı stand for i", "", "\u0131ntent: \u0131042", "I042"],
    ["Unicode digits count, as Python's \\d does", "", "intent: I\u0664\u0662\u0663", "I\u0664\u0662\u0663"],
    ["nothing that looks like a code", "", "no code here", null],
    ["both fields empty", "", "", null],
  ] as const)("%s", (_title, reasoningContent, content, intent) => {
    expect(modelIntent({ reasoningContent, content })).toBe(intent);
  });

  test.each([
    ["upstream docstring: upper-cased, non-strings dropped", ["i001", "I002", null], ["I001", "I002"]],
    ["empty and non-string codes dropped; full Unicode upper-casing", ["", 5, "ß1"], ["SS1"]],
    ["duplicates collapse", ["I042", "i042"], ["I042"]],
    ["a bare string is not a list", "I042", []],
    ["absent", undefined, []],
    ["null", null, []],
  ] as const)("ground truth: %s", (_title, codes, intents) => {
    expect([...groundTruthIntents(codes)].sort()).toEqual([...intents]);
  });
});
