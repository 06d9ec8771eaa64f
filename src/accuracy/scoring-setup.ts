/**
 * @module accuracy/scoring-setup — how a dataset will be scored, checked before the first request.
 *
 * The scorer names, which of them need an extractor, the extractor names and each scorer's
 * `accuracy_config.extras` live here, apart from the scorers themselves, so that config
 * validation can refuse a scorer we lack (`rouge`), an unknown extractor or an unknown extras key
 * without loading any scoring code. As upstream, `code_bench_scorer` takes no `ground_truth`: it
 * reads the question ids from `extras.question_id_column`.
 */
import { z } from "zod";
import type { DatasetConfig } from "../config/schema/schema.ts";
import { bool, int, text } from "../config/schema/primitives.ts";
import type { AccuracyDefaults } from "../dataset/predefined/predefined-types.ts";
import { InputError } from "../errors.ts";

const NO_EXTRAS = z.strictObject({});

/** `lcb_websocket_port=null` on the command line arrives as a string. */
const nullWord = (v: unknown): unknown => (typeof v === "string" && /^(null|none)$/i.test(v.trim()) ? null : v);

// Coercing primitives: `--dataset` values and `${VAR}` interpolations arrive as strings.
const CODE_BENCH_EXTRAS = z.strictObject({
  lcb_version: text().pipe(z.string().min(1)).default("release_v6"),
  timeout: int(z.number().int().positive()).default(60),
  question_id_column: text().pipe(z.string().min(1)).default("question_id"),
  show_lcb_runner_output: bool().default(true),
  lcb_websocket_port: z.preprocess(nullWord, int(z.number().int().min(1).max(65_535)).nullable()).default(13_835),
});
export type CodeBenchExtras = z.infer<typeof CODE_BENCH_EXTRAS>;

/** The scorers this tool has, with whether configs must name an extractor (upstream's REQUIRES_EXTRACTOR). */
export const SCORER_SPECS = {
  // Scores a conversation run's own turns (accuracy/score-conversations); upstream allows no extractor.
  agentic_inference_inline: {
    requiresExtractor: false,
    extras: z.strictObject({ scores_filename: text().pipe(z.string().min(1)).default("scores.json") }),
  },
  // BFCL v4 single-turn (accuracy/bfcl): upstream requires function_call_extractor, which the scorer applies itself.
  bfcl_v4: { requiresExtractor: true, extras: NO_EXTRAS },
  code_bench_scorer: { requiresExtractor: true, extras: CODE_BENCH_EXTRAS },
  // Ours (upstream's ScorerMethod has no exact_match): like string_match, with case and spacing folded; the whole output unless an extractor is named.
  exact_match: { requiresExtractor: false, extras: NO_EXTRAS },
  pass_at_1: { requiresExtractor: true, extras: NO_EXTRAS },
  // As upstream: an extractor must be named, and is not applied.
  rouge: { requiresExtractor: true, extras: NO_EXTRAS },
  // Not trimmed: the separator's spaces are part of it.
  shopify_category_f1: {
    requiresExtractor: true,
    extras: z.strictObject({ category_separator: z.string().min(1).default(" > ") }),
  },
  // Upstream's every scorer requires an extractor unless it says otherwise, and string_match does not: identity_extractor compares the whole output.
  string_match: { requiresExtractor: true, extras: NO_EXTRAS },
} as const;
export type ScorerName = keyof typeof SCORER_SPECS;

const EXTRACTOR_NAMES = [
  "abcd_extractor",
  "boxed_math_extractor",
  "function_call_extractor",
  "identity_extractor",
  "python_code_extractor",
] as const;
export type ExtractorName = (typeof EXTRACTOR_NAMES)[number];

const SCORER_NAMES = Object.keys(SCORER_SPECS).sort() as ScorerName[];

/** Scorers that send nothing to the endpoint and score through an outside service (upstream's SKIP_ENDPOINT_PHASE). */
const EXTERNAL_SCORERS: readonly string[] = ["swe_bench_scorer"];

export const isExternalScorer = (method: string | null | undefined): boolean =>
  method != null && EXTERNAL_SCORERS.includes(method);

export interface ScoringSetup {
  evalMethod: ScorerName;
  /** null: the whole output is compared (identity). */
  extractor: ExtractorName | null;
  groundTruthColumn: string;
  /** `accuracy_config.ground_truth` as configured (a predefined dataset's own when it fills in), null when unset. */
  groundTruthSetting: string | null;
  numRepeats: number;
  /** `code_bench_scorer`'s extras with upstream's defaults; null for every other scorer. */
  codeBench: CodeBenchExtras | null;
  /** The scorer's extras with their defaults filled in. */
  extras: Record<string, unknown>;
}

type AccuracyConfig = NonNullable<DatasetConfig["accuracy_config"]>;

