/**
 * @module dataset/predefined/bfcl/bfcl-rows — the `bfcl_v4` predefined dataset's rows (single-turn
 * function calling), as mlcommons/endpoints' BFCLv4.generate builds them from bfcl-eval's data.
 *
 * `dataDir` holds `BFCL_v4_<subset>.json` (one sample per line: id, question, function) and
 * `possible_answer/BFCL_v4_<subset>.json` (id, ground_truth; the hallucination and relevance
 * subsets have none). One row per sample with a question: `messages` (the question's turns
 * flattened, each message reduced to role and content, a null content sent as "" because
 * llama.cpp and other local servers reject null), `tools` (bfcl-tools), `tool_choice: "auto"`
 * (some servers stall when tools come without it), `ground_truth` and `func_description` as
 * Python's `json.dumps` writes them (python-json), `subset` and `sample_id`.
 *
 * Order and sampling are upstream's: subsets in SINGLE_TURN_SUBSETS order; when any of
 * `sample_pct`, `category_sample_pct`, `subset_floor` is given, each subset keeps its first n
 * rows — all of them when its total is ≤ `subset_floor`, else max(1, ⌊total·pct/100⌋) at its
 * category's rate (falling back to `sample_pct`, then to all) — and the subsets then follow in
 * name order, because upstream takes them from pandas' `groupby("subset")`, which sorts its
 * groups. `max_samples` finally keeps the first rows. No randomness: the selection is the same on
 * every machine. Differences from upstream, all about bad input: a missing data file, an unknown
 * subset or `category_sample_pct` key, and a bad percentage with nothing selected are errors
 * (upstream skips the file, selects nothing, ignores the key, and checks percentages only when
 * rows were selected).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../../errors.ts";
import { bfclTools } from "./bfcl-tools.ts";
import { categoryOf, checkCategory, SINGLE_TURN_SUBSETS, selectedSubsets } from "./bfcl-subsets.ts";
import { dumpPythonJson, PyDict, pythonTruthy, toPlainJson, type PyValue } from "./python-json.ts";
import { parsePythonJson } from "./python-json-parse.ts";

export interface BfclParams {
  categories?: string[];
  subsets?: string[];
  sample_pct?: number;
  category_sample_pct?: Record<string, number>;
  subset_floor?: number;
  max_samples?: number;
}

type Row = Record<string, unknown>;

/** Each non-blank line of a JSON-lines file as a dict (Python's text mode splits \n, \r\n and \r). */
function readJsonLines(path: string): PyDict[] {
  const records: PyDict[] = [];
  readFileSync(path, "utf8")
    .split(/\r\n|\r|\n/)
    .forEach((line, index) => {
      if (line.trim() === "") return;
      let value: PyValue;
      try {
        value = parsePythonJson(line.trim());
      } catch (error) {
        throw new InputError(`bfcl_v4: ${path}:${index + 1}: invalid JSON (${(error as Error).message})`, {
          cause: error,
        });
      }
      if (!(value instanceof PyDict))
        throw new InputError(`bfcl_v4: ${path}:${index + 1}: a sample must be a JSON object`);
      records.push(value);
    });
  return records;
}

/** possible_answer's ground truths by sample id; none when the subset has no answer file. */
function groundTruths(dataDir: string, subset: string): PyDict {
  const byId = new PyDict();
  const path = join(dataDir, "possible_answer", `BFCL_v4_${subset}.json`);
  if (!existsSync(path)) return byId;
  for (const entry of readJsonLines(path)) {
    const id = entry.get("id") ?? "";
    if (pythonTruthy(id) && !Array.isArray(id) && !(id instanceof PyDict))
      byId.set(id, entry.get("ground_truth") ?? []);
  }
  return byId;
}

