/**
 * @module accuracy/code-bench/code-bench-scorer — `code_bench_scorer`: pass@1 of generated programs (LiveCodeBench).
 *
 * The ground-truth column holds each row's `question_id`. A sample passes when its extracted
 * program passes every public and private test of its question. Programs are judged by the
 * evaluation service when `serviceUrl` is set; if the service fails, they run locally only when
 * `allow` is true (upstream's ALLOW_LCB_LOCAL_EVAL), else the failure is an ExecutionError.
 * Without a service, local execution needs `allow` (checked before anything runs).
 * A sample whose program could not be extracted is sent as `# FAILED TO EXTRACT CODE` (upstream's
 * placeholder) to the service and fails locally without running.
 *
 * Denominator: as for every scorer, the issued count (applied by scoreDataset), not the
 * service's `total_samples`; a sample the service returns no verdict for counts as failed and
 * makes the entry incomplete.
 */
import { ExecutionError, InputError } from "../../errors.ts";
import { groundTruthText } from "../sample-scorers.ts";
import type { ExtractedSample, Scorer, ScorerContext, ScorerOutcome } from "../scorer.ts";
import { evaluateWithService } from "./evaluation-service.ts";
import { resolveExecutionOptions, type ResolvedExecutionOptions } from "./execution-options.ts";
import { evaluateLocally, type LocalJob } from "./local-evaluator.ts";
import { pythonLauncher } from "./python-launcher.ts";
import { questionTests, type QuestionTests } from "./test-cases.ts";

const FAILED_TO_EXTRACT = "# FAILED TO EXTRACT CODE";

function questionIds(samples: readonly ExtractedSample[], column: string): string[] {
  return samples.map((s) => {
    const id = groundTruthText(s.groundTruth);
    if (id === null || id === "")
      throw new InputError(`dataset row ${s.datasetIndex} has no question id in column '${column}'`);
    return id;
  });
}

async function viaService(
  samples: readonly ExtractedSample[],
  ids: string[],
  options: ResolvedExecutionOptions,
): Promise<ScorerOutcome> {
  const codes: Record<string, string[]> = {};
  const slots = samples.map((s, i) => {
    const list = (codes[ids[i] as string] ??= []);
    list.push(s.extracted ?? FAILED_TO_EXTRACT);
    return list.length - 1;
  });
  const result = await evaluateWithService(
    options.serviceUrl as string,
    { codes_dict: codes, timeout_sec: options.serviceTimeoutSec },
    { deadlineMs: options.serviceDeadlineS * 1000, onProgress: options.onProgress },
  );
  let passed = 0;
  let complete = true;
  slots.forEach((slot, i) => {
    const verdict = result.results[ids[i] as string]?.[slot];
    if (verdict === undefined) complete = false;
    else if (verdict && samples[i]?.extracted !== null) passed += 1;
  });
  return { passed, complete };
}

async function viaLocal(
  samples: readonly ExtractedSample[],
  ids: string[],
  options: ResolvedExecutionOptions,
): Promise<ScorerOutcome> {
  const launcher = pythonLauncher(options.python, options.networkIsolation);
  if (options.networkIsolation === "auto" && !launcher.networkIsolated) {
    options.onWarning("generated code runs without network isolation (unprivileged user namespaces unavailable)");
  }
  const tests = new Map<number, QuestionTests>();
  const jobs: LocalJob[] = samples.map((s, i) => {
    let question = tests.get(s.datasetIndex);
    if (!question) tests.set(s.datasetIndex, (question = questionTests(s.row, s.datasetIndex)));
    return { questionId: ids[i] as string, code: s.extracted, question };
  });
  const outcomes = await evaluateLocally(jobs, options, options.concurrency);
  return { passed: outcomes.filter((o) => o.passed).length, complete: true };
}

async function scoreCodeBench(samples: readonly ExtractedSample[], ctx: ScorerContext): Promise<ScorerOutcome> {
  const options = resolveExecutionOptions(ctx.codeExecution);
  if (samples.length === 0) return { passed: 0, complete: true };
  const ids = questionIds(samples, ctx.groundTruthColumn);
  if (options.serviceUrl !== null) {
    try {
      return await viaService(samples, ids, options);
    } catch (error) {
      if (!(error instanceof ExecutionError)) throw error;
      if (!options.allow) {
        throw new ExecutionError(error.message, {
          cause: error.cause,
          hint: "start the evaluation service, or pass --allow-code-execution to evaluate on this machine instead",
        });
      }
      options.onWarning(`${error.message}; evaluating the programs on this machine instead`);
    }
  }
  return viaLocal(samples, ids, options);
}

export const codeBenchScorer: Scorer = {
  preflight: (ctx) => {
    resolveExecutionOptions(ctx.codeExecution);
  },
  score: scoreCodeBench,
};
