/**
 * @module config/upstream/flag-aliases — the short flag names of upstream, keyed by the
 * canonical dotted schema path, plus default texts that read better than the raw default.
 */

/** Extra spellings per schema path. A negatable boolean also gets `--no-<alias>` for each. */
export const FLAG_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "endpoint_config.endpoints": ["--endpoints"],
  "endpoint_config.api_key": ["--api-key"],
  "endpoint_config.api_type": ["--api-type"],
  "model_params.name": ["--model"],
  "submission_ref.ruleset": ["--ruleset"],
  "submission_ref.model": ["--submission-model"],
  "submission_ref.priority": ["--priority"],
  "model_params.tokenizer_name": ["--tokenizer"],
  "model_params.max_new_tokens": ["--max-output-tokens"],
  "model_params.osl_distribution.min": ["--min-output-tokens"],
  "model_params.streaming": ["--streaming"],
  "model_params.seed": ["--seed"],
  "settings.runtime.min_duration_ms": ["--duration"],
  "settings.runtime.n_samples_to_issue": ["--num-samples"],
  "settings.load_pattern.target_concurrency": ["--concurrency"],
  "settings.load_pattern.ramp_up_s": ["--ramp-up"],
  "settings.client.num_workers": ["--workers", "--num-workers"],
  "settings.client.max_connections": ["--max-connections"],
  "settings.client.max_concurrent_warmup_connects": ["--max-concurrent-warmup-connects"],
  "settings.client.insecure": ["--insecure"],
  "settings.client.request_timeout_s": ["--request-timeout"],
  "settings.client.stall_timeout_s": ["--stall-timeout"],
  "accuracy.allow_code_execution": ["--allow-code-execution"],
  "accuracy.lcb_service": ["--lcb-service"],
  "settings.client.max_response_mb": ["--max-response-mb"],
  "settings.client.retries": ["--retries"],
  "settings.drain.warmup_timeout_s": ["--warmup-drain-timeout"],
  "settings.drain.performance_timeout_s": ["--performance-drain-timeout"],
  "settings.drain.accuracy_timeout_s": ["--accuracy-drain-timeout"],
  "settings.drain.metrics_drain_timeout_s": ["--metrics-drain-timeout"],
  "settings.drain.metrics_tokenizer_workers": ["--metrics-tokenizer-workers"],
  "settings.warmup.enabled": ["--warmup"],
  "settings.warmup.n_requests": ["--warmup-requests"],
  "settings.warmup.salt": ["--warmup-salt"],
  "settings.warmup.drain": ["--warmup-drain"],
  "settings.warmup.warmup_random_seed": ["--warmup-seed"],
  "settings.profiling.engine": ["--profile"],
  "settings.profiling.urls": ["--profile-urls"],
  "settings.early_stopping.enabled": ["--early-stopping"],
  "settings.service_ready_timeout_s": ["--service-ready-timeout"],
  enable_cpu_affinity: ["--cpu-affinity"],
  run_timeout_s: ["--run-timeout"],
  gpu_hour_cost_usd: ["--gpu-hour-cost"],
  "server_metrics.url": ["--server-metrics"],
  "server_metrics.interval_s": ["--server-metrics-interval"],
};

/** Defaults whose raw value would mislead in `--help`. */
export const DEFAULT_TEXTS: Readonly<Record<string, string>> = {
  "endpoint_config.endpoints": "required",
  "model_params.name": "required",
  "model_params.streaming": "auto (off for offline, on for online)",
  "settings.runtime.min_duration_ms": "600000 (10m)",
  "settings.runtime.max_duration_ms": "0 (no cap)",
  "settings.client.num_workers": "-1 (auto)",
  "settings.client.max_connections": "-1 (auto)",
  "settings.client.warmup_connections": "-1 (auto)",
  "settings.client.min_required_connections": "-1 (auto)",
  "settings.client.request_timeout_s": "none",
  "settings.drain.accuracy_timeout_s": "none (wait forever)",
  "settings.drain.metrics_drain_timeout_s": "0 (unlimited)",
  "settings.warmup.n_requests": "dataset size",
  report_dir: "reports_<YYYYmmdd_HHMMSS> in the current directory",
  timeout: "none",
  run_timeout_s: "none",
};

/** Schema paths upstream keeps YAML-only; they get no flag. */
export const YAML_ONLY_PATHS: readonly string[] = [
  "name",
  "version",
  "type",
  "benchmark_mode",
  "datasets",
  "audit",
  "verbose",
];
