/**
 * @module load-pattern/load-patterns — every load pattern by its name: what it is, whether we run it, how its phase is scheduled and judged.
 *
 * The one place to read or add a load pattern (CONTRIBUTING, "Adding a load pattern"). The config's
 * `settings.load_pattern.type` accepts these names (config/schema/settings), validation refuses the
 * unsupported ones and the knobs a pattern does not take (config/rules/load), a phase's schedule
 * follows its `schedule` (load-pattern/schedule), and the report judges its sends by `judged` and
 * `openingBurst` (metrics/load-generator-health). The worker's send loop sends any plan.
 */
import type { ArrivalKind } from "./arrivals.ts";

/** Our own knobs of settings.load_pattern, each taken only by the patterns that list it. */
type Knob = "burstiness" | "ramp_up_s" | "max_concurrency" | "trace_speedup";

interface LoadPatternSpec {
  /** false: a name upstream has that validation refuses ("not supported yet"). */
  supported: boolean;
  /** After the name in `--load-pattern`'s help, when it needs a word. */
  note?: string;
  /**
   * How a phase is scheduled: `arrivals` at instants from the phase start (open loop, driven by
   * --target-qps); `slots` that send again as each request ends (closed loop, --concurrency);
   * `at-once`, every request due at the start; `own-plan`, planned by its workload (conversations'
   * turns, a trace's recorded instants) and as at-once for its accuracy phases.
   */
  schedule: "arrivals" | "slots" | "at-once" | "own-plan";
  /** The arrival process of an `arrivals` pattern (load-pattern/arrivals). */
  arrivals?: ArrivalKind;
  /** Its send instants follow a schedule, so the schedule offers a rate (result_summary's scheduled_qps). */
  offersRate: boolean;
  /** The load generator's verdict judges its sends against their instants (max_throughput's are all due at once). */
  judged: boolean;
  /** Its opening sends are due together by design (every slot opens at the start): the verdict leaves them out. */
  openingBurst: boolean;
  /** The report finds its in-flight plateau (metrics/steady-state). */
  steadyState: boolean;
  knobs: readonly Knob[];
}

const RATE_KNOBS: readonly Knob[] = ["ramp_up_s", "max_concurrency"];

export const LOAD_PATTERNS = {
  max_throughput: {
    supported: true,
    schedule: "at-once",
    offersRate: false,
    judged: false,
    openingBurst: false,
    steadyState: false,
    knobs: [],
  },
  poisson: {
    supported: true,
    schedule: "arrivals",
    arrivals: "poisson",
    offersRate: true,
    judged: true,
    openingBurst: false,
    steadyState: true,
    knobs: RATE_KNOBS,
  },
  concurrency: {
    supported: true,
    schedule: "slots",
    offersRate: false,
    judged: true,
    openingBurst: true,
    steadyState: true,
    knobs: ["ramp_up_s"],
  },
  constant: {
    supported: true,
    note: "fixed gaps",
    schedule: "arrivals",
    arrivals: "constant",
    offersRate: true,
    judged: true,
    openingBurst: false,
    steadyState: true,
    knobs: RATE_KNOBS,
  },
  gamma: {
    supported: true,
    note: "see --burstiness",
    schedule: "arrivals",
    arrivals: "gamma",
    offersRate: true,
    judged: true,
    openingBurst: false,
    steadyState: true,
    knobs: [...RATE_KNOBS, "burstiness"],
  },
  agentic_inference: {
    supported: true,
    note: "conversations",
    schedule: "own-plan",
    offersRate: false,
    judged: true,
    openingBurst: false,
    steadyState: false,
    knobs: [],
  },
  burst: {
    supported: false,
    schedule: "at-once",
    offersRate: false,
    judged: false,
    openingBurst: false,
    steadyState: false,
    knobs: [],
  },
  step: {
    supported: false,
    schedule: "at-once",
    offersRate: false,
    judged: false,
    openingBurst: false,
    steadyState: false,
    knobs: [],
  },
  trace: {
    supported: true,
    note: "recorded send times",
    schedule: "own-plan",
    offersRate: true,
    judged: true,
    openingBurst: false,
    steadyState: false,
    knobs: ["max_concurrency", "trace_speedup"],
  },
} as const satisfies Record<string, LoadPatternSpec>;

type LoadPatternType = keyof typeof LOAD_PATTERNS;

const NAMES = Object.keys(LOAD_PATTERNS) as LoadPatternType[];

/** Every name the config accepts, in upstream's order then ours. */
export const LOAD_PATTERN_TYPES = NAMES as [LoadPatternType, ...LoadPatternType[]];
/** The patterns we run; validation refuses the others. */
export const SUPPORTED_LOAD_PATTERNS = NAMES.filter((name) => LOAD_PATTERNS[name].supported);
/** Open-loop patterns driven by a request rate (--target-qps). */
export const RATE_LOAD_PATTERNS = NAMES.filter((name) => LOAD_PATTERNS[name].schedule === "arrivals");

/** The spec of a pattern named in a config or a report (null for a name we do not know). */
export const loadPatternSpec = (name: string): LoadPatternSpec | null =>
  Object.hasOwn(LOAD_PATTERNS, name) ? LOAD_PATTERNS[name as LoadPatternType] : null;

/** Whether pattern `name` takes `knob` (config/rules/load refuses it elsewhere). */
export const takesKnob = (name: string, knob: Knob): boolean => loadPatternSpec(name)?.knobs.includes(knob) ?? false;

/** `--load-pattern`'s help: the supported names, each with its note. */
export const loadPatternHelp = (): string =>
  SUPPORTED_LOAD_PATTERNS.map((name) => {
    const note = (LOAD_PATTERNS[name] as LoadPatternSpec).note;
    return note ? `${name} (${note})` : name;
  }).join(" | ");
