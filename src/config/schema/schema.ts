/**
 * @module config/schema/schema — the whole benchmark configuration (`BenchmarkConfigSchema`), mirroring
 * upstream's YAML: snake_case keys, its defaults, unknown keys rejected at every level.
 * Cross-field rules live in `rules-*.ts`; `build-config.ts` runs both.
 */
import { z } from "zod";
import type { DeepReadonly } from "./readonly.ts";
import { DatasetConfigSchema } from "./dataset.ts";
import { ModelParamsSchema } from "./model-params.ts";
import { bool, choice, headerMap, int, list, num, optionalText, text } from "./primitives.ts";
import { SettingsSchema } from "./settings.ts";
import { PRIORITIES } from "../../mlperf/ruleset-models.ts";
import { SloSchema } from "../slo.ts";
import { parseListenAddress } from "../listen-address.ts";
import { POOLING_API_TYPES } from "../../dataset/pooling-api.ts";

/** What a run shows on stderr while it runs (dashboard/choose-ui resolves auto). */
export const UI_MODES = ["auto", "dashboard", "line", "none"] as const;
const BENCHMARK_TYPES = ["offline", "online", "eval", "submission"] as const;
const API_TYPES = [
  "openai",
  "openai_completions",
  "sglang",
  "videogen",
  "openai_responses",
  "anthropic_messages",
  ...POOLING_API_TYPES,
] as const;
/** API types we can send today; the rest are accepted by the schema and rejected by validation. */
export const SUPPORTED_API_TYPES = [
  "openai",
  "openai_completions",
  "sglang",
  "openai_responses",
  "anthropic_messages",
  ...POOLING_API_TYPES,
] as const;

const EndpointConfigSchema = z.strictObject({
  endpoints: list(text()).default([]).describe("server base URLs (http:// or https://), without /v1"),
  api_key: optionalText()
    .default(null)
    .describe("sent as 'Authorization: Bearer <key>' (anthropic_messages: also as 'x-api-key: <key>')"),
  api_type: choice(API_TYPES)
    .default("openai")
    .describe(
      "openai (chat) | openai_completions | sglang (native /generate, token-id prompts) | " +
        "openai_responses (/v1/responses) | anthropic_messages (/v1/messages) | openai_embeddings | rerank",
    ),
  // ours: headers a gateway or router needs (config/http-headers); credential-named ones are never printed or saved.
  headers: headerMap()
    .nullable()
    .default(null)
    .describe("'Name: value' sent with every request (repeatable); credential-named values never printed or saved"),
});

const SubmissionRefSchema = z.strictObject({
  model: text().describe("MLPerf model id, e.g. llama2-70b (inference-endpoint rulesets lists them)"),
  ruleset: text().describe("ruleset name, e.g. mlperf-inference-v6.1"),
  // ours: which of the model's latency caps the verdict applies (upstream's OptimizationPriority).
  priority: choice(PRIORITIES)
    .nullable()
    .default(null)
    .describe("throughput | interactive | edge_single_stream; default the model's first"),
});

/** MLPerf TEST04 output-caching audit (YAML only). */
const AuditSchema = z.strictObject({
  test: choice(["output_caching_test"]).default("output_caching_test"),
  only: bool().default(false),
  samples: int(z.number().min(1)),
  audit_samples: int(z.number().min(1)).nullable().default(null),
  sample_index: int(z.number().min(0)).default(0),
  threshold: num(z.number().gt(0).lt(1)).default(0.1),
});

/** Local code execution's seconds per test case (LiveCodeBench's own default). */
export const DEFAULT_TIMEOUT_PER_TEST_S = 6;

