/**
 * @module sweep/step-economy — the columns a sweep's tables add for throughput per GPU, per user and per dollar
 * (InferenceMAX's axes: tokens/s per GPU against interactivity), each shown only when some step has it.
 */
import type { SweepStep } from "./sweep-step.ts";

interface EconomyColumn {
  /** Column heading in sweep.html. */
  head: string;
  /** Column heading in the console table. */
  short: string;
  value: (s: SweepStep) => number | null;
}

const COLUMNS: readonly EconomyColumn[] = [
  { head: "output tok/s per GPU", short: "tok/s/GPU", value: (s) => s.output_tps_per_gpu ?? null },
  { head: "interactivity tok/s per user", short: "tok/s/user", value: (s) => s.interactivity ?? null },
  { head: "$ per 1M output tokens", short: "$/1M out", value: (s) => s.usd_per_million_output_tokens ?? null },
  // Embeddings and rerank generate nothing, so what they cost is per input token (metrics/gpu-cost).
  { head: "$ per 1M input tokens", short: "$/1M in", value: (s) => s.usd_per_million_input_tokens ?? null },
];

/** The columns at least one step has a value for (a sweep without --gpus shows no per-GPU column). */
export function economyColumns(steps: readonly SweepStep[]): readonly EconomyColumn[] {
  return COLUMNS.filter((c) => steps.some((s) => c.value(s) !== null));
}
