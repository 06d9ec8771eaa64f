/**
 * @module sweep/sweep-flags — the flags `sweep` adds to `benchmark online`'s, and the plan they
 * make (sweep/run-sweep). Exactly one of --rates, --concurrencies, --sweep auto or --find.
 * The search's pass mark is the SLO's own share (`--slo …,p=95`, YAML `slo.percentile`, default 99),
 * parsed by config/slo as for a benchmark: sweep/sweep-from-argv reads it off the checked config.
 */
import { RATE_LOAD_PATTERNS } from "../load-pattern/load-patterns.ts";
import type { FlagSpec } from "../config/flags.ts";
import { DEFAULT_SLO_PERCENTILE } from "../config/slo.ts";
import { InputError } from "../errors.ts";
import { parseIslOslList } from "./grid-cells.ts";
import type { SweepPlan } from "./run-sweep.ts";

const flag = (
  name: string,
  path: string,
  kind: FlagSpec["kind"],
  description: string,
  defaultText?: string,
  extra: Partial<FlagSpec> = {},
): FlagSpec => ({
  flag: name,
  aliases: [],
  path,
  kind,
  description,
  commands: ["sweep"],
  ...(defaultText ? { defaultText } : {}),
  ...extra,
});

export const SWEEP_FLAGS: readonly FlagSpec[] = [
  flag("--rates", "sweep.rates", "list", "one run per offered rate (req/s), e.g. 10,20,40", undefined, {
    commaSeparated: true,
  }),
  flag("--concurrencies", "sweep.concurrencies", "list", "one run per concurrency, e.g. 1,8,64", undefined, {
    commaSeparated: true,
  }),
  flag(
    "--sweep",
    "sweep.auto",
    "enum",
    "auto: concurrency 1 (unloaded), max throughput (capacity), then --sweep-steps rates between",
    undefined,
    { choices: ["auto"] },
  ),
  flag(
    "--sweep-steps",
    "sweep.steps",
    "integer",
    "rates between the unloaded and the capacity run (--sweep auto)",
    "5",
  ),
  flag(
    "--find",
    "sweep.find",
    "enum",
    "max-goodput: the highest rate whose requests meet --slo at p (…,p=99), by bisection from the capacity",
    undefined,
    { choices: ["max-goodput"] },
  ),
  flag(
    "--precision",
    "sweep.precision",
    "string",
    "--find stops when the bracket is this close (percent of its lower end)",
    "5%",
  ),
  flag(
    "--max-steps",
    "sweep.max_steps",
    "integer",
    "--find tries at most this many rates (besides the capacity run)",
    "10",
  ),
  flag("--cool-down", "sweep.cool_down_s", "number", "seconds of rest between steps", "0"),
  flag(
    "--before-each-step",
    "sweep.before_each_step",
    "string",
    "shell command run before every step, e.g. curl -X POST HOST/reset_prefix_cache so each starts cold; not exit 0 ends the sweep",
    "none",
  ),
  flag(
    "--isl-osl",
    "sweep.isl_osl",
    "list",
    "a grid: every rate or concurrency for each INPUT/OUTPUT token pair (random dataset), e.g. 1024/128,8192/1024; resumable",
    undefined,
    { commaSeparated: true },
  ),
];

const numbers = (flagName: string, values: unknown): number[] =>
  (values as string[]).map((v) => {
    const n = Number(v);
    if (!(n > 0) || !Number.isFinite(n))
      throw new InputError(`${flagName}: '${v}' is not a positive number`, { hint: `e.g. ${flagName} 10,20,40` });
    return n;
  });

/**
 * The plan and output directory from parsed overrides; the other overrides are the steps'. `percentile` is the
 * SLO's share as the steps' config resolves it (null: not given); only a search judges by it.
 */