/** A problem with one `accuracy_config` field (`field` is relative to it) and a hint. */
interface ScoringProblem {
  field: "eval_method" | "extractor" | "ground_truth" | "extras";
  message: string;
}

function isScorer(name: string): name is ScorerName {
  return Object.hasOwn(SCORER_SPECS, name);
}

function isExtractor(name: string): name is ExtractorName {
  return (EXTRACTOR_NAMES as readonly string[]).includes(name);
}

function extrasProblem(scorer: ScorerName, extras: unknown): ScoringProblem | null {
  const parsed = SCORER_SPECS[scorer].extras.safeParse(extras ?? {});
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  const keys = Object.keys(SCORER_SPECS[scorer].extras.shape);
  const known = keys.length === 0 ? `${scorer} takes no extras` : `${scorer} takes: ${keys.join(", ")}`;
  if (issue?.code === "unrecognized_keys")
    return { field: "extras", message: `unknown key '${issue.keys[0]}' (${known})` };
  return { field: "extras", message: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"} (${known})` };
}

/**
 * Everything wrong with an `accuracy_config` that names its scorer; empty when it can be scored.
 * A predefined dataset's own extractor fills in for a missing one.
 */
export function scoringProblems(given: AccuracyConfig, defaultExtractor: string | null = null): ScoringProblem[] {
  const method = given.eval_method;
  if (method === null) return [];
  if (!isScorer(method)) {
    return [
      {
        field: "eval_method",
        message: `'${method}' is not supported by this tool yet (supported: ${SCORER_NAMES.join(", ")})`,
      },
    ];
  }
  const problems: ScoringProblem[] = [];
  const extractor = given.extractor ?? defaultExtractor;
  if (extractor !== null && !isExtractor(extractor)) {
    problems.push({
      field: "extractor",
      message: `unknown extractor '${extractor}' (one of: ${EXTRACTOR_NAMES.join(", ")})`,
    });
  } else if (extractor !== null && method === "agentic_inference_inline") {
    problems.push({
      field: "extractor",
      message: "agentic_inference_inline takes no extractor (it reads the tool calls themselves)",
    });
  } else if (extractor === null && SCORER_SPECS[method].requiresExtractor) {
    problems.push({
      field: "extractor",
      message: `${method} needs an extractor (one of: ${EXTRACTOR_NAMES.join(", ")})`,
    });
  }
  if (method === "code_bench_scorer" && given.ground_truth !== null) {
    problems.push({
      field: "ground_truth",
      message: "code_bench_scorer takes no ground_truth; name the id column in extras.question_id_column",
    });
  }
  const extras = extrasProblem(method, given.extras);
  if (extras) problems.push(extras);
  return problems;
}

/**
 * The setup a dataset is scored with: its `accuracy_config` when that names a scorer, else the
 * predefined dataset's defaults. Throws the first problem as an InputError naming the dataset.
 */
export function resolveScoringSetup(
  datasetName: string,
  given: AccuracyConfig | null,
  defaults: AccuracyDefaults | undefined,
): ScoringSetup {
  const config: AccuracyConfig = given?.eval_method
    ? given
    : {
        eval_method: (defaults?.evalMethod ?? null) as AccuracyConfig["eval_method"],
        extractor: given?.extractor ?? defaults?.extractor ?? null,
        ground_truth:
          given?.ground_truth ??
          (defaults?.evalMethod === "code_bench_scorer" ? null : (defaults?.groundTruthColumn ?? null)),
        num_repeats: given?.num_repeats ?? defaults?.numRepeats ?? 1,
        extras: given?.extras ?? null,
      };
  const [problem] =
    config.eval_method === null
      ? [
          {
            field: "eval_method",
            message: "accuracy datasets need a scorer, e.g. accuracy_config.eval_method=pass_at_1",
          },
        ]
      : scoringProblems(config, defaults?.extractor ?? null);
  if (problem || config.eval_method === null || !isScorer(config.eval_method)) {
    throw new InputError(
      `dataset '${datasetName}': accuracy_config.${problem?.field ?? "eval_method"}: ${problem?.message ?? "unsupported"}`,
    );
  }
  const method = config.eval_method;
  const codeBench = method === "code_bench_scorer" ? CODE_BENCH_EXTRAS.parse(config.extras ?? {}) : null;
  return {
    evalMethod: method,
    extractor: (config.extractor ?? defaults?.extractor ?? null) as ExtractorName | null,
    groundTruthColumn: codeBench ? codeBench.question_id_column : (config.ground_truth ?? "ground_truth"),
    groundTruthSetting: config.ground_truth,
    numRepeats: config.num_repeats,
    codeBench,
    extras: SCORER_SPECS[method].extras.parse(config.extras ?? {}) as Record<string, unknown>,
  };
}
