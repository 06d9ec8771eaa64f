/**
 * @module mlperf/submission-checks — what `inference-endpoint check` verifies in a run directory
 * of a datacenter round, as pure functions over what was read: the config is there and valid and
 * carries the round's seeds; the performance summary is there, judged VALID, with enough
 * completed queries; the accuracy results meet one of the model's target sets (golden × factor,
 * bands inclusive); an audit, when one ran, passed. Upstream's checker covers the edge round only
 * (mlperf/edge-checker); these are ours, reading result_summary.json and the audit files.
 *
 * Two of the audits upstream only plans, from what the summary records: TEST09 (the mean output
 * length within ±10 % of the model's reference tokens per sample, when the model has one) and a
 * TEST06-style consistency check (every completed response ended with a finish reason we know,
 * and, where a tokenizer recounted the responses, its counts agree with the server's usage).
 */
import type { ModelRule } from "./ruleset-models.ts";

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

export interface RunArtifacts {
  /** null: config.yaml is missing; else the problem loading it, or null when it loaded. */
  configProblem: string | null | undefined;
  seeds: { scheduler: unknown; dataloader: unknown; warmup: unknown } | null;
  summary: Record<string, unknown> | null;
  accuracy: Record<string, unknown>[] | null;
  /**
   * Each accuracy entry's scorer by its dataset_name, from the run's config: accuracy_results.json
   * names none (as upstream writes it), and a scalar score is that scorer's metric (exact_match…).
   */
  scorers?: ReadonlyMap<string, string>;
  audit: Record<string, unknown> | null;
}

const number = (value: unknown): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

/** Every value an accuracy entry offers under a metric name (rouge's mapping, a scalar score, the OSL mean). */
function accuracyValues(
  entries: readonly Record<string, unknown>[],
  scorers: ReadonlyMap<string, string>,
): Map<string, number> {
  const values = new Map<string, number>();
  for (const entry of entries) {
    const score = entry.score;
    // Results files written before entries lost their `eval_method` still name it themselves.
    const method = scorers.get(String(entry.dataset_name)) ?? entry.eval_method;
    if (score !== null && typeof score === "object") {
      for (const [key, value] of Object.entries(score)) {
        const n = number(value);
        if (n !== null) values.set(key, n);
      }
    } else if (number(score) !== null && typeof method === "string") {
      values.set(method, (number(score) as number) * 100);
    }
    for (const [key, value] of Object.entries((entry.breakdown as Record<string, unknown> | undefined) ?? {})) {
      const n = number(value);
      if (n !== null) values.set(key, n);
    }
    const osl = (entry.output_sequence_lengths as { avg?: unknown } | undefined)?.avg;
    if (number(osl) !== null) values.set("tokens_per_sample", number(osl) as number);
  }
  return values;
}

function accuracyChecks(
  rule: ModelRule,
  entries: readonly Record<string, unknown>[],
  scorers: ReadonlyMap<string, string>,
): Check[] {
  const values = accuracyValues(entries, scorers);
  const sets = rule.accuracy.map((targets) =>
    targets.map((t): Check => {
      const measured = values.get(t.metric);
      const low = t.factors[0] * t.golden;
      const high = t.factors[1] === undefined ? null : t.factors[1] * t.golden;
      if (measured === undefined)
        return { name: `accuracy:${t.metric}`, passed: false, detail: "metric missing or non-numeric" };
      const passed = measured >= low && (high === null || measured <= high);
      const bound =
        high === null
          ? `>= ${low.toFixed(2)} (=${t.factors[0]} x ${t.golden})`
          : `within [${low.toFixed(2)}, ${high.toFixed(2)}] (=${t.factors[0]}..${t.factors[1]} x ${t.golden})`;
      return { name: `accuracy:${t.metric}`, passed, detail: `${measured.toFixed(2)} ${bound}` };
    }),
  );
  // Any one target set may be met; report the first that is, else the first.
  return sets.find((set) => set.every((c) => c.passed)) ?? sets[0] ?? [];
}

