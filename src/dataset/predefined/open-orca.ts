/**
 * @module dataset/predefined/open-orca — OpenOrca as MLPerf's Llama 2 70B benchmark samples it
 * (`open_orca[::llama2_70b]`): the 24,576 rows MLCommons publishes, with columns `question,
 * system_prompt, output` (scored with rouge against `output`).
 *
 * MLCommons ships them as a pickled pandas DataFrame, which only Python reads; upstream
 * checks its SHA-256 and converts it into `dataset_cache/open_orca/mlperf-inference/
 * open_orca_gpt4_tokenized_llama.sampled_24576.jsonl`. That JSONL is what is read here (or any
 * file with those columns given as `source`); nothing is downloaded. The `llama2_70b` preset is
 * upstream's: `question` is the prompt and `system_prompt` the system message.
 */
import type { PredefinedDefinition } from "./predefined-types.ts";
import { findDataFile, readSourceFile, textCell } from "./source-files.ts";

const VARIANT = "mlperf-inference";
const CACHE_STEM = "open_orca_gpt4_tokenized_llama.sampled_24576";

export const openOrca: PredefinedDefinition = {
  id: "open_orca",
  hubRepo: "Open-Orca/OpenOrca",
  variants: { default: VARIANT, allowed: [VARIANT] },
  cacheSubdir: (variant) => `open_orca/${variant}`,
  readDirectory(root) {
    const file = findDataFile(root, [CACHE_STEM, "open_orca"]);
    return file === null ? null : readSourceFile(file);
  },
  transform: (source) =>
    source.rows.map((_, index) => ({
      question: textCell(source, index, "question"),
      system_prompt: textCell(source, index, "system_prompt"),
      output: textCell(source, index, "output"),
    })),
  presets: { llama2_70b: (row) => row.question ?? "" },
  accuracyDefaults: {
    evalMethod: "rouge",
    extractor: "identity_extractor",
    groundTruthColumn: "output",
    numRepeats: 1,
  },
  hubParts: () => null,
  howToProvide: () =>
    `run mlcommons/endpoints once with open_orca::llama2_70b (it downloads MLCommons' file ` +
    `and writes ${CACHE_STEM}.jsonl under dataset_cache/open_orca/${VARIANT}/), or pass ` +
    `generate_params.source=FILE with question, system_prompt and output columns`,
};
