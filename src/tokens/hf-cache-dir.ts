/**
 * @module tokens/hf-cache-dir — where the Hugging Face hub cache is, as huggingface_hub finds it:
 * tokenizers and datasets (dataset/hf-cache) are both looked up there.
 */
import { homedir } from "node:os";
import { join } from "node:path";

export type Env = Readonly<Record<string, string | undefined>>;

/** The hub cache directory for `env`. */
export function hfCacheDir(env: Env): string {
  if (env.HF_HUB_CACHE) return env.HF_HUB_CACHE;
  if (env.HF_HOME) return join(env.HF_HOME, "hub");
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache"), "huggingface", "hub");
}
