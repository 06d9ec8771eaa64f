/** @module config — public surface of the configuration layer (schema, flags, YAML, validation). */
export { type BuildConfigInput, buildConfig } from "./build-config.ts";
export { type ConfigProblem, ConfigError, formatProblem } from "./config-error.ts";
export { DATASET_SPEC_HINT, type DatasetSpecResult, PARSER_TARGETS, parseDatasetSpec, tryParseDatasetSpec } from "./dataset-spec.ts";
export { DURATION_EXAMPLES, parseDurationMs, tryParseDurationMs } from "./duration.ts";
export { interpolateEnv, interpolateString } from "./env-interpolate.ts";
export {
  BENCHMARK_COMMANDS,
  type BenchmarkCommand,
  commandLabel,
  type FlagCommand,
  FLAG_SPECS,
  type FlagKind,
  type FlagSpec,
  flagLabel,
  flagNameForPath,
  flagsFor,
  TEST_MODES,
  type TestMode,
} from "./flags.ts";
export { loadYamlConfig } from "./load-yaml.ts";
export { type ParsedFlags, parseFlags } from "./parse-argv.ts";
export type { DeepReadonly } from "./readonly.ts";
export { isSecretKey, REDACTED, redactSecrets, redactUrl } from "./redact.ts";
export { toYamlText } from "./yaml-text.ts";
export { effectiveKind, resolveTestMode } from "./rule-context.ts";
export { checkBaseUrl } from "./rules-endpoints.ts";
export { RULESET_NAMES } from "./rules-submission.ts";
export { DEFAULT_QPS, type SampleCountInput, samplesToIssueForConfig, totalSamplesToIssue } from "./sample-count.ts";
export {
  API_TYPES,
  type ApiType,
  BENCHMARK_TYPES,
  type BenchmarkConfig,
  BenchmarkConfigSchema,
  type BenchmarkType,
  type ClientSettings,
  type DatasetConfig,
  type DrainSettings,
  type EndpointConfig,
  type LoadPatternConfig,
  type LoadPatternType,
  type ModelParams,
  type RuntimeSettings,
  type Settings,
  type StreamingMode,
  SUPPORTED_API_TYPES,
  type WarmupSettings,
} from "./schema.ts";
export { DATASET_FORMATS, DATASET_TYPES, EVAL_METHODS } from "./schema-dataset.ts";
export { LOAD_PATTERN_TYPES, SUPPORTED_LOAD_PATTERNS } from "./schema-settings.ts";
export { listLeaves, type SchemaLeaf } from "./schema-walk.ts";
export { renderTemplate, TEMPLATE_NAMES, type TemplateName } from "./templates.ts";
