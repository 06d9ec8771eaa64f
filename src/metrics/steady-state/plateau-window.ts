/**
 * @module metrics/steady-state/plateau-window — the steady-state window of a run: where the
 * requests in flight are at their plateau, ramp-up and drain trimmed. Pure.
 *
 * The rule: the plateau is the time-weighted median of the in-flight level over the middle half
 * of the run (from the first send to the last completion, its first and last quarter left out,
 * so neither the ramp-up nor the drain sets it), and at least 1. The window opens at the first instant the
 * level reaches the plateau and closes at the last instant it is still at or above it, which is
 * where the drain begins. docs/metrics.md states the same rule.
 */
import { medianLevel, type InFlightSteps } from "./in-flight.ts";

interface PlateauWindow {
  startNs: number;
  endNs: number;
  /** The median in-flight level over the run's middle half. */
  plateauInFlight: number;
  /** The run's own span: first send, last completion. */
  runStartNs: number;
  runEndNs: number;
}

/** The plateau window of `steps`, or null when the run spans no time. */
export function plateauWindow(steps: InFlightSteps): PlateauWindow | null {
  const n = steps.tNs.length;
  if (n < 2) return null;
  const runStartNs = steps.tNs[0] as number;
  const runEndNs = steps.tNs[n - 1] as number;
  const quarter = (runEndNs - runStartNs) / 4;
  const median = medianLevel(steps, runStartNs + quarter, runEndNs - quarter);
  if (Number.isNaN(median)) return null;
  // A light open loop is idle more than half the time (median 0): its plateau is one request, nothing is trimmed but idle ends.
  const plateau = Math.max(1, median);
  let first = -1;
  let last = -1;
  for (let i = 0; i < n - 1; i++) {
    if ((steps.level[i] as number) < plateau) continue;
    if (first < 0) first = i;
    last = i;
  }
  const startNs = steps.tNs[first] as number;
  const endNs = steps.tNs[last + 1] as number;
  return endNs > startNs ? { startNs, endNs, plateauInFlight: plateau, runStartNs, runEndNs } : null;
}