/** The question's turns flattened to `{role, content}` messages. */
function messagesOf(question: PyValue, where: string): Row[] {
  if (!Array.isArray(question) || !question.every(Array.isArray))
    throw new InputError(`bfcl_v4: ${where}: question is not a list of turns`);
  return question.flat().map((message) => {
    if (!(message instanceof PyDict) || !message.has("role"))
      throw new InputError(`bfcl_v4: ${where}: a message has no role`);
    const content = message.get("content");
    return {
      role: toPlainJson(message.get("role") as PyValue),
      content: pythonTruthy(content) ? toPlainJson(content as PyValue) : "",
    };
  });
}

/** Every row of one subset, in file order. */
function subsetRows(dataDir: string, subset: string): Row[] {
  const path = join(dataDir, `BFCL_v4_${subset}.json`);
  if (!existsSync(path)) {
    throw new InputError(`bfcl_v4: data file not found: ${path}`, {
      hint: "point the dataset at bfcl-eval's bfcl_eval/data directory",
    });
  }
  const answers = groundTruths(dataDir, subset);
  const rows: Row[] = [];
  for (const sample of readJsonLines(path)) {
    const id = sample.get("id") ?? "";
    const question = sample.get("question") ?? [];
    if (!pythonTruthy(question)) continue;
    const where = `${path} sample ${JSON.stringify(toPlainJson(id))}`;
    const functions = sample.get("function") ?? [];
    const scalarId = !Array.isArray(id) && !(id instanceof PyDict);
    const truth = scalarId && answers.has(id) ? (answers.get(id) as PyValue) : (sample.get("ground_truth") ?? []);
    let tools: Row[];
    try {
      tools = bfclTools(toPlainJson(functions));
    } catch (error) {
      throw error instanceof InputError ? new InputError(`bfcl_v4: ${where}: ${error.message}`) : error;
    }
    rows.push({
      messages: messagesOf(question, where),
      tools,
      tool_choice: "auto",
      ground_truth: pythonTruthy(truth) ? dumpPythonJson(truth) : "[]",
      func_description: dumpPythonJson(functions),
      subset,
      sample_id: toPlainJson(id),
    });
  }
  return rows;
}

function checkPercent(pct: number): void {
  if (!(pct > 0 && pct <= 100)) throw new InputError(`bfcl_v4: sampling percentage must be in (0, 100], got ${pct}`);
}

function checkParams(params: BfclParams): void {
  if (params.sample_pct !== undefined) checkPercent(params.sample_pct);
  for (const [category, pct] of Object.entries(params.category_sample_pct ?? {})) {
    checkCategory(category, "category_sample_pct key");
    checkPercent(pct);
  }
  const max = params.max_samples;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0))
    throw new InputError(`bfcl_v4: max_samples must be a whole number ≥ 0, got ${max}`);
}

/** How many of a subset's `total` rows upstream's sampling keeps. */
export function bfclSampleSize(subset: string, total: number, params: BfclParams): number {
  if (params.subset_floor !== undefined && total <= params.subset_floor) return total;
  const category = categoryOf(subset);
  const rates = params.category_sample_pct;
  const pct =
    category !== undefined && rates !== undefined && Object.hasOwn(rates, category)
      ? rates[category]
      : params.sample_pct;
  return pct === undefined ? total : Math.max(1, Math.trunc((total * pct) / 100));
}

/** The bfcl_v4 rows `params` select from the BFCL data in `dataDir`. */
export function bfclRows(dataDir: string, params: BfclParams): Row[] {
  const wanted = selectedSubsets(params.categories, params.subsets);
  checkParams(params);
  let rows = SINGLE_TURN_SUBSETS.filter((subset) => wanted.has(subset)).flatMap((subset) =>
    subsetRows(dataDir, subset),
  );
  if (
    params.sample_pct !== undefined ||
    params.category_sample_pct !== undefined ||
    params.subset_floor !== undefined
  ) {
    const bySubset = Map.groupBy(rows, (row) => row.subset as string);
    rows = [...bySubset.keys()].sort().flatMap((subset) => {
      const group = bySubset.get(subset) ?? [];
      return group.slice(0, bfclSampleSize(subset, group.length, params));
    });
  }
  return params.max_samples !== undefined ? rows.slice(0, params.max_samples) : rows;
}
