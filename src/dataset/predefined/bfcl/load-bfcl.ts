/**
 * @module dataset/predefined/bfcl/load-bfcl — `bfcl_v4[::function_calling]`: BFCL v4's single-turn
 * function-calling set, as mlcommons/endpoints' predefined dataset builds it (bfcl-rows).
 *
 * The data is bfcl-eval's data directory (`BFCL_v4_<subset>.json` and `possible_answer/`), found
 * in this order: `generate_params.source` or the dataset's `path` when it is such a directory;
 * `$BFCL_DATA_DIR`; the `bfcl-eval` Python package when it is installed (`pip install
 * bfcl-eval`, as upstream requires). Nothing is downloaded. The `function_calling` preset keeps
 * messages, tools and tool_choice, which every row has; its scoring defaults are upstream's
 * (bfcl_v4, function_call_extractor, ground_truth).
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { InputError } from "../../../errors.ts";
import type { AccuracyDefaults, PredefinedDataset } from "../predefined-types.ts";
import { bfclRows } from "./bfcl-rows.ts";

const BFCL_ID = "bfcl_v4";
const PRESETS = ["function_calling"];
const PROBE_FILE = "BFCL_v4_simple_python.json";
export const BFCL_ACCURACY_DEFAULTS: AccuracyDefaults = {
  evalMethod: "bfcl_v4",
  extractor: "function_call_extractor",
  groundTruthColumn: "ground_truth",
  numRepeats: 1,
};

const number = z.coerce.number();
const ParamsSchema = z.strictObject({
  source: z.string().min(1).optional(),
  categories: z.array(z.string()).optional(),
  subsets: z.array(z.string()).optional(),
  sample_pct: number.optional(),
  category_sample_pct: z.record(z.string(), number).optional(),
  subset_floor: number.int().optional(),
  max_samples: number.int().min(1).optional(),
  force_regenerate: z.union([z.boolean(), z.string()]).optional(),
});

export const isBfclName = (name: string): boolean => name === BFCL_ID || name.startsWith(`${BFCL_ID}::`);

const isDataDir = (dir: string | undefined | null): dir is string =>
  !!dir && existsSync(dir) && statSync(dir).isDirectory() && existsSync(join(dir, PROBE_FILE));

/** The data directory of an installed bfcl-eval package, or null. */
function pythonPackageData(): string | null {
  for (const python of ["python3", "python"]) {
    if (Bun.which(python) === null) continue;
    const found = Bun.spawnSync([python, "-c", "import bfcl_eval, os; print(os.path.dirname(bfcl_eval.__file__))"], {
      stdout: "pipe",
      stderr: "ignore",
      timeout: 20_000,
    });
    const dir = found.exitCode === 0 ? join(found.stdout.toString().trim(), "data") : null;
    if (isDataDir(dir)) return dir;
  }
  return null;
}

function dataDirectory(
  path: string,
  source: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  for (const candidate of [source, isBfclName(path) ? null : path, env.BFCL_DATA_DIR])
    if (isDataDir(candidate)) return candidate;
  const installed = pythonPackageData();
  if (installed) return installed;
  throw new InputError(`${BFCL_ID}: BFCL's data files (${PROBE_FILE} and possible_answer/) were not found`, {
    hint: "set BFCL_DATA_DIR to bfcl-eval's data directory, pass generate_params.source=DIR, or pip install bfcl-eval",
  });
}

interface BfclOptions {
  env?: Readonly<Record<string, string | undefined>>;
  maxRows?: number | null;
  datasetName?: string | null;
  /** The dataset entry's path: a data directory, or the name itself. */
  path?: string;
}

export function loadBfclDataset(name: string, generateParams: unknown, options: BfclOptions = {}): PredefinedDataset {
  const preset = name.includes("::") ? name.slice(name.indexOf("::") + 2) : null;
  if (preset !== null && !PRESETS.includes(preset))
    throw new InputError(`${BFCL_ID} has no preset '${preset}' (available: ${PRESETS.join(", ")})`);
  const parsed = ParamsSchema.safeParse(generateParams ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(
      `dataset ${name}: invalid generate_params: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
      { hint: `known keys: ${Object.keys(ParamsSchema.shape).join(", ")}` },
    );
  }
  const { source, force_regenerate: _force, ...params } = parsed.data;
  const dir = dataDirectory(options.path ?? name, source, options.env ?? process.env);
  let rows = bfclRows(dir, params);
  if (options.maxRows && options.maxRows < rows.length) rows = rows.slice(0, options.maxRows);
  const columns = ["messages", "tools", "tool_choice", "ground_truth", "func_description", "subset", "sample_id"];
  return {
    name: options.datasetName || name,
    path: dir,
    rows,
    columns,
    accuracyDefaults: { ...BFCL_ACCURACY_DEFAULTS },
    variant: null,
  };
}
