/** @module dataset/path-stem — the name a dataset gets from its path when none is given, as upstream names it. */

/**
 * Path stem, like Python's `Path(p).stem`: `data/dummy_1k.jsonl` → `dummy_1k`; for
 * `hf://datasets/<org>/<name>[@rev][/…]` the dataset's name.
 */
export function pathStem(path: string): string {
  const hf = /^hf:\/\/datasets\/[^/@]+\/([^/@]+)/.exec(path);
  if (hf) return hf[1] as string;
  const base =
    path
      .replace(/[\\/]+$/, "")
      .split(/[\\/]/)
      .pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}
