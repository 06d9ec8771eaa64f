/**
 * @module config/dataset-spec — `--dataset [perf:|acc:]PATH[,key=value…]` (upstream's
 * grammar) into a validated dataset entry, e.g.
 * `acc:gpqa.jsonl,accuracy_config.eval_method=pass_at_1,max_rows=50`.
 */
import { InputError } from "../errors.ts";
import { formatProblem } from "./config-error.ts";
import { splitDatasetSpec } from "./dataset-spec-grammar.ts";
import type { DatasetConfig } from "./schema/schema.ts";
import { DatasetConfigSchema } from "./schema/dataset.ts";
import { ONE_SHOT_PARSE } from "./schema/primitives.ts";
import { issueToProblems } from "./zod-issues.ts";

export { PARSER_TARGETS } from "./dataset-spec-grammar.ts";

const DATASET_SPEC_HINT =
  "format: [perf:|acc:]PATH[,key=value,...], e.g. --dataset data.jsonl,parser.prompt=text_input,max_rows=100";

type DatasetSpecResult = { ok: true; value: DatasetConfig } | { ok: false; message: string };

/** Parses and validates one `--dataset` string without throwing. */
export function tryParseDatasetSpec(spec: string): DatasetSpecResult {
  const fail = (detail: string): DatasetSpecResult => ({
    ok: false,
    message: `invalid --dataset '${spec}': ${detail}`,
  });
  const split = splitDatasetSpec(spec);
  if (!split.ok) return fail(split.message);
  const result = DatasetConfigSchema.safeParse(split.value, ONE_SHOT_PARSE);
  if (result.success) return { ok: true, value: result.data };
  // Issue paths are relative to the dataset; anchor them so unknown keys get suggestions.
  const details = result.error.issues
    .flatMap((issue) => issueToProblems({ ...issue, path: ["datasets", 0, ...issue.path] }))
    .map((problem) => formatProblem({ ...problem, path: problem.path.replace(/^datasets\[0\]\.?/, "") }));
  return fail(details.join("; "));
}

/** Parses one `--dataset` string; throws InputError "invalid --dataset '…': …" (exit 2). */
export function parseDatasetSpec(spec: string): DatasetConfig {
  const result = tryParseDatasetSpec(spec);
  if (!result.ok) throw new InputError(result.message, { hint: DATASET_SPEC_HINT });
  return result.value;
}
