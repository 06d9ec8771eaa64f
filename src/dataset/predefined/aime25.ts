/**
 * @module dataset/predefined/aime25 — AIME 2025 (`aime25[::gptoss]`): the 30
 * problems of hub repository `opencompass/AIME2025`, configs `AIME2025-I` then `AIME2025-II`
 * (split test), concatenated in that order, as columns `question, answer`.
 *
 * Sources understood: the repository's files (`aime2025-I.jsonl`, `aime2025-II.jsonl`), the
 * hub's Parquet conversion (`AIME2025-I/test/0000.parquet`, …), or one prepared file with
 * both parts (upstream's `dataset_cache/aime25/aime25.parquet`, or any file given as
 * `source`). `answer` becomes its leading integer as a decimal string ("024" → "24"), as
 * upstream's `normalize_number` does; a numeric cell is written as it is. Where upstream
 *  would store the text "None" for an answer without leading digits, we fail with the
 * row's location: such a row could never be scored right. The `gptoss` prompt is upstream's,
 * character for character.
 */
import { InputError } from "../../errors.ts";
import type { PredefinedDefinition, SourceRows } from "./predefined-types.ts";
import { hfDownloadCommand } from "./source-locate.ts";
import { concatSources, findDataFile, readHubConfig, readSourceFile, textCell } from "./source-files.ts";

const AIME_REPO = "opencompass/AIME2025";
const PARTS = ["AIME2025-I", "AIME2025-II"] as const;

/** "024" → "24", "70" → "70", 70 → "70"; null when the text does not start with a digit. */
export function leadingInteger(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== "string") return null;
  const digits = /^[0-9]+/.exec(value);
  return digits === null ? null : BigInt(digits[0]).toString();
}

/** One part of the competition: its file in the repository, else its Parquet-conversion directory. */
function readPart(root: string, part: string): SourceRows | null {
  const file = findDataFile(root, [part]);
  return file === null ? readHubConfig(root, part, "test") : readSourceFile(file);
}

function transform(source: SourceRows): Record<string, string>[] {
  return source.rows.map((row, index) => {
    const answer = leadingInteger(row.answer);
    if (answer === null) {
      throw new InputError(
        `${source.locate(index)}: answer ${JSON.stringify(row.answer ?? null)} does not start with an integer`,
        {
          hint: "AIME answers are integers 0–999; check that source= points at the AIME 2025 files",
        },
      );
    }
    return { question: textCell(source, index, "question"), answer };
  });
}

function gptossPrompt(row: Readonly<Record<string, string>>): string {
  return `${row.question}\nPlease reason step by step, and put your final answer within \\boxed{}.`;
}

export const aime25: PredefinedDefinition = {
  id: "aime25",
  hubRepo: AIME_REPO,
  variants: null,
  cacheSubdir: () => "aime25",
  readDirectory(root) {
    const prepared = findDataFile(root, ["aime25"]);
    if (prepared !== null) return readSourceFile(prepared);
    const parts = PARTS.map((part) => readPart(root, part));
    return parts.every((part) => part !== null) ? concatSources(parts as SourceRows[]) : null;
  },
  transform,
  presets: { gptoss: gptossPrompt },
  accuracyDefaults: {
    evalMethod: "pass_at_1",
    extractor: "boxed_math_extractor",
    groundTruthColumn: "answer",
    numRepeats: 8,
  },
  hubParts: () => PARTS.map((config) => ({ config, split: "test" })),
  howToProvide: () => `download it with ${hfDownloadCommand(AIME_REPO)}`,
};
