/**
 * @module tokens/load-tokenizer — a Hugging Face tokenizer from local files only (airgapped hosts).
 *
 * `--tokenizer` accepts a directory holding tokenizer.json (and optionally tokenizer_config.json),
 * a path to a tokenizer.json, or a model id (`org/name`) found in the local Hugging Face cache
 * (`$HF_HUB_CACHE`, `$HF_HOME/hub`, `$XDG_CACHE_HOME/huggingface/hub` or
 * `~/.cache/huggingface/hub`, as huggingface_hub looks; snapshot of refs/main). Nothing is downloaded.
 * Tokenization is @huggingface/tokenizers (pure JS; the same tokenizer.json the server uses).
 */
import { Tokenizer } from "@huggingface/tokenizers";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { hfCacheDir } from "./hf-cache-dir.ts";
import { SetupError } from "../errors.ts";

export interface TextTokenizer {
  /** Where the tokenizer.json came from. */
  readonly source: string;
  /** Tokens in `text` without special tokens (BOS/EOS), as servers count completion tokens. */
  count(text: string): number;
  /** Token ids of `text`, no BOS/EOS added; special tokens written in the text become their ids. */
  encode(text: string): number[];
}

/** The local Hugging Face hub cache, found as for datasets (dataset/hf-cache). */
function hubCacheDir(): string {
  return hfCacheDir(process.env);
}

/** tokenizer.json of a cached model id (org/name), or null. */
function fromHubCache(modelId: string): string | null {
  if (!/^[\w.-]+\/[\w.-]+$/.test(modelId)) return null;
  const repo = join(hubCacheDir(), `models--${modelId.replace("/", "--")}`);
  const snapshots = join(repo, "snapshots");
  if (!existsSync(snapshots)) return null;
  const refMain = join(repo, "refs", "main");
  const preferred = existsSync(refMain) ? readFileSync(refMain, "utf8").trim() : null;
  const candidates = preferred ? [preferred, ...readdirSync(snapshots)] : readdirSync(snapshots);
  for (const sha of candidates) {
    const file = join(snapshots, sha, "tokenizer.json");
    if (existsSync(file)) return file;
  }
  return null;
}

function resolveTokenizerFile(spec: string): string | null {
  if (existsSync(spec)) {
    if (statSync(spec).isDirectory()) {
      const file = join(spec, "tokenizer.json");
      return existsSync(file) ? file : null;
    }
    return spec;
  }
  return fromHubCache(spec);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SetupError(`cannot read tokenizer file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Whether `spec` names a tokenizer that exists locally (a path, or a model id in the hub cache). */
export function tokenizerExists(spec: string): boolean {
  return resolveTokenizerFile(spec) !== null;
}

export function loadTokenizer(spec: string): TextTokenizer {
  const file = resolveTokenizerFile(spec);
  if (!file) {
    throw new SetupError(
      `tokenizer '${spec}' not found: no tokenizer.json there or in the Hugging Face cache (${hubCacheDir()})`,
      {
        hint: "pass --tokenizer DIR (a directory with tokenizer.json, e.g. the model's snapshot directory)",
      },
    );
  }
  const configPath = join(dirname(file), "tokenizer_config.json");
  const config = existsSync(configPath) ? readJson(configPath) : {};
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(readJson(file) as object, config as object);
  } catch (error) {
    throw new SetupError(`tokenizer ${file} could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  return {
    source: file,
    count: (text) => (text === "" ? 0 : tokenizer.encode(text, { add_special_tokens: false }).ids.length),
    encode: (text) => (text === "" ? [] : [...tokenizer.encode(text, { add_special_tokens: false }).ids]),
  };
}
