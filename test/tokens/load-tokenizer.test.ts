import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SetupError } from "../../src/errors.ts";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { referenceGpt2Encode, writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";

const root = mkdtempSync(join(tmpdir(), "ie-tok-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const gpt2Dir = writeGpt2Tokenizer(join(root, "gpt2"));
/** Loaded once: each load parses 50,257 tokens and 50,000 merges, seconds on a busy shared host. */
const gpt2 = loadTokenizer(gpt2Dir);
/** Loading a real GPT-2 tokenizer or the reference encoder's merges takes seconds on a busy shared host: more than bun's 5 s. */
const LOADING_TIMEOUT_MS = 60_000;

const TEXTS = [
  "Hello World",
  "Explain the concept of quantum computing (case 1) in simple terms",
  "  spaces   and\ttabs\nand newlines\n\n",
  "日本語のテキスト and emoji 🚀🔥",
  "it's can't won't 12345 3.14159 $100",
  "def f(x):\n    return x ** 2  # square",
  "",
];

describe("tokens/load-tokenizer", () => {
  test.each(TEXTS.map((t) => [JSON.stringify(t), t]))(
    "counts %s exactly as the reference GPT-2 BPE does",
    (_label, text) => {
      expect(gpt2.count(text)).toBe(referenceGpt2Encode(text).length);
    },
    // The first case loads the reference encoder.
    LOADING_TIMEOUT_MS,
  );

  test(
    "loads from a tokenizer.json path and from the Hugging Face cache layout",
    () => {
      expect(loadTokenizer(join(gpt2Dir, "tokenizer.json")).count("Hello World")).toBe(2);
      const hub = join(root, "hf", "hub", "models--acme--tiny");
      mkdirSync(join(hub, "refs"), { recursive: true });
      writeFileSync(join(hub, "refs", "main"), "abc123\n");
      writeGpt2Tokenizer(join(hub, "snapshots", "abc123"));
      const previous = process.env.HF_HOME;
      process.env.HF_HOME = join(root, "hf");
      try {
        const tokenizer = loadTokenizer("acme/tiny");
        expect(tokenizer.source).toContain(join("snapshots", "abc123", "tokenizer.json"));
        expect(tokenizer.count("Hello World")).toBe(2);
      } finally {
        if (previous === undefined) delete process.env.HF_HOME;
        else process.env.HF_HOME = previous;
      }
    },
    LOADING_TIMEOUT_MS,
  );

  test.each([
    ["a missing path", join(root, "nope")],
    ["a directory without tokenizer.json", root],
    ["a model id not in the cache", "acme/absent"],
  ])("rejects %s with a setup error", (_name, spec) => {
    expect(() => loadTokenizer(spec)).toThrow(SetupError);
  });
});
