/**
 * @module sweep/run-sweep — a sweep's steps, one full run each, in order: the rates or
 * concurrencies given; `auto` (concurrency 1 for the unloaded latency, max throughput for the
 * capacity, then rates spread between them, as GuideLLM's sweep does); or `find` (the capacity,
 * then sweep/search-rate's bisection for the highest rate that meets the SLO). With `--isl-osl`
 * the rates or concurrencies run once per pair (sweep/grid-cells), skipping cells a resumed
 * directory already holds.
 *
 * Each step writes its own report directory; sweep.json is rewritten after every step (`save`),
 * so a sweep stopped by Ctrl-C — which ends the step under way as an interrupted run — or killed
 * keeps every finished step. Between steps: `coolDownS` of rest. A step that cannot be set up
 * (endpoint unreachable, dataset unreadable) ends the sweep as `failed`, with its error.
 */
import { bracketOf, nextRate, searchConverged, spreadRates, type RateTrial } from "./search-rate.ts";
import { failedStep, stepOf, type StepKind, type SweepStep } from "./sweep-step.ts";
import { mergeStepRuns } from "./step-repeats.ts";
import { thinVerdictWarning } from "./verdict-resolution.ts";
import { settledStep } from "./step-settling.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import { InputError, SetupError } from "../errors.ts";
import { pairName, type IslOsl } from "./grid-cells.ts";

export interface SweepPlan {
  mode: "rates" | "concurrencies" | "auto" | "find";
  /** The rates or concurrencies of `rates`/`concurrencies`. */
  values: readonly number[];
  /** Rates between the unloaded and the capacity run (`auto`). */
  autoSteps: number;
  /** Share of requests (%) that must meet the SLO for a step to pass (`find`). */
  percentile: number | null;
  precision: number;
  maxSteps: number;
  coolDownS: number;
  /** Shell command run before every step (`--before-each-step`), or null. */
  beforeEachStep: string | null;
  /** `--isl-osl` pairs: a grid of every value for each (sweep/grid-cells); empty without one. */
  pairs: readonly IslOsl[];
}

interface SweepAnswer {
  /** The highest rate that passed (null: none did). */
  rate: number | null;
  /** What that step's schedule itself offered (a Poisson draw of n arrivals is the rate ± about 1/√n). */
  scheduled_qps: number | null;
  bracket: [number, number];
  converged: boolean;
  steps: number;
}

export interface SweepResult {
  mode: SweepPlan["mode"];
  /** failed: a step could not be set up (endpoint unreachable, dataset unreadable), so no later one could be. */
  state: "running" | "complete" | "interrupted" | "failed";
  percentile: number | null;
  precision: number | null;
  steps: SweepStep[];
  answer: SweepAnswer | null;
  /** What makes the result less sure than it looks (sweep/verdict-resolution). */
  warnings: string[];
  /** A grid's ISL/OSL pairs (`isl1024-osl128`), in order; each step names its own; empty without a grid, absent from a sweep.json written before grids. */
  pairs?: string[];
}

/** What one step's run (or runs) left. */
interface StepOutcome {
  summary: ResultSummary;
  reportDir: string;
  /** `--runs N`: every run's summary, in order. */
  runs?: ResultSummary[];
  /** `--runs N`: the repeats' warnings (a figure's CV above 5 %); the sweep passes them on, naming the step. */
  warnings?: readonly string[];
}

/** Runs one step and returns its summary (throws when the run fails). */
type StepRunner = (kind: StepKind, offered: number | null, index: number, pair: IslOsl | null) => Promise<StepOutcome>;

interface SweepHooks {
  run: StepRunner;
  /** A grid cell's outcome from an earlier run into the same directory, when it completed there (sweep/resume-cells); else null. */
  finished?: (kind: StepKind, offered: number, pair: IslOsl) => StepOutcome | null;
  save: (result: SweepResult) => void;
  log: (line: string) => void;
  /** True once the user asked the sweep to stop. */
  stopped: () => boolean;
}

const label = (kind: StepKind, offered: number | null) =>
  kind === "rate" ? `rate ${offered} req/s` : kind === "concurrency" ? `concurrency ${offered}` : "max throughput";

/** A sweep of `plan` before its first step: what sweep.json says while nothing has run. */
export function emptySweepResult(plan: SweepPlan): SweepResult {
  return {
    mode: plan.mode,
    state: "running",
    percentile: plan.percentile,
    precision: plan.mode === "find" ? plan.precision : null,
    steps: [],
    answer: null,
    warnings: [],
    pairs: plan.pairs.map(pairName),
  };
}

