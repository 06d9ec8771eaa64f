/**
 * @module accuracy/code-bench/local-evaluator — runs many (question, program) jobs on this machine.
 *
 * At most `concurrency` Python processes at once. Identical (question, code) pairs — common with
 * repeats at temperature 0 — run once and share the outcome. A job without code (nothing was
 * extracted) fails without starting a process.
 */
import type { ProgramOutcome, RunLimits } from "./run-program.ts";
import { runProgram } from "./run-program.ts";
import type { QuestionTests } from "./test-cases.ts";

export interface LocalJob {
  questionId: string;
  code: string | null;
  question: QuestionTests;
}

const NO_CODE: ProgramOutcome = {
  passed: false,
  reason: "no_code",
  failedTest: null,
  detail: "no program could be extracted",
};

/** Outcomes of `jobs`, in the same order. */
export async function evaluateLocally(
  jobs: readonly LocalJob[],
  limits: RunLimits,
  concurrency: number,
): Promise<ProgramOutcome[]> {
  const distinct = new Map<string, { job: LocalJob; outcome?: ProgramOutcome }>();
  const keys = jobs.map((job) => {
    if (job.code === null) return null;
    const key = `${job.questionId}\0${job.code}`;
    if (!distinct.has(key)) distinct.set(key, { job });
    return key;
  });
  const queue = [...distinct.values()];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const item = queue[next++] as { job: LocalJob; outcome?: ProgramOutcome };
      item.outcome = await runProgram(item.job.code as string, item.job.question, limits);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));
  return keys.map((key) => (key === null ? NO_CODE : (distinct.get(key)?.outcome ?? NO_CODE)));
}