export function parseSweepFlags(
  all: Record<string, unknown>,
  percentile: number | null = null,
): { plan: SweepPlan; outDir: string | null; overrides: Record<string, unknown> } {
  const sweep = Object.fromEntries(
    Object.entries(all)
      .filter(([k]) => k.startsWith("sweep."))
      .map(([k, v]) => [k.slice(6), v]),
  );
  const overrides = Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith("sweep.")));
  const chosen = ["rates", "concurrencies", "auto", "find"].filter((k) => sweep[k] !== undefined);
  if (chosen.length !== 1) {
    throw new InputError(
      chosen.length === 0
        ? "sweep needs --rates, --concurrencies, --sweep auto or --find max-goodput"
        : `sweep takes one of --rates, --concurrencies, --sweep, --find; got ${chosen.map((c) => `--${c === "auto" ? "sweep" : c}`).join(" and ")}`,
      {
        hint: "e.g. --rates 10,20,40, or --find max-goodput --slo ttft:500ms",
      },
    );
  }
  const mode = chosen[0] as SweepPlan["mode"];
  // A knob of another kind of sweep would do nothing here: refused, never ignored.
  const forKind: [key: string, flag: string, kind: SweepPlan["mode"], kindFlag: string][] = [
    ["precision", "--precision", "find", "--find max-goodput"],
    ["max_steps", "--max-steps", "find", "--find max-goodput"],
    ["steps", "--sweep-steps", "auto", "--sweep auto"],
  ];
  for (const [key, flagName, kind, kindFlag] of forKind) {
    if (sweep[key] !== undefined && mode !== kind)
      throw new InputError(`${flagName} is for ${kindFlag}; this sweep has fixed steps or another kind`, {
        hint: `drop ${flagName}, or use ${kindFlag}`,
      });
  }
  const precisionText = String(sweep.precision ?? "5%");
  const precision = Number(precisionText.replace(/%$/, "")) / 100;
  if (!(precision > 0 && precision < 1))
    throw new InputError(`--precision ${precisionText}: expected a percentage between 0 and 100, e.g. 5%`);
  // "0.05" could mean 5 % (a fraction) or 0.05 %: below 1 the unit must be written.
  if (!precisionText.endsWith("%") && precision < 0.01)
    throw new InputError(
      `--precision ${precisionText}: a percentage below 1 needs its %, e.g. ${precisionText}% (or 5% for a twentieth)`,
    );
  const values =
    mode === "rates"
      ? numbers("--rates", sweep.rates)
      : mode === "concurrencies"
        ? numbers("--concurrencies", sweep.concurrencies)
        : [];
  const fractional = mode === "concurrencies" ? values.find((v) => !Number.isInteger(v)) : undefined;
  if (fractional !== undefined)
    throw new InputError(`--concurrencies: '${fractional}' is not a whole number of requests`, {
      hint: "e.g. --concurrencies 1,8,64",
    });
  const atLeast = (key: string, flagName: string, min: number) => {
    const v = sweep[key] as number | undefined;
    if (v !== undefined && !(v >= min)) throw new InputError(`${flagName} ${v}: expected at least ${min}`);
  };
  // A grid repeats fixed steps per pair; an adaptive sweep's steps depend on each other, so a grid of them is refused.
  if (sweep.isl_osl !== undefined && mode !== "rates" && mode !== "concurrencies")
    throw new InputError("--isl-osl makes a grid of --rates or --concurrencies; not of --sweep auto or --find", {
      hint: "e.g. --concurrencies 1,4,16 --isl-osl 1024/128,8192/1024",
    });
  atLeast("max_steps", "--max-steps", 1);
  atLeast("steps", "--sweep-steps", 0);
  atLeast("cool_down_s", "--cool-down", 0);
  return {
    plan: {
      mode,
      values,
      autoSteps: (sweep.steps as number | undefined) ?? 5,
      percentile: mode === "find" ? (percentile ?? DEFAULT_SLO_PERCENTILE) : null,
      precision,
      maxSteps: (sweep.max_steps as number | undefined) ?? 10,
      coolDownS: (sweep.cool_down_s as number | undefined) ?? 0,
      beforeEachStep:
        typeof sweep.before_each_step === "string" && sweep.before_each_step.trim() !== ""
          ? sweep.before_each_step
          : null,
      pairs: sweep.isl_osl === undefined ? [] : parseIslOslList(sweep.isl_osl as string[]),
    },
    outDir: typeof overrides.report_dir === "string" ? overrides.report_dir : null,
    overrides,
  };
}

/** Arrival processes a rate step may use (the first, poisson, is the default): load-pattern/load-patterns' rate patterns. */
const RATE_PATTERNS: readonly string[] = RATE_LOAD_PATTERNS;
/** Flags whose value the sweep sets for every step itself. */
const STEP_TARGETS: [field: string, flag: string, what: string][] = [
  ["target_qps", "--target-qps", "rate"],
  ["target_concurrency", "--concurrency", "concurrency"],
];

/**
 * The load pattern of the sweep's rate steps, from --load-pattern or else the config's
 * `settings.load_pattern.type`; and warnings for the config's targets the steps replace.
 * A flag that sets a step's target, or a pattern the sweep's steps cannot have, is refused.
 */
export function stepPattern(
  mode: SweepPlan["mode"],
  overrides: Record<string, unknown>,
  yaml: unknown,
): { ratePattern: string; warnings: string[] } {
  for (const [field, flagName, what] of STEP_TARGETS) {
    if (overrides[`settings.load_pattern.${field}`] !== undefined)
      throw new InputError(`${flagName}: the sweep sets each step's ${what} itself`, {
        hint: `drop ${flagName}; --rates, --concurrencies, --sweep auto or --find choose the steps`,
      });
  }
  const configured = (yaml as { settings?: { load_pattern?: Record<string, unknown> } } | undefined)?.settings
    ?.load_pattern;
  const fromFlag = overrides["settings.load_pattern.type"];
  const type =
    typeof fromFlag === "string" ? fromFlag : typeof configured?.type === "string" ? configured.type : undefined;
  const where = typeof fromFlag === "string" ? "--load-pattern" : "the config's settings.load_pattern.type";
  const allowed = mode === "concurrencies" ? ["concurrency"] : RATE_PATTERNS;
  if (type !== undefined && !allowed.includes(type)) {
    throw new InputError(
      `${where} ${type}: ` +
        `${mode === "concurrencies" ? "--concurrencies steps are closed-loop (concurrency)" : `this sweep's rate steps take ${allowed.join(", ")}`}`,
      { hint: "drop it, or choose a sweep of that kind" },
    );
  }
  const warnings = STEP_TARGETS.filter(([field]) => configured?.[field] != null).map(
    ([field]) =>
      `the config's settings.load_pattern.${field} (${String(configured?.[field])}) is replaced by each step's own`,
  );
  return { ratePattern: mode === "concurrencies" ? "poisson" : (type ?? "poisson"), warnings };
}
