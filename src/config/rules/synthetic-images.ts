/**
 * @module config/rules/synthetic-images — the random dataset's images (`images=N`, `image_size=WxH`,
 * `image_format=png|jpeg`) refused where they cannot be sent: on another dataset, without `images`,
 * with a size that is not WIDTHxHEIGHT, beside upstream's `generate_params` form or conversations
 * (`turns`), whose generators make text only, and for an api_type whose body has no content part for an
 * image (completions and SGLang's `/generate` carry text or token ids; embeddings and rerank, text).
 */
import { InputError } from "../../errors.ts";
import { parseImageSize } from "../../dataset/image-size.ts";
import type { ConfigProblem } from "../config-error.ts";
import { datasetSource } from "./dataset-options.ts";
import type { Rule } from "./rule-context.ts";

const NO_IMAGE_PARTS: readonly string[] = ["openai_completions", "sglang", "openai_embeddings", "rerank"];
const OPTIONS = ["images", "image_size", "image_format"] as const;

export const syntheticImagesRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const apiType = config.endpoint_config.api_type;
  config.datasets.forEach((dataset, i) => {
    const at = `datasets[${i}]`;
    const given = OPTIONS.filter((key) => dataset[key] !== null);
    if (given.length === 0) return;
    if (datasetSource(dataset) !== "random") {
      for (const key of given)
        problems.push({
          path: `${at}.${key}`,
          message: `${key}= applies to the random dataset only (a file's images are its image columns)`,
        });
      return;
    }
    if (!dataset.images) {
      for (const key of given.filter((k) => k !== "images"))
        problems.push({
          path: `${at}.${key}`,
          message: `${key}= describes the random dataset's images: set images=N (N ≥ 1) too`,
        });
      return;
    }
    if (dataset.image_size !== null) {
      try {
        parseImageSize(dataset.image_size);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        problems.push({ path: `${at}.image_size`, message: error.message.replace(/^image_size=\S+: /, "") });
      }
    }
    if (!dataset.isl || dataset.turns !== null)
      problems.push({
        path: `${at}.images`,
        message:
          dataset.turns !== null
            ? "the random conversations (turns=) are text only; images go with the single-turn random dataset"
            : "images= goes with the random dataset's isl= and osl= (upstream's generate_params form makes text only)",
      });
    if (NO_IMAGE_PARTS.includes(apiType))
      problems.push({
        path: `${at}.images`,
        message: `api_type ${apiType} has no content part for an image (its body carries text or token ids only)`,
      });
  });
  return problems;
};
