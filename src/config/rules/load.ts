/**
 * @module config/rules/load — load pattern vs benchmark type, its required rate/level, durations,
 * and our own pattern knobs refused where they do nothing (a pattern takes the knobs
 * load-pattern/load-patterns lists for it; a ramp's start rate needs a ramp), as is a load-pattern
 * flag on an offline config (`benchmark offline` has none but --target-qps, which sizes the sample count).
 */
import type { ConfigProblem } from "../config-error.ts";
import { effectiveKind, type Rule } from "./rule-context.ts";
import { RATE_LOAD_PATTERNS, SUPPORTED_LOAD_PATTERNS, takesKnob } from "../../load-pattern/load-patterns.ts";

const TYPE_PATH = "settings.load_pattern.type";

export const loadPatternRule: Rule = (config, { command, flagPaths }) => {
  const problems: ConfigProblem[] = [];
  const pattern = config.settings.load_pattern;
  const kind = effectiveKind(config);
  if (!(SUPPORTED_LOAD_PATTERNS as readonly string[]).includes(pattern.type)) {
    problems.push({
      path: TYPE_PATH,
      message: `load pattern '${pattern.type}' is not supported yet (use ${SUPPORTED_LOAD_PATTERNS.join(", ")})`,
    });
  } else if (kind === "offline" && pattern.type !== "max_throughput") {
    problems.push({
      path: TYPE_PATH,
      message: `offline benchmarks must use 'max_throughput', got '${pattern.type}' (run \`benchmark online\` for poisson or concurrency)`,
    });
  } else if (kind === "online" && pattern.type === "max_throughput") {
    problems.push({
      path: TYPE_PATH,
      message:
        "online benchmarks need a load pattern: --load-pattern poisson (with --target-qps) or concurrency (with --concurrency)",
    });
  }
  const ratePattern = (RATE_LOAD_PATTERNS as readonly string[]).includes(pattern.type);
  if (ratePattern && pattern.target_qps === null) {
    problems.push({
      path: "settings.load_pattern.target_qps",
      message: `the ${pattern.type} load pattern needs a request rate: set --target-qps N`,
    });
  }
  if (pattern.max_concurrency !== null && !takesKnob(pattern.type, "max_concurrency")) {
    problems.push({
      path: "settings.load_pattern.max_concurrency",
      message: `a concurrency ceiling applies to rate patterns (poisson, constant, gamma) and trace, not '${pattern.type}'`,
    });
  }
  if (pattern.type === "trace") problems.push(...traceProblems(config));
  else if (pattern.trace_speedup !== 1 && !takesKnob(pattern.type, "trace_speedup"))
    problems.push({
      path: "settings.load_pattern.trace_speedup",
      message: `applies to --load-pattern trace, not '${pattern.type}'`,
    });
  if (pattern.ramp_up_s > 0 && !takesKnob(pattern.type, "ramp_up_s")) {
    problems.push({
      path: "settings.load_pattern.ramp_up_s",
      message: `a ramp applies to rate and concurrency patterns, not '${pattern.type}'`,
    });
  }
  if (pattern.burstiness !== 1 && !takesKnob(pattern.type, "burstiness")) {
    problems.push({
      path: "settings.load_pattern.burstiness",
      message: `applies to --load-pattern gamma, not '${pattern.type}' (poisson is gamma with burstiness 1)`,
    });
  }
  if (pattern.ramp_start_qps !== 0 && !(ratePattern && pattern.ramp_up_s > 0)) {
    problems.push({
      path: "settings.load_pattern.ramp_start_qps",
      message: "is the rate a ramp starts from: it needs --ramp-up-s on a rate pattern (poisson, constant, gamma)",
    });
  }
  if (pattern.type === "concurrency" && pattern.target_concurrency === null) {
    problems.push({
      path: "settings.load_pattern.target_concurrency",
      message: "the concurrency load pattern needs a level: set --concurrency N",
    });
  }
  if (command === "from-config" && kind === "offline") {
    const flagged = flagPaths.filter(
      (p) =>
        p.startsWith("settings.load_pattern.") &&
        p !== "settings.load_pattern.target_qps" &&
        !problems.some((q) => q.path === p),
    );
    for (const path of flagged)
      problems.push({
        path,
        message: "does not apply to an offline config (max_throughput), as `benchmark offline` has no such flag",
      });
  }
  return problems;
};

/** A trace replays its own instants: a rate, warmup or conversations do not apply. */
function traceProblems(config: Parameters<Rule>[0]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const pattern = config.settings.load_pattern;
  if (pattern.target_qps !== null)
    problems.push({
      path: "settings.load_pattern.target_qps",
      message: "does not apply to a trace (its rows carry their send times; use --trace-speedup)",
    });
  if (pattern.target_concurrency !== null)
    problems.push({
      path: "settings.load_pattern.target_concurrency",
      message: "does not apply to a trace (open loop; --max-concurrency caps requests in flight)",
    });
  if (config.settings.warmup.enabled)
    problems.push({ path: "settings.warmup.enabled", message: "warmup cannot run with a trace replay; turn it off" });
  config.datasets.forEach((d, i) => {
    if (d.type === "performance" && d.accuracy_config)
      problems.push({
        path: `datasets[${i}].accuracy_config`,
        message: "a trace replay is not scored; score the prompts as an accuracy dataset (acc:PATH)",
      });
  });
  return problems;
}

export const durationRule: Rule = (config) => {
  const { min_duration_ms: min, max_duration_ms: max } = config.settings.runtime;
  if (max === 0 || max >= min) return [];
  return [
    {
      path: "settings.runtime.max_duration_ms",
      message: `must be 0 (no cap) or at least settings.runtime.min_duration_ms (${min} ms), got ${max} ms`,
    },
  ];
};
