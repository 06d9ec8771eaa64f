/**
 * @module dataset/predefined/load-predefined — `loadPredefinedDataset("gpqa::gptoss")`: finds the
 * dataset's data (source-locate), keeps a seeded subset when asked (`maxSamples`, drawn like
 * upstream's `Random(seed).sample(range(n), k)`), turns source rows into the dataset's
 * columns, builds `prompt` with the preset (or a `template`), keeps the first `max_rows` rows,
 * and applies the same column remap and prompt check as any other dataset.
 *
 * Without a preset the rows have no `prompt`; the usual prompt detection then picks
 * `question`, as upstream would. Nothing is written except the hub cache when the data
 * is downloaded (source-locate). The result carries the dataset's accuracy defaults for the
 * caller to use when the config has no `accuracy_config`.
 */
import { join } from "node:path";
import { InputError } from "../../errors.ts";
import { PythonRandom } from "../../rng/python-random.ts";
import { collectColumns, remapColumns } from "../column-remap.ts";
import type { DatasetRow } from "../file-rows.ts";
import { assertOneChoicePerRow, assertRowsHavePrompts } from "../prompt-check.ts";
import { applyPromptTemplate } from "../prompt-template.ts";
import { resolvePredefinedName, resolveVariant } from "./predefined-registry.ts";
import type { PredefinedDataset, PredefinedOptions, SourceRows } from "./predefined-types.ts";
import { sampleIndices } from "./python-sample.ts";
import { readPredefinedSource } from "./source-locate.ts";

export { isPredefinedDataset, PREDEFINED_DATASET_IDS } from "./predefined-registry.ts";
export type { AccuracyDefaults, PredefinedDataset, PredefinedOptions } from "./predefined-types.ts";

/** Upstream's default seed for choice shuffles and sub-sampling. */
const DEFAULT_PREDEFINED_SEED = 0;

/** A seeded random subset of `maxSamples` rows in draw order (all rows when it is not smaller). */
function selectSourceRows(source: SourceRows, maxSamples: number | null | undefined, seed: number): SourceRows {
  if (maxSamples === null || maxSamples === undefined || maxSamples >= source.rows.length) return source;
  if (!Number.isInteger(maxSamples) || maxSamples < 1) {
    throw new InputError(`max_samples must be a positive integer, got ${maxSamples}`);
  }
  const picked = sampleIndices(new PythonRandom(seed), source.rows.length, maxSamples);
  return {
    path: source.path,
    rows: picked.map((index) => source.rows[index] as DatasetRow),
    locate: (index) => source.locate(picked[index] as number),
  };
}

/** Loads a predefined dataset by name. Throws InputError (exit 2) or SetupError (exit 3). */
export async function loadPredefinedDataset(name: string, options: PredefinedOptions = {}): Promise<PredefinedDataset> {
  const { definition, preset, variantFromName } = resolvePredefinedName(name);
  const variant = resolveVariant(definition, variantFromName, options.variant);
  const seed = options.seed ?? DEFAULT_PREDEFINED_SEED;
  const label = variant === null ? definition.id : `${definition.id} (${variant})`;
  const source = await readPredefinedSource(definition, variant ?? "", {
    env: options.env ?? process.env,
    source: options.source ?? null,
    cacheDir: options.cacheDir ?? join(process.cwd(), "dataset_cache"),
    fetch: options.fetch,
    label,
  });
  if (definition.maxSamplesRefusal && options.maxSamples !== null && options.maxSamples !== undefined) {
    throw new InputError(`${name}: generate_params.max_samples: ${definition.maxSamplesRefusal}`);
  }
  const selected = selectSourceRows(source, options.maxSamples, seed);
  let rows: DatasetRow[] = definition.transform(selected, seed);
  if (preset !== null && options.template) {
    throw new InputError(`${name}: template and the preset '${preset.name}' both set the prompt`, {
      hint: `drop the preset (${definition.id}) to build the prompt from the template`,
    });
  }
  if (preset !== null) {
    rows = rows.map((row) => {
      const built = preset.prompt(row as Record<string, string>);
      return { ...row, ...(typeof built === "string" ? { prompt: built } : built) };
    });
  }
  if (options.template) rows = applyPromptTemplate(rows, collectColumns(rows), options.template, selected.locate, name);
  if (options.maxRows && options.maxRows < rows.length) rows = rows.slice(0, options.maxRows);
  const datasetName = options.name || name;
  // A dataset whose prompt is token ids (DeepSeek-R1) keeps its text columns as they are, as upstream.
  const tokenPrompts = rows.length > 0 && rows.every((row) => Array.isArray(row.input_tokens));
  const remapped = remapColumns(rows, collectColumns(rows), options.parser, datasetName, !tokenPrompts);
  assertRowsHavePrompts(remapped.rows, remapped.columns, selected.locate, remapped.sources);
  assertOneChoicePerRow(remapped.rows, selected.locate);
  return {
    name: datasetName,
    path: source.path,
    rows: remapped.rows,
    columns: remapped.columns,
    accuracyDefaults: { ...definition.accuracyDefaults },
    variant,
  };
}
