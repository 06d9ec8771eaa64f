/**
 * @module dataset/predefined/cnn-dailymail — CNN/DailyMail (`cnn_dailymail[::llama3_8b]`): the
 * 13,368 validation articles of hub repository `abisee/cnn_dailymail`, config `3.0.0`, as columns
 * `article, highlights` (the MLPerf Llama 3.1 8B summarisation set, scored with rouge against
 * `highlights`).
 *
 * Sources understood: the hub snapshot or its Parquet conversion (`3.0.0/validation-*.parquet`),
 * or upstream's prepared `dataset_cache/cnn_dailymail/cnn_dailymail.parquet` (or any file
 * given as `source`). `max_samples` keeps a seeded random subset, drawn as upstream draws it.
 * The `llama3_8b` preset is upstream's: its summarisation prompt, and a `chat_template` that
 * sends the bare message contents after the BOS token (the legacy MLPerf tokenisation), which the
 * chat request carries.
 */
import type { PredefinedDefinition } from "./predefined-types.ts";
import { hfDownloadCommand } from "./source-locate.ts";
import { findDataFile, readHubConfig, readSourceFile, textCell } from "./source-files.ts";

const CNN_REPO = "abisee/cnn_dailymail";
const CONFIG = "3.0.0";
const SPLIT = "validation";
/** The preset's output budget, which its prompt states. */
const SUMMARY_TOKENS = 128;

const LLAMA3_CHAT_TEMPLATE =
  "{{- bos_token }}{%- for message in messages %}{{ message['content'] | trim }}{%- endfor %}";

export const cnnDailyMail: PredefinedDefinition = {
  id: "cnn_dailymail",
  hubRepo: CNN_REPO,
  variants: null,
  cacheSubdir: () => "cnn_dailymail",
  readDirectory(root) {
    const prepared = findDataFile(root, ["cnn_dailymail"]);
    return prepared !== null ? readSourceFile(prepared) : readHubConfig(root, CONFIG, SPLIT);
  },
  transform: (source) =>
    source.rows.map((_, index) => ({
      article: textCell(source, index, "article"),
      highlights: textCell(source, index, "highlights"),
    })),
  presets: {
    llama3_8b: (row) => ({
      prompt:
        `Summarize the following news article in ${SUMMARY_TOKENS} tokens. Please output the ` +
        `summary only, without any other text.\n\nArticle:\n${row.article}\n\nSummary:`,
      chat_template: LLAMA3_CHAT_TEMPLATE,
    }),
  },
  accuracyDefaults: {
    evalMethod: "rouge",
    extractor: "identity_extractor",
    groundTruthColumn: "highlights",
    numRepeats: 1,
  },
  hubParts: () => [{ config: CONFIG, split: SPLIT }],
  howToProvide: () => `download it with ${hfDownloadCommand(CNN_REPO, `${CONFIG}/validation-*`)}`,
};