export async function runSweep(plan: SweepPlan, hooks: SweepHooks): Promise<SweepResult> {
  const result = emptySweepResult(plan);
  let fatal: Error | null = null;
  let ran = 0;
  const step = async (
    kind: StepKind,
    offered: number | null,
    pair: IslOsl | null = null,
  ): Promise<SweepStep | null> => {
    if (hooks.stopped() || fatal) return null;
    const index = result.steps.length + 1;
    const cell = pair ? `${pairName(pair)} ` : "";
    const stepOfOutcome = (o: StepOutcome, judged: number | null): SweepStep => {
      for (const warning of o.warnings ?? [])
        result.warnings.push(`step ${index} (${cell}${label(kind, offered)}): ${warning}`);
      return o.runs
        ? mergeStepRuns(
            o.runs.map((r) => stepOf(index, kind, offered, o.reportDir, r, judged)),
            o.reportDir,
          )
        : stepOf(index, kind, offered, o.reportDir, o.summary, judged);
    };
    const earlier = pair && offered !== null ? (hooks.finished?.(kind, offered, pair) ?? null) : null;
    if (earlier) {
      hooks.log(`sweep: step ${index}: ${cell}${label(kind, offered)}: complete in ${earlier.reportDir}, skipped`);
      const kept = { ...stepOfOutcome(earlier, null), isl_osl: cell.trim() };
      result.steps.push(kept);
      hooks.save(result);
      return kept;
    }
    if (ran++ > 0 && plan.coolDownS > 0) await Bun.sleep(plan.coolDownS * 1000);
    hooks.log(`sweep: step ${index}: ${cell}${label(kind, offered)}`);
    let done: SweepStep;
    try {
      const outcome = await hooks.run(kind, offered, index, pair);
      // Only a rate step is judged: the capacity run queues everything by design.
      done = stepOfOutcome(outcome, kind === "rate" ? plan.percentile : null);
      // A rate step too short for its queue to settle never passes (sweep/step-settling).
      if (kind === "rate") done = settledStep(done, outcome.summary, result.steps);
    } catch (error) {
      done = failedStep(
        index,
        kind,
        offered,
        "",
        (error as Error).message,
        kind === "rate" && plan.percentile !== null,
      );
      // What stops one run from starting stops every later one: the sweep ends here, exiting as the run would.
      if (error instanceof SetupError || error instanceof InputError) fatal = error;
    }
    if (pair) done = { ...done, isl_osl: pairName(pair) };
    result.steps.push(done);
    hooks.save(result);
    if (fatal) return null;
    return done.state === "interrupted" && hooks.stopped() ? null : done;
  };
  const round = (r: number) => Math.round(r * 1000) / 1000;

  if (plan.mode === "rates" || plan.mode === "concurrencies") {
    const kind = plan.mode === "rates" ? "rate" : "concurrency";
    // A grid runs every value for each pair in turn (sweep/grid-cells); without one, the values once.
    const pairs: (IslOsl | null)[] = plan.pairs.length > 0 ? [...plan.pairs] : [null];
    cells: for (const pair of pairs) for (const v of plan.values) if (!(await step(kind, v, pair))) break cells;
  } else if (plan.mode === "auto") {
    const unloaded = await step("concurrency", 1);
    const capacity = unloaded && (await step("max_throughput", null));
    if (unloaded && capacity && unloaded.achieved_qps && capacity.achieved_qps) {
      for (const r of spreadRates(unloaded.achieved_qps, capacity.achieved_qps, plan.autoSteps))
        if (!(await step("rate", round(r)))) break;
    }
  } else {
    const capacity = await step("max_throughput", null);
    // Rounded as every tried rate is, so that trying the capacity itself compares equal to it.
    const c = round(capacity?.achieved_qps ?? 0);
    const trials: RateTrial[] = [];
    for (
      let r = capacity ? nextRate(c, trials, plan.precision, plan.maxSteps) : null;
      r !== null;
      r = nextRate(c, trials, plan.precision, plan.maxSteps)
    ) {
      const tried = await step("rate", round(r));
      if (!tried) break;
      trials.push({ rate: round(r), passed: tried.passed === true });
    }
    const bracket = bracketOf(c, trials);
    const answerStep = result.steps.find((st) => st.kind === "rate" && st.passed === true && st.offered === bracket.lo);
    result.answer = {
      rate: bracket.lo > 0 ? bracket.lo : null,
      scheduled_qps: answerStep?.scheduled_qps ?? null,
      bracket: [bracket.lo, bracket.hi],
      converged: searchConverged(c, trials, plan.precision),
      steps: trials.length,
    };
  }
  const thin = thinVerdictWarning(result.steps, plan.percentile);
  if (thin) result.warnings.push(thin);
  result.state = fatal
    ? "failed"
    : hooks.stopped() || result.steps.some((s) => s.state === "interrupted")
      ? "interrupted"
      : "complete";
  hooks.save(result);
  if (fatal) throw fatal;
  return result;
}
