/**
 * @module config/rules/dataset-options — our own dataset options refused where they do nothing:
 * the synthetic lengths (`isl`, `osl`, `prefix`) on anything but `random`, a prompt `template` on
 * `random` (its prompts are generated to length), and the Hugging Face
 * selection (`split`, `config`) on a local file or `random`. Which source an entry is follows the
 * loader (dataset/load-dataset-async): `random` and a predefined id unless a file of that name
 * exists, hf:// and directories are Hugging Face layouts, the rest is a file.
 */
import { existsSync, statSync } from "node:fs";
import { isHfUri } from "../../dataset/dataset-format.ts";
import { isBfclName } from "../../dataset/predefined/bfcl/load-bfcl.ts";
import { isPredefinedDataset } from "../../dataset/predefined/predefined-registry.ts";
import type { ConfigProblem } from "../config-error.ts";
import type { Rule } from "./rule-context.ts";
import type { DraftConfig } from "../schema/schema.ts";

export type DatasetSource = "random" | "predefined" | "huggingface" | "file";

/** Which loader reads the entry (config/rules/replay-datasets asks too). */
export function datasetSource(
  dataset: Pick<DraftConfig["datasets"][number], "path" | "name" | "format">,
): DatasetSource {
  const path = dataset.path ?? dataset.name;
  if (path === "random" && !existsSync(path)) return "random";
  if (isPredefinedDataset(path) && !existsSync(path)) return "predefined";
  if (isHfUri(path) || dataset.format?.replace(/^\./, "").toLowerCase() === "huggingface") return "huggingface";
  return existsSync(path) && statSync(path).isDirectory() ? "huggingface" : "file";
}

const SYNTHETIC = ["isl", "osl", "prefix"] as const;

export const datasetOptionsRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  config.datasets.forEach((dataset, i) => {
    const source = datasetSource(dataset);
    const at = `datasets[${i}]`;
    for (const key of SYNTHETIC) {
      if (dataset[key] !== null && source !== "random")
        problems.push({
          path: `${at}.${key}`,
          message: `${key}= applies to the random dataset only (a ${source} dataset's prompts are its own)`,
        });
    }
    if (dataset.template !== null && source === "random") {
      problems.push({
        path: `${at}.template`,
        message: "builds a prompt from a file's columns; the random dataset's prompts are generated to isl=",
      });
    }
    if (dataset.split !== null && source !== "huggingface") {
      problems.push({
        path: `${at}.split`,
        message: `selects a Hugging Face split (hf://, a dataset directory, format=huggingface); it does nothing for a ${source} dataset`,
      });
    }
    // A predefined dataset takes `config` as its variant (gpqa's, livecodebench's release); BFCL names its subset in the id.
    const configApplies =
      source === "huggingface" || (source === "predefined" && !isBfclName(dataset.path ?? dataset.name));
    if (dataset.config !== null && !configApplies) {
      problems.push({
        path: `${at}.config`,
        message:
          `selects a Hugging Face config (hf://, a dataset directory) or a predefined dataset's ` +
          `variant; it does nothing for a ${source === "predefined" ? "BFCL" : source} dataset`,
      });
    }
  });
  return problems;
};
