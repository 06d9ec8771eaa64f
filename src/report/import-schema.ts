/**
 * @module report/import-schema — an imported run's source facts as events.db stores them (`import_source`),
 * and result_summary.json's `import` block built from them (report/import-figures), as zod schemas.
 *
 * The stored form is what `inference-endpoint import` measured of the source; the block adds our
 * figure beside each of the source's and why they differ, so `report DIR` rebuilds it from events.db alone.
 */
import { z } from "zod";

/** events.db's `run` key holding the stored form. */
export const IMPORT_META_KEY = "import_source";

const StoredFigureSchema = z.strictObject({
  key: z.string(),
  source: z.number().nullable(),
  field: z.string(),
  alternatives: z.array(z.strictObject({ value: z.number().nullable(), why: z.string() })),
  definition: z.string().optional(),
  oursMissing: z.string().optional(),
});

export const StoredImportSchema = z.strictObject({
  tool: z.enum(["upstream", "aiperf", "guidellm", "vllm"]),
  name: z.string(),
  version: z.string().nullable(),
  files: z.array(z.string()),
  label: z.string().nullable(),
  notes: z.array(z.string()),
  figures: z.array(StoredFigureSchema),
});

export type StoredImport = z.infer<typeof StoredImportSchema>;
export type StoredFigure = z.infer<typeof StoredFigureSchema>;

const ImportFigureSchema = z.strictObject({
  label: z.string(),
  unit: z.string(),
  ours: z.number().nullable(),
  source: z.number().nullable(),
  source_field: z.string(),
  diff_pct: z.number().nullable().describe("(ours − source) / source × 100; null when either is missing"),
  note: z
    .string()
    .nullable()
    .describe("null when the two agree within 1 %; else why they differ, or 'not in the source'"),
  recomputed: z
    .number()
    .nullable()
    .describe(
      "the source's figure recomputed from its per-request data the way the note names (its method, rows or definition)",
    ),
});

export const ImportBlockSchema = z.strictObject({
  source_tool: z.enum(["upstream", "aiperf", "guidellm", "vllm"]),
  source_name: z.string(),
  source_version: z.string().nullable(),
  files: z.array(z.string()),
  label: z.string().nullable().describe("the benchmark of a file holding several"),
  notes: z.array(z.string()),
  figures: z.record(z.string(), ImportFigureSchema),
});

export type ImportBlock = z.infer<typeof ImportBlockSchema>;
export type ImportFigure = z.infer<typeof ImportFigureSchema>;
