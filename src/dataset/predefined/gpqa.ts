/**
 * @module dataset/predefined/gpqa — GPQA (`gpqa[::gptoss]`): graduate-level
 * multiple-choice questions from the gated hub repository `Idavidrein/gpqa`, variant
 * `diamond` (default), `main` or `extended` (hub config `gpqa_<variant>`, split train).
 *
 * Sources understood: the repository's CSV files (`gpqa_diamond.csv`: "Question", "Correct
 * Answer", "Incorrect Answer 1..3", "Subdomain", "High-level domain", …), the hub's Parquet
 * conversion (`gpqa_diamond/train/0000.parquet`, same columns), and an already converted
 * file with `question, choice1..choice4, ground_truth` (upstream's
 * `dataset_cache/gpqa/diamond/gpqa_diamond.parquet`), which is used as it is.
 *
 * Choice order, bit for bit upstream's: ONE `random.Random(seed)` (seed 0) for the whole
 * dataset; for each row, in row order, `permutation = rng.sample(range(4), 4)` (four draws,
 * not `shuffle`'s three), choices = [correct, wrong1, wrong2, wrong3] taken in permutation
 * order, and `ground_truth` = "choiceN" for the first position holding the correct text.
 * The `gptoss` prompt is upstream's, character for character: the question, a blank line,
 * (A)–(D), a blank line, its instruction.
 */
import { PythonRandom } from "../../rng/python-random.ts";
import { hfDownloadCommand } from "./source-locate.ts";
import type { PredefinedDefinition, SourceRows } from "./predefined-types.ts";
import { sampleIndices } from "./python-sample.ts";
import { findDataFile, hasColumns, readHubConfig, readSourceFile, textCell } from "./source-files.ts";

export const GPQA_VARIANTS = ["diamond", "main", "extended"] as const;
const GPQA_REPO = "Idavidrein/gpqa";
const CONVERTED_COLUMNS = ["question", "choice1", "choice2", "choice3", "choice4", "ground_truth"] as const;
const CHOICE_COLUMNS = ["Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2", "Incorrect Answer 3"] as const;
const LETTERS = ["A", "B", "C", "D"] as const;

/** The four choices of a row after drawing its permutation, and which one is correct. */
function permuteChoices(
  rng: PythonRandom,
  correct: string,
  wrong: readonly string[],
): { choices: string[]; groundTruth: string } {
  const original = [correct, ...wrong];
  const choices = sampleIndices(rng, original.length, original.length).map((index) => original[index] as string);
  return { choices, groundTruth: `choice${choices.indexOf(correct) + 1}` };
}

function fromHubColumns(source: SourceRows, seed: number): Record<string, string>[] {
  const rng = new PythonRandom(seed);
  return source.rows.map((_, index) => {
    const [correct, ...wrong] = CHOICE_COLUMNS.map((column) => textCell(source, index, column));
    const { choices, groundTruth } = permuteChoices(rng, correct as string, wrong);
    const optional = (column: string) => (source.rows[index]?.[column] == null ? "" : textCell(source, index, column));
    return {
      question: textCell(source, index, "Question"),
      choice1: choices[0] as string,
      choice2: choices[1] as string,
      choice3: choices[2] as string,
      choice4: choices[3] as string,
      ground_truth: groundTruth,
      domain: optional("High-level domain"),
      subdomain: optional("Subdomain"),
    };
  });
}

function fromConverted(source: SourceRows): Record<string, string>[] {
  return source.rows.map((row, index) => {
    const out: Record<string, string> = {};
    for (const column of CONVERTED_COLUMNS) out[column] = textCell(source, index, column);
    out.domain = row.domain == null ? "" : textCell(source, index, "domain");
    out.subdomain = row.subdomain == null ? "" : textCell(source, index, "subdomain");
    return out;
  });
}

function gptossPrompt(row: Readonly<Record<string, string>>): string {
  const options = LETTERS.map((letter, i) => `(${letter}) ${row[`choice${i + 1}`]}`).join("\n");
  return `${row.question}\n\n${options}\n\nExpress your final answer as the corresponding option 'A', 'B', 'C', or 'D'.`;
}

export const gpqa: PredefinedDefinition = {
  id: "gpqa",
  hubRepo: GPQA_REPO,
  variants: {
    default: "diamond",
    allowed: GPQA_VARIANTS,
    normalise: (raw) =>
      raw
        .trim()
        .toLowerCase()
        .replace(/^gpqa_/, ""),
  },
  cacheSubdir: (variant) => `gpqa/${variant}`,
  readDirectory(root, variant) {
    const file = findDataFile(root, [`gpqa_${variant}`]);
    if (file !== null) return readSourceFile(file);
    return readHubConfig(root, `gpqa_${variant}`, "train");
  },
  transform(source, seed) {
    return hasColumns(source, CONVERTED_COLUMNS) ? fromConverted(source) : fromHubColumns(source, seed);
  },
  presets: { gptoss: gptossPrompt },
  accuracyDefaults: {
    evalMethod: "pass_at_1",
    extractor: "abcd_extractor",
    groundTruthColumn: "ground_truth",
    numRepeats: 5,
  },
  hubParts: (variant) => [{ config: `gpqa_${variant}`, split: "train" }],
  howToProvide: (variant) =>
    `accept the dataset's terms on huggingface.co, then ${hfDownloadCommand(GPQA_REPO, `gpqa_${variant}.csv`)} (with HF_TOKEN set)`,
};
