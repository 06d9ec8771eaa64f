/**
 * @module run/run-benchmark — one benchmark run, from a validated config to the report files: open, execute, finish.
 *
 * run/open-run sets everything up before the first request (workers, workload, reachability,
 * report directory, events.db); run/execute-run runs the session under signals, the watchdog
 * and the progress line; run/finish-run counts tokens, scores accuracy, writes the reports and
 * decides whether the run failed. `--dry-run` stops after the plan.
 */
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RunModel } from "../record/run-models.ts";
import type { TestMode } from "../config/flags.ts";
import { pinnedSeedsLine } from "../config/rules/config-warnings.ts";
import { redactSecrets, redactUrl } from "../config/redact.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { todayIso, usesHarmony } from "../dataset/harmony.ts";
import { describePlan } from "../plan/describe-plan.ts";
import { droppedColumnWarnings } from "../workload/dropped-columns.ts";
import { executeRun } from "./execute-run.ts";
import { finishRun, type BenchmarkOutcome } from "./finish-run.ts";
import { configuredTokenizer, openRun, sizeRun, type RunIo } from "./open-run.ts";
import { prepareWorkload, type WorkloadShape } from "../workload/prepare-workload.ts";
import { inFlightText } from "./size-workers.ts";

/** What `--header` and `--extra-body` add to every request, credentials shown as `<redacted>`. */
function extrasLines(config: BenchmarkConfig): string[] {
  const lines: string[] = [];
  const { headers } = redactSecrets({ headers: config.endpoint_config.headers ?? {} });
  const entries = Object.entries(headers);
  if (entries.length > 0) lines.push(`headers: ${entries.map(([name, value]) => `${name}: ${value}`).join(", ")}`);
  const extra = config.model_params.extra_body;
  if (extra) lines.push(`extra body: ${JSON.stringify(redactSecrets(extra))}`);
  return lines;
}

/**
 * A phase's requests per model, when the run sends to several (a mix, or rows naming theirs); a model the phase
 * sends nothing to (--model when every row names its own) is left out, as the report's per-model breakdown leaves it.
 */
function modelSplitLines(plan: PhasePlan, models: readonly RunModel[]): string[] {
  if (!plan.modelIndex || models.length === 0) return [];
  const counts = models.map(() => 0);
  for (const m of plan.modelIndex) counts[m] = (counts[m] as number) + 1;
  const sent = models.flatMap((m, i) => (counts[i] ? [`${m.name} ${counts[i]}`] : []));
  return [`  models: ${sent.join(", ")}`];
}

/** `--dry-run`: the plan as text; nothing is sent and nothing is written. */
export async function describeRun(config: BenchmarkConfig, mode: TestMode = "perf"): Promise<string> {
  const { tokenizer } = configuredTokenizer(config);
  const workload = await prepareWorkload(config, tokenizer, mode);
  const sizing = sizeRun(config);
  const lines = workload.phases.flatMap((phase) => [
    ...describePlan(phase.plan),
    ...modelSplitLines(phase.plan, workload.models),
    ...(phase.startNextWhenIssued
      ? ["  not drained: the next phase starts once all are issued (--warmup-drain waits for them)"]
      : []),
  ]);
  lines.push(
    `workers: ${sizing.workers}, ${inFlightText(sizing)} (${sizing.maxInFlightPerWorker} per worker), streaming ${workload.streaming ? "on" : "off"}`,
  );
  lines.push(`endpoints: ${workload.endpointUrls.map(redactUrl).join(", ")}`);
  lines.push(`tokenizer: ${tokenizer ? tokenizer.source : "none (token counts from the server's usage)"}`);
  lines.push(...extrasLines(config));
  if (usesHarmony(config.endpoint_config.api_type, config.model_params.name))
    lines.push(`text prompts Harmony-tokenised for gpt-oss (reasoning high, date ${todayIso()}), as upstream`);
  const inline = workload.performanceScoring?.scoring;
  if (inline)
    lines.push(
      `performance responses scored after the run (entry 'performance'): ${inline.evalMethod}, ` +
        `extractor ${inline.extractor ?? "none"}, ground truth '${inline.groundTruthColumn}'`,
    );
  for (const d of config.datasets) {
    const set = Object.entries(redactSecrets(d.generation_config_override ?? {})).filter(([, v]) => v !== undefined);
    if (set.length > 0)
      lines.push(
        `${d.type} dataset '${d.name}' overrides model_params: ${set.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}`,
      );
  }
  const seeds = pinnedSeedsLine(config);
  if (seeds) lines.push(seeds);
  lines.push(...[...sizing.warnings, ...droppedColumnWarnings(config, workload)].map((w) => `warning: ${w}`));
  return `${lines.join("\n")}\n`;
}

export async function runBenchmark(
  config: BenchmarkConfig,
  io: RunIo,
  mode: TestMode = "perf",
  shape: WorkloadShape = {},
): Promise<BenchmarkOutcome> {
  const run = await openRun(config, io, mode, shape);
  try {
    const result = await executeRun(run, io);
    return await finishRun(run, result, io);
  } finally {
    run.live?.stop();
  }
}
