/**
 * @module sweep/unstable-step — what a sweep says about a step that never settled, and beside
 * its capacity step. Pure.
 *
 * A step whose queue grows through it (metrics/steady-state/stability) describes no rate: run
 * longer, its latencies would keep rising, so its attainment says only that the step ended
 * before the queue reached the SLO. It never passes, and its note says how long a step would
 * need to be for the SLO to see the queue, so the user can rerun that rate with --duration.
 */
import type { SteadyState } from "../metrics/steady-state/steady-state.ts";
import { trendText } from "../report/steady-state-text.ts";

/** "unstable: TTFT rising 85.30 ms/s (…); judging this rate needs steps of about 41 s (--duration)". */
export function unstableNote(s: Pick<SteadyState, "trends" | "step_length_to_judge_s">): string {
  const rising = s.trends.filter((t) => t.rising).map(trendText);
  const need =
    s.step_length_to_judge_s === null
      ? ""
      : `; judging this rate needs steps of about ${Math.ceil(s.step_length_to_judge_s)} s (--duration)`;
  return `unstable: ${rising.join(", ")}${need}`;
}

/** Printed beside the capacity step: why a rate at or above it is still tried. */
export const BURST_CAPACITY_NOTE =
  "the capacity step is a burst: its throughput can understate what the engine sustains under a " +
  "steady rate, so a stable pass at it sends the search higher, not to a stop";
