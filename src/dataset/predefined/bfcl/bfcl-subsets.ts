/**
 * @module dataset/predefined/bfcl/bfcl-subsets — BFCL v4's subsets and categories, and which
 * single-turn subsets a `generate_params` selection names (mlcommons/endpoints' BFCLv4 rules).
 *
 * `subsets`, when given, wins over `categories`; with neither, every single-turn subset is
 * used. Multi-turn subsets are dropped: upstream runs them through a separate runner, never as
 * rows of this table. An unknown category is an error (as upstream); an unknown subset is one
 * too (ours: upstream silently selects nothing for it, so a typo ran a smaller benchmark).
 */
import { InputError } from "../../../errors.ts";

/** Every single-turn subset, in the order upstream concatenates the full table. */
export const SINGLE_TURN_SUBSETS = [
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "parallel",
  "parallel_multiple",
  "live_simple",
  "live_multiple",
  "live_parallel",
  "live_parallel_multiple",
  "irrelevance",
  "live_irrelevance",
  "live_relevance",
] as const;

const MULTI_TURN_SUBSETS = [
  "multi_turn_base",
  "multi_turn_miss_func",
  "multi_turn_miss_param",
  "multi_turn_long_context",
] as const;

/** Categories and their subsets. live_relevance belongs to none (it samples at `sample_pct`). */
export const BFCL_CATEGORY_SUBSETS: Readonly<Record<string, readonly string[]>> = {
  non_live: ["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple"],
  live: ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"],
  hallucination: ["irrelevance", "live_irrelevance"],
  multi_turn: MULTI_TURN_SUBSETS,
};

const CATEGORY_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(BFCL_CATEGORY_SUBSETS).flatMap(([category, subsets]) =>
    subsets.map((subset) => [subset, category] as const),
  ),
);
const KNOWN_SUBSETS: ReadonlySet<string> = new Set([...SINGLE_TURN_SUBSETS, ...MULTI_TURN_SUBSETS]);
const MULTI_TURN: ReadonlySet<string> = new Set(MULTI_TURN_SUBSETS);

/** The category a subset belongs to, if any. */
export function categoryOf(subset: string): string | undefined {
  return CATEGORY_OF.get(subset);
}

/** Throws unless `category` is one of BFCL_CATEGORY_SUBSETS' keys. */
export function checkCategory(category: string, field: string): void {
  if (!Object.hasOwn(BFCL_CATEGORY_SUBSETS, category)) {
    throw new InputError(
      `bfcl_v4: unknown ${field} '${category}' (valid: ${Object.keys(BFCL_CATEGORY_SUBSETS).join(", ")})`,
    );
  }
}

/** The single-turn subsets selected, as a set (the table keeps its own order). */
export function selectedSubsets(
  categories: readonly string[] | undefined,
  subsets: readonly string[] | undefined,
): Set<string> {
  let names: readonly string[] = SINGLE_TURN_SUBSETS;
  if (subsets !== undefined) {
    for (const subset of subsets) {
      if (!KNOWN_SUBSETS.has(subset)) {
        throw new InputError(`bfcl_v4: unknown subset '${subset}' (valid: ${[...KNOWN_SUBSETS].join(", ")})`);
      }
    }
    names = subsets;
  } else if (categories !== undefined) {
    for (const category of categories) checkCategory(category, "category");
    names = categories.flatMap((category) => BFCL_CATEGORY_SUBSETS[category] ?? []);
  }
  return new Set(names.filter((name) => !MULTI_TURN.has(name)));
}
