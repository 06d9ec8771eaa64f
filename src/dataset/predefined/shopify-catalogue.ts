/**
 * @module dataset/predefined/shopify-catalogue — the MLPerf Qwen3-VL product-taxonomy sets,
 * `shopify_product_catalogue[::q3vl]` (hub `Shopify/product-catalogue`, splits train+test) and
 * `shopify_product_catalogue_8k[::q3vl]` (`nvidia/Shopify-product-catalogue-8k`, train), scored
 * with `shopify_category_f1` against `ground_truth_category`.
 *
 * Read from upstream's prepared copy, `dataset_cache/<id>/<splits>/<id>_<splits>.parquet`
 * (`generate_params.split: [train, test]` joined with `+`), or any file of its columns given as
 * `source`: the hub's own files hold each image as an encoded struct that upstream re-encodes
 * with PIL, which this tool cannot reproduce, so they are not read. The `q3vl` preset is upstream's
 * : a system message with the task and ProductMetadata's JSON schema, and a user message of
 * two content parts, the product text and the image as a data URI.
 */
import type { PredefinedDefinition } from "./predefined-types.ts";
import { shopifyPrompt, SHOPIFY_COLUMNS, SHOPIFY_SYSTEM } from "./shopify-prompt.ts";
import { findDataFile, readSourceFile, textCell } from "./source-files.ts";

function catalogue(id: string, hubRepo: string, splits: string): PredefinedDefinition {
  return {
    id,
    hubRepo,
    // The variant is the split key: "train+test", or "train" for the 8k set.
    variants: {
      default: splits,
      allowed: [splits, "train", "test", "train+test"].filter((v, i, all) => all.indexOf(v) === i),
    },
    cacheSubdir: (variant) => `${id}/${variant}`,
    readDirectory(root, variant) {
      const file = findDataFile(root, [`${id}_${variant}`]);
      return file === null ? null : readSourceFile(file);
    },
    transform: (source) =>
      source.rows.map((_, index) =>
        Object.fromEntries(SHOPIFY_COLUMNS.map((column) => [column, textCell(source, index, column)])),
      ),
    presets: { q3vl: (row) => ({ system: SHOPIFY_SYSTEM, prompt: shopifyPrompt(row) }) },
    accuracyDefaults: {
      evalMethod: "shopify_category_f1",
      extractor: "identity_extractor",
      groundTruthColumn: "ground_truth_category",
      numRepeats: 1,
    },
    hubParts: () => null,
    howToProvide: (variant) =>
      `run mlcommons/endpoints once with ${id}::q3vl (it writes ` +
      `dataset_cache/${id}/${variant}/${id}_${variant}.parquet with the images as base64), or ` +
      `pass generate_params.source=FILE with those columns`,
  };
}

export const shopifyCatalogue = catalogue("shopify_product_catalogue", "Shopify/product-catalogue", "train+test");
export const shopifyCatalogue8k = catalogue(
  "shopify_product_catalogue_8k",
  "nvidia/Shopify-product-catalogue-8k",
  "train",
);
