/** @module test/dataset/harmony — gpt-oss prompts rendered in Harmony format and tokenised, as upstream does for token-id APIs. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { harmonizeRows, harmonyText, todayIso, usesHarmony } from "../../src/dataset/harmony.ts";
import { InputError } from "../../src/errors.ts";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { referenceGpt2Encode, writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { HARMONY_IDS, writeHarmonyTokenizer } from "../support/harmony-tokenizer.ts";

const dir = mkdtempSync(join(tmpdir(), "harmony-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { start: START, message: MESSAGE, end: END } = HARMONY_IDS;
/** Loading a real 50,000-token tokenizer (and the reference encoder) takes seconds on a busy shared host: more than bun's 5 s. */
const LOADING_TIMEOUT_MS = 60_000;
const SYSTEM =
  "You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2026-12-01\n\nReasoning: high\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.";

describe("dataset/harmony", () => {
  test("renders a system and a user message for the assistant to complete", () => {
    expect(harmonyText("What is 2+2?", "2026-12-01")).toBe(
      `<|start|>system<|message|>${SYSTEM}<|end|><|start|>user<|message|>What is 2+2?<|end|><|start|>assistant`,
    );
  });

  test.each([
    ["openai_completions", "openai/gpt-oss-120b", true],
    ["sglang", "gpt-oss-20b", true],
    ["openai", "openai/gpt-oss-120b", false],
    ["openai_completions", "meta-llama/Llama-3.1-8B-Instruct", false],
  ])("%s with %s: Harmony %p", (api, model, expected) => {
    expect(usesHarmony(api, model)).toBe(expected);
  });

  test("today's date as datetime.date.today().isoformat() writes it", () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  test(
    "each piece between special tokens is encoded on its own; rows with ids are left alone",
    () => {
      const tokenizer = loadTokenizer(writeHarmonyTokenizer(join(dir, "harmony")));
      const [row, kept] = harmonizeRows(
        [{ prompt: "Hello there" }, { prompt: "x", input_tokens: [1, 2] }],
        tokenizer,
        "2026-12-01",
      );
      const expected = [
        START,
        ...referenceGpt2Encode("system"),
        MESSAGE,
        ...referenceGpt2Encode(SYSTEM),
        END,
        START,
        ...referenceGpt2Encode("user"),
        MESSAGE,
        ...referenceGpt2Encode("Hello there"),
        END,
        START,
        ...referenceGpt2Encode("assistant"),
      ];
      expect(row?.input_tokens).toEqual(expected);
      expect(kept?.input_tokens).toEqual([1, 2]);
    },
    LOADING_TIMEOUT_MS,
  );

  test(
    "a tokenizer without Harmony's special tokens is refused, naming the token",
    () => {
      const tokenizer = loadTokenizer(writeGpt2Tokenizer(join(dir, "gpt2")));
      expect(() => harmonizeRows([{ prompt: "x" }], tokenizer, "2026-12-01")).toThrow(InputError);
      expect(() => harmonizeRows([{ prompt: "x" }], tokenizer, "2026-12-01")).toThrow("has no special token <|start|>");
    },
    LOADING_TIMEOUT_MS,
  );
});
