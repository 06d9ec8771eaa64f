/** @module config/schema/settings — `settings`: runtime, load pattern, client, drain, warmup, profiling. */
import { z } from "zod";
import { LOAD_PATTERN_TYPES, loadPatternHelp } from "../../load-pattern/load-patterns.ts";
import { ClientSettingsSchema } from "./client.ts";
import { bool, choice, durationMs, int, list, num, seedInt as seed, text } from "./primitives.ts";

const RuntimeSettingsSchema = z.strictObject({
  min_duration_ms: durationMs()
    .default(600_000)
    .describe("with target QPS, sets how many samples are issued (600s, 10m, 1.5m or ms)"),
  max_duration_ms: durationMs().default(0).describe("hard cap on the performance phase; 0 = none"),
  n_samples_to_issue: int(z.number().min(1)).nullable().default(null).describe("exact number of samples to issue"),
  scheduler_random_seed: seed().default(42).describe("seed for Poisson arrival times"),
  dataloader_random_seed: seed().default(42).describe("seed for sample order"),
});

const LoadPatternSchema = z.strictObject({
  // Every name, and what each takes, is load-pattern/load-patterns'.
  type: choice(LOAD_PATTERN_TYPES).default("max_throughput").describe(loadPatternHelp()),
  target_qps: num(z.number().gt(0))
    .nullable()
    .default(null)
    .describe("requests per second (poisson, constant, gamma); otherwise it only sizes the sample count"),
  target_concurrency: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("requests in flight (concurrency); conversations at once (agentic_inference)"),
  // ours: the arrival-process knobs below.
  burstiness: num(z.number().gt(0))
    .default(1)
    .describe("gamma shape: 1 = Poisson-like, < 1 burstier, > 1 more regular"),
  max_concurrency: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("rate patterns: ceiling on requests in flight; a due request waits (its wait is reported)"),
  ramp_up_s: num(z.number().min(0))
    .default(0)
    .describe("linear ramp (s): rate from --ramp-start-qps to the target, or concurrency from 1"),
  ramp_start_qps: num(z.number().min(0)).default(0).describe("rate at the start of the ramp"),
  trace_speedup: num(z.number().gt(0)).default(1).describe("trace: replay this many times faster (0.5 = half speed)"),
  use_legacy_loadgen_qps_metrics: bool()
    .default(true)
    .describe("poisson only: QPS = (completed - 1) / window, as MLPerf LoadGen"),
});

const DrainSettingsSchema = z.strictObject({
  warmup_timeout_s: num(z.number().gt(0)).nullable().default(240).describe("wait for warmup requests; null = forever"),
  performance_timeout_s: num(z.number().gt(0))
    .nullable()
    .default(240)
    .describe("wait for in-flight requests after the last is issued; null = forever"),
  accuracy_timeout_s: num(z.number().gt(0)).nullable().default(null).describe("accuracy phase drain; null = forever"),
  metrics_drain_timeout_s: num(z.number().min(0))
    .default(0)
    .describe("upstream's token-counting budget; no effect here (a warning says so)"),
  metrics_tokenizer_workers: int(z.number().min(0))
    .default(4)
    .describe("upstream's token-counting threads; no effect here (a warning says so)"),
});

const WarmupSettingsSchema = z.strictObject({
  enabled: bool().default(false).describe("run a warmup phase before measuring"),
  n_requests: int(z.number().min(1)).nullable().default(null).describe("warmup requests; null = dataset once"),
  salt: bool().default(false).describe("prefix warmup prompts so they miss the prefix cache"),
  drain: bool().default(false).describe("wait for warmup to finish before measuring"),
  warmup_random_seed: seed().default(42).describe("seed for warmup order and salts"),
});

const ProfilingSettingsSchema = z.strictObject({
  engine: choice(["vllm"]).nullable().default(null).describe("server profiler to start/stop around the run"),
  urls: list(text()).nullable().default(null).describe("profiler base URLs (default: the endpoints)"),
});

const EarlyStoppingSchema = z.strictObject({
  enabled: bool().default(true).describe("report MLPerf early-stopping percentile estimates"),
});

export const SettingsSchema = z.strictObject({
  runtime: RuntimeSettingsSchema.prefault({}).describe("how many samples and for how long"),
  load_pattern: LoadPatternSchema.prefault({}).describe("when requests are sent"),
  client: ClientSettingsSchema.prefault({}).describe("worker processes and HTTP connections"),
  drain: DrainSettingsSchema.prefault({}).describe("how long to wait for in-flight requests at phase ends"),
  warmup: WarmupSettingsSchema.prefault({}).describe("optional unmeasured phase before the run"),
  profiling: ProfilingSettingsSchema.prefault({}).describe("server-side profiler triggers"),
  early_stopping: EarlyStoppingSchema.prefault({}).describe("MLPerf early-stopping estimates"),
  service_ready_timeout_s: num(z.number().min(0))
    .default(30)
    .describe("upstream's service start-up wait; no effect here (a warning says so)"),
});