/** TEST09 and the TEST06-style consistency check (see the module comment). */
function derivedAudits(summary: Record<string, unknown>, rule: ModelRule): Check[] {
  const checks: Check[] = [];
  const reference = rule.accuracy[0]?.find((t) => t.metric === "tokens_per_sample")?.golden;
  const mean = number((summary.output_sequence_lengths as { avg?: unknown } | undefined)?.avg);
  if (reference !== undefined) {
    const passed = mean !== null && Math.abs(mean - reference) <= 0.1 * reference;
    checks.push({
      name: "test09:output_length",
      passed,
      detail: `mean output ${mean === null ? "unknown" : mean.toFixed(2)} tokens within ±10% of ${reference}`,
    });
  }
  const finishes = (summary.finish_reason_counts as Record<string, number> | undefined) ?? {};
  const finished = Object.entries(finishes)
    .filter(([reason]) => reason !== "other")
    .reduce((sum, [, n]) => sum + n, 0);
  const completed = number(summary.n_samples_completed) ?? 0;
  const mismatched = number((summary.token_count_discrepancy as { mismatched?: unknown } | null)?.mismatched) ?? 0;
  checks.push({
    name: "test06:consistency",
    passed: finished >= completed && mismatched === 0,
    detail: `${finished} of ${completed} completed responses with a known finish reason; ${mismatched} tokenizer/usage mismatches`,
  });
  return checks;
}

export function submissionChecks(
  run: RunArtifacts,
  rule: ModelRule,
  pinned: { scheduler: bigint; sampleIndex: bigint },
): Check[] {
  const checks: Check[] = [];
  if (run.configProblem === undefined)
    checks.push({ name: "config_present", passed: false, detail: "missing config.yaml" });
  else
    checks.push({
      name: "config_valid",
      passed: run.configProblem === null,
      detail: run.configProblem ?? "config.yaml loads and validates",
    });
  if (run.seeds) {
    const expected = { scheduler: pinned.scheduler, dataloader: pinned.sampleIndex, warmup: pinned.sampleIndex };
    const off = (Object.keys(expected) as (keyof typeof expected)[]).filter(
      (k) => run.seeds?.[k] === undefined || BigInt(run.seeds[k] as number | bigint) !== expected[k],
    );
    checks.push({
      name: "seeds_pinned",
      passed: off.length === 0,
      detail:
        off.length === 0
          ? `scheduler=${pinned.scheduler} sample_index=${pinned.sampleIndex}`
          : `not the ruleset's: ${off.map((k) => `${k}=${String(run.seeds?.[k])} (expected ${expected[k]})`).join(", ")}`,
    });
  }
  if (!run.summary)
    checks.push({ name: "result_summary_present", passed: false, detail: "missing performance/result_summary.json" });
  else {
    const verdict = run.summary.result as { valid?: boolean; reasons?: string[] } | undefined;
    checks.push({
      name: "verdict",
      passed: verdict?.valid === true,
      detail:
        verdict === undefined
          ? "the run has no verdict (it was not made under a ruleset)"
          : verdict.valid
            ? "VALID"
            : `INVALID: ${(verdict.reasons ?? []).join("; ")}`,
    });
    const completed = number(run.summary.n_samples_completed) ?? 0;
    checks.push({
      name: "min_sample_count",
      passed: completed >= rule.minSampleCount,
      detail: `n_samples_completed=${completed} >= ${rule.minSampleCount}`,
    });
  }
  if (run.summary) checks.push(...derivedAudits(run.summary, rule));
  if (!run.accuracy || run.accuracy.length === 0)
    checks.push({
      name: "accuracy_results_present",
      passed: false,
      detail: "no accuracy/accuracy_results.json with scores",
    });
  else checks.push(...accuracyChecks(rule, run.accuracy, run.scorers ?? new Map()));
  if (run.audit)
    checks.push({
      name: "audit:output_caching_test",
      passed: run.audit.passed === true,
      detail: String(run.audit.reason ?? ""),
    });
  return checks;
}

/** Upstream's report format: the header, one line per check, OVERALL. */
export function renderChecks(
  dir: string,
  ruleset: string,
  model: string,
  checks: readonly Check[],
  notes: readonly string[] = [],
): string {
  const lines = [
    `Compliance report: ${dir}`,
    `  ruleset=${ruleset} model=${model}`,
    "",
    ...checks.map((c) => `  [${c.passed ? "PASS" : "FAIL"}] ${c.name}: ${c.detail}`),
    ...notes.map((n) => `  [MANUAL] ${n}`),
    "",
    `  OVERALL: ${checks.every((c) => c.passed) ? "PASS" : "FAIL"}`,
  ];
  return `${lines.join("\n")}\n`;
}
