/**
 * @module config/schema/model-mix — `model_params.model_mix` (`--model-mix NAME=WEIGHT`, repeatable): the
 * models (or LoRA adapters, which OpenAI-compatible servers such as vLLM serve by name) a run's requests are
 * shared among, each with its weight and, optionally, its own tokenizer.
 *
 * A model name may hold commas and `=` (`org/model,v2`, `adapter=a`), so one flag is one entry and the
 * weight is what follows the name's last `=`. Weights are positive numbers, normalised to shares.
 */
import { z } from "zod";
import { tag } from "./primitives.ts";

interface ModelMixEntry {
  name: string;
  weight: number;
  /** Tokenizer for this model's token counts (an HF id or a local directory); null: the run's `--tokenizer`. */
  tokenizer: string | null;
}

type ItemRead = { ok: true; entry: ModelMixEntry } | { ok: false; problem: string };

const positiveWeight = (weight: unknown): weight is number =>
  typeof weight === "number" && Number.isFinite(weight) && weight > 0;

/** `NAME=WEIGHT` split at its last `=`, so a name may hold `=` and commas. */
export function readModelMixText(text: string): ItemRead {
  const at = text.lastIndexOf("=");
  const name = at < 0 ? "" : text.slice(0, at).trim();
  const weightText = at < 0 ? "" : text.slice(at + 1).trim();
  if (at < 0 || name === "" || weightText === "")
    return { ok: false, problem: `expected NAME=WEIGHT (e.g. llama-8b=3), got '${text}'` };
  const weight = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(weightText) ? Number(weightText) : Number.NaN;
  if (!positiveWeight(weight))
    return { ok: false, problem: `'${name}': the weight must be a positive number, got '${weightText}'` };
  return { ok: true, entry: { name, weight, tokenizer: null } };
}

/** A YAML item `{name, weight, tokenizer?}`, or the flag's `NAME=WEIGHT` text. */
function readItem(item: unknown): ItemRead {
  if (typeof item === "string") return readModelMixText(item);
  if (typeof item !== "object" || item === null || Array.isArray(item))
    return { ok: false, problem: "each entry is NAME=WEIGHT or a mapping {name, weight, tokenizer}" };
  const { name, weight, tokenizer, ...rest } = item as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    return { ok: false, problem: `unknown key '${unknown[0]}' (an entry has name, weight, tokenizer)` };
  if (typeof name !== "string" || name.trim() === "")
    return { ok: false, problem: "an entry needs a model name (name:)" };
  const w = typeof weight === "string" ? Number(weight) : weight;
  if (!positiveWeight(w)) return { ok: false, problem: `'${name}': the weight must be a positive number` };
  if (tokenizer !== undefined && tokenizer !== null && (typeof tokenizer !== "string" || tokenizer.trim() === ""))
    return { ok: false, problem: `'${name}': tokenizer must be an HF id or a directory` };
  return {
    ok: true,
    entry: { name: name.trim(), weight: w, tokenizer: typeof tokenizer === "string" ? tokenizer.trim() : null },
  };
}

/** Every entry read; a model named twice is a problem (its requests would be counted under one name). */
function readMix(v: unknown, ctx: z.RefinementCtx): unknown {
  if (v === null || v === undefined) return v;
  const items = Array.isArray(v) ? v : [v];
  const entries: ModelMixEntry[] = [];
  for (const item of items) {
    const read = readItem(item);
    if (!read.ok) ctx.addIssue({ code: "custom", message: read.problem, continue: false });
    else if (entries.some((e) => e.name === read.entry.name))
      ctx.addIssue({ code: "custom", message: `'${read.entry.name}' is named twice`, continue: false });
    else entries.push(read.entry);
  }
  if (items.length === 0) ctx.addIssue({ code: "custom", message: "a mix needs at least one model", continue: false });
  return entries;
}

const EntrySchema = z.object({ name: z.string(), weight: z.number(), tokenizer: z.string().nullable() });

/** The mix as a list of entries; on the command line one `NAME=WEIGHT` per flag. */
export function modelMix() {
  return tag(z.preprocess(readMix, z.array(EntrySchema)), { kind: "list", itemPerFlag: true });
}
