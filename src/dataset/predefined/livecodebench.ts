/**
 * @module dataset/predefined/livecodebench — LiveCodeBench code generation
 * (`livecodebench[::gptoss]`), variant `release_v6` by default, as columns
 * `question_id, question, starter_code`. Answers are scored by running code against the
 * problem's tests in the LCB service, keyed by `question_id`.
 *
 * Upstream builds this dataset with a Python script in a venv pinned to
 * `datasets==3.6.0` (the hub repository is a loading script, so the hub has no Parquet
 * conversion to download). We only read data already on disk:
 * - upstream's output, `livecodebench_<variant>.parquet` (`dataset_cache/livecodebench/<variant>/`);
 * - a copy of the hub repository `livecodebench/code_generation_lite`, whose release
 *   `release_vN` is `test.jsonl` followed by `test2.jsonl` … `testN.jsonl`;
 * - any JSONL/Parquet file of LiveCodeBench rows given as `source`.
 * Rows carry `question_content` (hub) or `question` (prepared). Test cases and metadata are
 * not kept. The `gptoss` prompt is upstream's, character for character: its instructions, two
 * blank lines, the question, a format line, the starter code in a ```python fence.
 */
import type { PredefinedDefinition, SourceRows } from "./predefined-types.ts";
import { hfDownloadCommand } from "./source-locate.ts";
import { concatSources, findDataFile, readSourceFile, textCell } from "./source-files.ts";

const LCB_REPO = "livecodebench/code_generation_lite";
const RELEASES = 6;
const LCB_VARIANTS = Array.from({ length: RELEASES }, (_, i) => `release_v${i + 1}`);

/** `release_vN` → the hub files that make it up: test, test2 … testN. */
export function releaseFiles(variant: string): string[] {
  const release = Number(/^release_v(\d+)$/.exec(variant)?.[1] ?? 0);
  return Array.from({ length: release }, (_, i) => (i === 0 ? "test" : `test${i + 1}`));
}

function readRelease(root: string, variant: string): SourceRows | null {
  const files = releaseFiles(variant).map((stem) => findDataFile(root, [stem]));
  if (files.length === 0 || files.some((file) => file === null)) return null;
  return concatSources((files as string[]).map(readSourceFile));
}

function transform(source: SourceRows): Record<string, string>[] {
  return source.rows.map((row, index) => ({
    question_id: textCell(source, index, "question_id"),
    question: textCell(source, index, row.question_content == null ? "question" : "question_content"),
    starter_code: row.starter_code == null ? "" : textCell(source, index, "starter_code"),
  }));
}

function gptossPrompt(row: Readonly<Record<string, string>>): string {
  return (
    "You are a python coding expert that solves problems step-by-step.\n" +
    "You must provide the reasoning to arriving at your solution and the code to solve the problem.\n" +
    "Do not try simulating the code execution. The code must be enclosed within ```python delimiters.\n\n\n" +
    `${row.question}\n` +
    "### Format: You will use the following starter code to write the solution to the problem " +
    "and enclose your code within delimiters.\n" +
    "```python\n" +
    `${row.starter_code}\n` +
    "```\n"
  );
}

export const livecodebench: PredefinedDefinition = {
  id: "livecodebench",
  hubRepo: LCB_REPO,
  variants: { default: "release_v6", allowed: LCB_VARIANTS, normalise: (raw) => raw.trim().toLowerCase() },
  cacheSubdir: (variant) => `livecodebench/${variant}`,
  readDirectory(root, variant) {
    const prepared = findDataFile(root, [`livecodebench_${variant}`]);
    return prepared === null ? readRelease(root, variant) : readSourceFile(prepared);
  },
  transform,
  presets: { gptoss: gptossPrompt },
  accuracyDefaults: {
    evalMethod: "code_bench_scorer",
    extractor: "python_code_extractor",
    groundTruthColumn: "question_id",
    numRepeats: 3,
  },
  hubParts: () => null,
  howToProvide: (variant) =>
    `prepare livecodebench_${variant}.parquet with mlcommons/endpoints, or copy the hub files with ` +
    `${hfDownloadCommand(LCB_REPO, "test*.jsonl")}`,
};
