/**
 * @module run/finish-run — a run's last stage: token counts, accuracy scores, the report files, and whether the run failed.
 *
 * After the session (never while sending): the client tokenizer counts every response, the
 * accuracy phases are scored, events.db is closed and every report is built from it alone.
 * A run where every request failed still writes its report, then fails with exit 4; so does a
 * run whose scoring fails (with that error's exit code).
 */
import { join } from "node:path";
import type { AccuracyEntry } from "../accuracy/index.ts";
import { ExecutionError } from "../errors.ts";
import { EVENTS_DB_FILE } from "../record/events-db.ts";
import { openEventsDbReadonly } from "../metrics/read-phase.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import { promptTokenCounter } from "../tokens/prompt-tokens.ts";
import { isPoolingApi } from "../dataset/pooling-api.ts";
import { inputCounter } from "../dataset/pooling-inputs.ts";
import { requestContentOf } from "../dataset/request-content.ts";
import { planBodyKeys } from "../plan/phase-plan.ts";
import type { OpenRun, RunIo } from "./open-run.ts";
import type { SessionResult, SessionState } from "./session.ts";
import { STOP_REASON_META_KEY } from "../report/stop-cause.ts";

export interface BenchmarkOutcome {
  reportDir: string;
  summary: ResultSummary;
  accuracy: AccuracyEntry[];
  /** Why the session stopped early ("interrupted" for a signal, "timeout", "error"); null when it ran to the end. */
  stopReason: string | null;
  /** What ended the run early as report.txt names it (report/stop-cause); null when it was not interrupted. */
  stoppedBy: string | null;
}

/**
 * Client-side token counts for every response, after the run (`--tokenizer`; a mix's models each their own).
 * Returns the seconds the tokenizer spent on each accuracy phase: its entry's osl_tokenize_s, as upstream times its count.
 */
function countTokens(run: OpenRun, io: RunIo): Map<string, number> {
  const seconds = new Map<string, number>();
  const { tokenizer, workload, db, modelTokenizers } = run;
  if (modelTokenizers.some((t) => t !== null) && workload.dataset) {
    const rows = workload.dataset.rows;
    const counters = modelTokenizers.map((t) => (t ? { input: promptTokenCounter(rows, t), output: t } : null));
    const counted = db.applyTokenizerCounts(
      "performance",
      (row, model) => counters[model]?.input(row) ?? null,
      (text, model) => counters[model]?.output.count(text) ?? null,
    );
    const sources = [...new Set(modelTokenizers.map((t) => t?.source ?? "none"))].join(", ");
    io.log(`tokenizers ${sources}: counted ${counted} responses, each model with its own`);
  }
  if (!tokenizer) return seconds;
  let counted =
    workload.dataset && modelTokenizers.length === 0
      ? db.applyTokenizerCounts("performance", promptTokenCounter(workload.dataset.rows, tokenizer), tokenizer.count)
      : 0;
  for (const a of workload.accuracy) {
    const startNs = Bun.nanoseconds();
    counted += db.applyTokenizerCounts(
      a.phase.plan.phase,
      promptTokenCounter(a.dataset.rows, tokenizer),
      tokenizer.count,
    );
    seconds.set(a.phase.plan.phase, (Bun.nanoseconds() - startNs) / 1e9);
  }
  io.log(`tokenizer ${tokenizer.source}: counted ${counted} responses`);
  return seconds;
}

/** Embeddings and rerank: each successful request's input count, from the body it sent (dataset/pooling-inputs). */
function countInputs(run: OpenRun): void {
  const { workload, db } = run;
  if (!isPoolingApi(workload.apiType) || !workload.dataset) return;
  db.applyInputCounts("performance", inputCounter(workload.apiType, workload.bodies));
}

/** What every performance request's body carried: images, audio, videos, bytes (dataset/request-content). */
function countRequestContent(run: OpenRun): void {
  const { workload, db } = run;
  const plan = workload.phases.find((p) => p.kind === "performance")?.plan;
  if (!workload.dataset || workload.conversations || !plan) return;
  db.applyRequestContent(
    plan.phase,
    planBodyKeys(plan),
    requestContentOf(workload.bodies, workload.dataset.rows.length),
  );
}