export const BenchmarkConfigSchema = z.strictObject({
  name: text().default("").describe("run name; default '<type>_benchmark'"),
  version: text().default("1.0").describe("config version (informational)"),
  type: choice(BENCHMARK_TYPES).describe("offline|online|eval|submission"),
  submission_ref: SubmissionRefSchema.nullable().default(null).describe("MLPerf submission reference"),
  benchmark_mode: choice(["offline", "online"]).nullable().default(null).describe("required for type submission"),
  model_params: ModelParamsSchema.prefault({}).describe("the model and its sampling parameters"),
  datasets: z.array(DatasetConfigSchema).default([]).describe("datasets to load"),
  settings: SettingsSchema.prefault({}).describe("how the load is generated and measured"),
  endpoint_config: EndpointConfigSchema.prefault({}).describe("the server(s) under test"),
  report_dir: optionalText()
    .default(null)
    .describe("output directory ({shard} becomes a shard's index); default a new reports_<time> dir"),
  // Upstream stores `timeout` and never reads it (its own examples set it as if it were a cap): so here.
  timeout: num(z.number().gt(0))
    .nullable()
    .default(null)
    .describe("stored and not used, as in mlcommons/endpoints (a warning says so); --run-timeout stops a run"),
  // ours: the whole-run watchdog, under a name of its own so that upstream's configs keep their meaning.
  run_timeout_s: num(z.number().gt(0))
    .nullable()
    .default(null)
    .describe("whole-run time limit in seconds: stop issuing, cancel what is in flight, report marked interrupted"),
  // ours: one host's part of a plan run on several (docs/distributed.md).
  shard: optionalText()
    .default(null)
    .describe(
      "I/N: send only shard I (0-based) of N of the plan; auto: Slurm's " +
        "SLURM_PROCID/SLURM_NTASKS or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with " +
        "--shards",
    ),
  start_at: optionalText()
    .default(null)
    .describe(
      "start the schedule at this instant on every shard: epoch seconds, ISO-8601, or +Ns after --start-barrier",
    ),
  start_barrier: optionalText()
    .default(null)
    .describe("a file on storage every shard sees: the first creates it, all start --start-at +Ns after its time"),
  shards: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("with --shard auto on Kubernetes: how many shards (the Job's completions)"),
  verbose: bool().default(false).describe("unused; -v on the command line sets logging"),
  enable_cpu_affinity: bool().default(true).describe("pin workers to CPUs (Linux)"),
  audit: AuditSchema.nullable()
    .default(null)
    .describe("MLPerf TEST04 audit: refused at validation until the audits exist"),
  // ours: how accuracy answers that need code execution are scored (LiveCodeBench).
  accuracy: z
    .strictObject({
      allow_code_execution: bool()
        .default(false)
        .describe("run model-written programs locally to score LiveCodeBench (not a sandbox)"),
      lcb_service: optionalText()
        .default(null)
        .describe("LiveCodeBench evaluation service, e.g. ws://localhost:13835/evaluate"),
      timeout_per_test_s: num(z.number().gt(0))
        .default(DEFAULT_TIMEOUT_PER_TEST_S)
        .describe("local code execution: seconds per test case"),
    })
    .prefault({})
    .describe("accuracy scoring"),
  // ours: goodput objectives.
  slo: SloSchema.prefault({}).describe("service-level objectives for goodput"),
  // ours: the run's own state as a Prometheus page, served by the main process while it runs (live-metrics/).
  live_metrics: optionalText()
    .default(null)
    .refine((v) => v === null || !("problem" in parseListenAddress(v)), {
      error: (issue) => {
        const parsed = parseListenAddress(String(issue.input));
        return "problem" in parsed ? parsed.problem : "expected HOST:PORT";
      },
    })
    .describe("HOST:PORT (or PORT, on 127.0.0.1; port 0 picks one): serve the run's live state at /metrics"),
  // ours: how the run shows itself while it runs (dashboard/choose-ui decides what auto means).
  ui: choice(UI_MODES)
    .default("auto")
    .describe(
      "auto: a dashboard on a terminal of 80×24 or more, else the progress line; dashboard | line | none (stderr, not stdout)",
    ),
  // ours: what serves the run, for throughput per GPU and the cost of a million tokens (metrics/gpu-cost).
  gpus: int(z.number().min(1))
    .nullable()
    .default(null)
    .describe("GPUs serving the endpoint: result_summary.json adds output tokens/s per GPU"),
  gpu_hour_cost_usd: num(z.number().gt(0))
    .nullable()
    .default(null)
    .describe("USD per GPU-hour (needs --gpus): result_summary.json adds the cost of a million tokens"),
  // ours: repeat the whole run for a spread to quote (run/run-repeats); `eval --repeats` is passes over a dataset.
  runs: int(z.number().min(1))
    .default(1)
    .describe(
      "complete runs in sequence into DIR/run-1 … run-N; DIR/repeats.json holds each metric's mean, std and 95 % t-interval",
    ),
  // ours: the server's own Prometheus metrics on the run's timeline (server-metrics/scraper).
  server_metrics: z
    .strictObject({
      url: text()
        .default("auto")
        .refine(
          (v) => v === "auto" || v === "off" || /^https?:\/\/\S+$/.test(v),
          "expected auto, off or an http(s) URL",
        )
        .describe("auto: <endpoint>/metrics when it answers in the Prometheus text format; off; or the page's URL"),
      interval_s: num(z.number().min(0.05))
        .default(1)
        .describe("seconds between scrapes (a scrape is abandoned after one interval)"),
    })
    .prefault({})
    .describe("the server's Prometheus metrics, scraped by the main process"),
});

type MutableBenchmarkConfig = z.output<typeof BenchmarkConfigSchema>;
/** A validated, fully defaulted, frozen configuration. */
export type BenchmarkConfig = DeepReadonly<MutableBenchmarkConfig>;
/** Same shape, writable: only for code that builds a config before it is frozen. */
export type DraftConfig = MutableBenchmarkConfig;

export type DatasetConfig = BenchmarkConfig["datasets"][number];
