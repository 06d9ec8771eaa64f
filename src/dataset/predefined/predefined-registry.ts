/**
 * @module dataset/predefined/predefined-registry — the predefined dataset ids and how a dataset
 * name `<id>[::<preset>]` (upstream's naming) resolves to a definition, a preset and a variant.
 *
 * Ids: `gpqa`, `aime25`, `livecodebench`, `cnn_dailymail`, `open_orca`,
 * `shopify_product_catalogue`, `shopify_product_catalogue_8k`, `legacy_mlperf_deepseek_r1`, plus `gpqa_diamond`, `gpqa_main` and
 * `gpqa_extended`, which name GPQA with its variant fixed (the hub's config names). A name
 * with a known id is predefined even when its preset is wrong, so that the loader reports
 * "gpqa has no preset 'x'" instead of "file not found".
 */
import { InputError } from "../../errors.ts";
import { BFCL_ACCURACY_DEFAULTS, isBfclName } from "./bfcl/load-bfcl.ts";
import { aime25 } from "./aime25.ts";
import { cnnDailyMail } from "./cnn-dailymail.ts";
import { deepseekR1 } from "./deepseek-r1.ts";
import { gpqa, GPQA_VARIANTS } from "./gpqa.ts";
import { livecodebench } from "./livecodebench.ts";
import { openOrca } from "./open-orca.ts";
import { shopifyCatalogue, shopifyCatalogue8k } from "./shopify-catalogue.ts";
import type { AccuracyDefaults, PredefinedDefinition, PresetPrompt } from "./predefined-types.ts";

const DEFINITIONS: readonly PredefinedDefinition[] = [
  gpqa,
  aime25,
  livecodebench,
  cnnDailyMail,
  openOrca,
  shopifyCatalogue,
  shopifyCatalogue8k,
  deepseekR1,
];
const SEPARATOR = "::";

interface IdEntry {
  definition: PredefinedDefinition;
  /** The variant the id itself fixes (`gpqa_main`), else null. */
  variant: string | null;
}

const IDS: ReadonlyMap<string, IdEntry> = new Map<string, IdEntry>([
  ...DEFINITIONS.map((definition): [string, IdEntry] => [definition.id, { definition, variant: null }]),
  ...GPQA_VARIANTS.map((variant): [string, IdEntry] => [`gpqa_${variant}`, { definition: gpqa, variant }]),
]);

/** Every id a predefined dataset name may start with. */
export const PREDEFINED_DATASET_IDS: readonly string[] = [...IDS.keys()];

interface ResolvedName {
  definition: PredefinedDefinition;
  /** The preset's name and prompt builder, or null for the bare columns. */
  preset: { name: string; prompt: PresetPrompt } | null;
  variantFromName: string | null;
}

/** `gpqa::gptoss` → ["gpqa", "gptoss"]; `gpqa` → ["gpqa", null]. */
function splitName(name: string): [string, string | null] {
  const at = name.indexOf(SEPARATOR);
  return at === -1 ? [name.trim(), null] : [name.slice(0, at).trim(), name.slice(at + SEPARATOR.length).trim()];
}

/** True when `name` starts with a predefined dataset id (`gpqa`, `gpqa::gptoss`, `aime25::x`). */
export function isPredefinedDataset(name: string): boolean {
  return IDS.has(splitName(name)[0]) || isBfclName(name);
}

/** Resolves `<id>[::<preset>]`. Throws InputError for an unknown id or preset. */
export function resolvePredefinedName(name: string): ResolvedName {
  const [id, presetName] = splitName(name);
  const entry = IDS.get(id);
  if (entry === undefined) {
    throw new InputError(`'${name}' is not a predefined dataset (available: ${PREDEFINED_DATASET_IDS.join(", ")})`, {
      hint: "give a path to load a file, or one of the predefined names, e.g. gpqa::gptoss",
    });
  }
  const presets = entry.definition.presets;
  if (presetName === null) return { definition: entry.definition, preset: null, variantFromName: entry.variant };
  const prompt = Object.hasOwn(presets, presetName) ? presets[presetName] : undefined;
  if (prompt === undefined) {
    const available = Object.keys(presets);
    throw new InputError(`${id} has no preset '${presetName}' (available: ${available.join(", ")})`, {
      hint: `write ${id}::${available[0] ?? "PRESET"}, or ${id} alone for the dataset's columns without a prompt preset`,
    });
  }
  return { definition: entry.definition, preset: { name: presetName, prompt }, variantFromName: entry.variant };
}

/** The variant to load: from the id, else the option, else the default. Throws InputError. */
export function resolveVariant(
  definition: PredefinedDefinition,
  fromName: string | null,
  fromOption: string | null | undefined,
): string | null {
  const spec = definition.variants;
  const option = fromOption?.trim() ? fromOption : null;
  if (spec === null) {
    if (option === null) return null;
    throw new InputError(`${definition.id} has no variants (got variant '${option}')`, {
      hint: "drop the variant option",
    });
  }
  const normalised = option === null ? null : (spec.normalise ?? ((raw: string) => raw))(option);
  if (normalised !== null && !spec.allowed.includes(normalised)) {
    throw new InputError(`${definition.id} has no variant '${option}' (available: ${spec.allowed.join(", ")})`, {
      hint: `pick one, e.g. variant=${spec.allowed[0]}`,
    });
  }
  if (fromName !== null && normalised !== null && normalised !== fromName) {
    throw new InputError(
      `${definition.id}: the name fixes variant '${fromName}' but variant '${option}' was also given`,
      {
        hint: `use ${definition.id} with variant=${normalised}, or drop the variant option`,
      },
    );
  }
  return fromName ?? normalised ?? spec.default;
}

/** The scoring defaults of the predefined dataset `name` names, or undefined (not predefined). */
export function predefinedAccuracyDefaults(name: string): AccuracyDefaults | undefined {
  if (isBfclName(name)) return BFCL_ACCURACY_DEFAULTS;
  return IDS.get(splitName(name)[0])?.definition.accuracyDefaults;
}