async function scoreAccuracy(
  run: OpenRun,
  result: SessionResult,
  io: RunIo,
  tokenizeS: ReadonlyMap<string, number>,
): Promise<void> {
  const { config, workload, reportDir, db } = run;
  const conversations = workload.conversations?.scoresFile ? workload.conversations : null;
  // Upstream lists the inline "performance" entry after the accuracy datasets' entries.
  const scored = workload.performanceScoring ? [...workload.accuracy, workload.performanceScoring] : workload.accuracy;
  if (scored.length === 0 && !conversations) return;
  const reader = openEventsDbReadonly(join(reportDir, EVENTS_DB_FILE));
  try {
    const { ACCURACY_META_KEY, scoreAccuracyPhases } = await import("../accuracy/score-accuracy.ts");
    const { scoreConversations } = await import("../accuracy/score-conversations.ts");
    const perf = result.phases.find((p) => p.name === conversations?.plan.phase);
    const inline =
      conversations?.scoresFile && perf
        ? [
            scoreConversations(
              reader,
              reportDir,
              conversations.dataset,
              conversations.plan,
              perf,
              conversations.scoresFile,
              conversations.groundTruth,
            ),
          ]
        : [];
    const entries = [
      ...inline,
      ...(await scoreAccuracyPhases(reader, reportDir, scored, result.phases, config, io.log, {
        before: inline,
        tokenizeS,
      })),
    ];
    db.setMeta(ACCURACY_META_KEY, JSON.stringify(entries));
  } finally {
    reader.close();
  }
}

/** Why a finished run counts as failed (the report is written either way), or null when it does not. */
export function runFailure(
  state: SessionState,
  summary: Pick<ResultSummary, "n_samples_issued" | "n_samples_failed" | "n_samples_dropped">,
  measuredPerformance: boolean,
  reportDir: string,
): ExecutionError | null {
  if (state === "failed") {
    return new ExecutionError(`every worker process died; report of what finished written to ${reportDir}`, {
      hint: "see the worker_lost rows in events.db and the errors above; a worker killed by the OOM killer shows as 'killed'",
    });
  }
  if (measuredPerformance && summary.n_samples_issued === 0 && state === "complete") {
    return new ExecutionError(
      `no request was sent (${summary.n_samples_dropped ?? "all"} planned); report written to ${reportDir}`,
      {
        hint: "this is a bug in the load generator; please report it with the report directory",
      },
    );
  }
  if (summary.n_samples_issued > 0 && summary.n_samples_failed === summary.n_samples_issued) {
    return new ExecutionError(
      `every request failed (${summary.n_samples_failed} of ${summary.n_samples_issued}); report written to ${reportDir}`,
      {
        hint: `see the Errors section of ${join(reportDir, "report.txt")}`,
      },
    );
  }
  return null;
}

export async function finishRun(run: OpenRun, result: SessionResult, io: RunIo): Promise<BenchmarkOutcome> {
  const { db, reportDir } = run;
  const tokenizeS = countTokens(run, io);
  countInputs(run);
  countRequestContent(run);
  db.setMeta("state", result.state);
  if (result.stopReason) db.setMeta(STOP_REASON_META_KEY, result.stopReason);
  // Loaded once the run is over: the report code is not on the way to the first request.
  const { writeReportFiles } = await import("../report/write-report.ts");
  // The performance report comes first: scoring may fail, or take an hour of code execution.
  if (run.workload.accuracy.length > 0 || run.workload.performanceScoring || run.workload.conversations?.scoresFile)
    writeReportFiles(reportDir);
  let scoringError: unknown = null;
  try {
    await scoreAccuracy(run, result, io, tokenizeS);
  } catch (error) {
    scoringError = error;
  }
  db.close();
  const { summary, accuracy, stoppedBy } = writeReportFiles(reportDir);
  if (scoringError !== null) {
    io.log(`scoring failed; the performance report is in ${reportDir}`);
    throw scoringError;
  }
  const failure = runFailure(result.state, summary, run.workload.dataset !== null, reportDir);
  if (failure) throw failure;
  return { reportDir, summary, accuracy, stopReason: result.stopReason, stoppedBy };
}
