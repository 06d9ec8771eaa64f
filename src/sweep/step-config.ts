/**
 * @module sweep/step-config — what a sweep sets for each kind of step over the user's flags and
 * config: the load pattern and its rate or concurrency, and how long a step lasts. Pure.
 *
 * Sized by duration (`--duration`, no `--num-samples`), a step lasts about that long: a rate step
 * sends rate × duration requests (a benchmark's own count adds 10 % and pads to the dataset's
 * size, which at a low rate stretches a step far past the duration), and a concurrency or
 * capacity step stops issuing at the duration. Sized by `--num-samples`, every step sends that many.
 */
import type { StepKind } from "./sweep-step.ts";

export interface StepSettings {
  /** The rate steps' arrival process: poisson, constant or gamma. */
  ratePattern: string;
  /** The rate steps' streaming, which the capacity step copies (offline's own default is off). */
  streaming: string | null;
  /** Set when runs are sized by duration: each step's length, ms. */
  durationMs: number | null;
}

/** The duration steps are sized by, or null when a sample count (or a cap of the user's) sizes them. */
export function stepDurationMs(runtime: {
  min_duration_ms: number;
  max_duration_ms: number;
  n_samples_to_issue: number | null;
}): number | null {
  return runtime.n_samples_to_issue === null && runtime.max_duration_ms === 0 && runtime.min_duration_ms > 0
    ? runtime.min_duration_ms
    : null;
}

/** Config overrides (dotted paths) of one step. */
export function stepOverrides(kind: StepKind, offered: number | null, settings: StepSettings): Record<string, unknown> {
  const cap = settings.durationMs === null ? {} : { "settings.runtime.max_duration_ms": settings.durationMs };
  switch (kind) {
    case "rate":
      return {
        "settings.load_pattern.type": settings.ratePattern,
        "settings.load_pattern.target_qps": offered,
        ...(settings.durationMs === null
          ? {}
          : {
              "settings.runtime.n_samples_to_issue": Math.max(
                1,
                Math.ceil(((offered ?? 0) * settings.durationMs) / 1000),
              ),
            }),
      };
    case "concurrency":
      return {
        "settings.load_pattern.type": "concurrency",
        "settings.load_pattern.target_concurrency": offered,
        ...cap,
      };
    case "max_throughput":
      // Whatever pattern a config names for the other steps, the capacity run is max throughput.
      return {
        "settings.load_pattern.type": "max_throughput",
        ...(settings.streaming === null ? {} : { "model_params.streaming": settings.streaming }),
        ...cap,
      };
  }
}
