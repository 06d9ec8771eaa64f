/**
 * @module dataset/column-remap — renames dataset columns before requests are built, in upstream
 * tool's order: the user's strict `parser` remap, then the fuzzy detection of the prompt column
 * and `system_prompt` → `system`.
 *
 * Renames are planned on column names first and applied to the rows in one pass (or not at all
 * when nothing changes). Choices that are ours:
 * - `text_input` is a prompt candidate when none of upstream's is present, so its example
 *   `dummy_1k.jsonl` loads as is while its `ds_samples.jsonl` (`question` and `text_input`) still
 *   takes `question`, as there.
 * - `parser` may map two targets to one source (`{prompt: q, system: q}`): both get a copy.
 * - A target that already exists as a column is replaced by the mapped source.
 * - `system_prompt` is renamed only when there is no `system` column already.
 */
import { InputError } from "../errors.ts";

/** Upstream's columns that may hold the prompt when there is no `prompt` column; two at once is an error. */
const PROMPT_CANDIDATES = ["user_prompt", "question", "input", "input_text", "problem", "query"] as const;
/** Ours, tried only when none of upstream's is present. */
const FALLBACK_PROMPT_CANDIDATES = ["text_input"] as const;

/** A file column the loader would read as the prompt by its name alone. */
export const isPromptColumnName = (name: string): boolean =>
  name === "prompt" || ([...PROMPT_CANDIDATES, ...FALLBACK_PROMPT_CANDIDATES] as readonly string[]).includes(name);

/** One output column and the input column it takes its value from. */
interface PlannedColumn {
  name: string;
  source: string;
}

/** Applies `renames` ([from, to] pairs) to a plan; a `to` that already exists is replaced. */
function renameInPlan(plan: PlannedColumn[], renames: ReadonlyArray<readonly [string, string]>): PlannedColumn[] {
  const targets = new Set(renames.map(([, to]) => to));
  const next: PlannedColumn[] = [];
  for (const column of plan) {
    const newNames = renames.filter(([from]) => from === column.name).map(([, to]) => to);
    if (newNames.length > 0) for (const name of newNames) next.push({ name, source: column.source });
    else if (!targets.has(column.name)) next.push(column);
  }
  return next;
}

function planParserRemap(plan: PlannedColumn[], parser: Record<string, unknown>, datasetName: string): PlannedColumn[] {
  const available = plan.map((column) => column.name);
  const renames: Array<readonly [string, string]> = [];
  for (const [target, source] of Object.entries(parser)) {
    if (typeof source !== "string" || source === "") {
      throw new InputError(`parser.${target} must name a column, got ${JSON.stringify(source)}`);
    }
    if (!available.includes(source)) {
      throw new InputError(
        `parser.${target}: column '${source}' not found in dataset ${datasetName}; ` +
          `available columns: ${available.join(", ")}`,
        { hint: `pick one of the available columns, e.g. parser.${target}=${available[0] ?? "<column>"}` },
      );
    }
    renames.push([source, target]);
  }
  return renameInPlan(plan, renames);
}

function planPromptDetection(plan: PlannedColumn[], datasetName: string): PlannedColumn[] {
  const names = new Set(plan.map((column) => column.name));
  let next = plan;
  if (!names.has("prompt")) {
    const seedFound = PROMPT_CANDIDATES.filter((candidate) => names.has(candidate));
    const found =
      seedFound.length > 0 ? seedFound : FALLBACK_PROMPT_CANDIDATES.filter((candidate) => names.has(candidate));
    if (found.length > 1) {
      throw new InputError(`dataset ${datasetName}: several columns could be the prompt: ${found.join(", ")}`, {
        hint: `choose one with parser.prompt=COL, e.g. parser.prompt=${found[0]}`,
      });
    }
    if (found.length === 1) next = renameInPlan(next, [[found[0] as string, "prompt"]]);
  }
  if (names.has("system_prompt") && !names.has("system")) next = renameInPlan(next, [["system_prompt", "system"]]);
  return next;
}

/** Result of remapping: the new rows (the same array when nothing changed) and their columns. */
interface RemappedRows {
  rows: Record<string, unknown>[];
  columns: string[];
  /** Renamed columns → the file column they came from, e.g. `{prompt: "article"}`. */
  sources: Record<string, string>;
}

/**
 * Applies the `parser` remap ({target: source}, strict) and prompt detection to `rows`.
 * Throws InputError for a missing source column or an ambiguous prompt column.
 */
export function remapColumns(
  rows: Record<string, unknown>[],
  columns: readonly string[],
  parser: Record<string, unknown> | null | undefined,
  datasetName: string,
  detectPrompt = true,
): RemappedRows {
  let plan: PlannedColumn[] = columns.map((name) => ({ name, source: name }));
  if (parser) plan = planParserRemap(plan, parser, datasetName);
  if (detectPrompt) plan = planPromptDetection(plan, datasetName);
  const unchanged =
    plan.length === columns.length &&
    plan.every((column, i) => column.name === column.source && column.name === columns[i]);
  if (unchanged) return { rows, columns: [...columns], sources: {} };
  const sources: Record<string, string> = {};
  for (const column of plan) if (column.name !== column.source) sources[column.name] = column.source;
  const remapped = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const column of plan) if (Object.hasOwn(row, column.source)) out[column.name] = row[column.source];
    return out;
  });
  return { rows: remapped, columns: plan.map((column) => column.name), sources };
}

/** Every key that appears in any row, in first-seen order. */
export function collectColumns(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}
