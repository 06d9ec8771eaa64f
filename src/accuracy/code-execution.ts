/**
 * @module accuracy/code-execution — how `code_bench_scorer` may run model-written programs, from the
 * flags and the dataset's `accuracy_config.extras`, checked before the first request.
 *
 * As upstream, the evaluation service at `ws://localhost:<extras.lcb_websocket_port>/evaluate`
 * (13835 unless set; null means none) is used unless `--lcb-service` names another. When nothing
 * answers there and `--allow-code-execution` is absent, the run is refused before it starts
 * instead of finding out after the last request.
 */
// The two light modules, not accuracy/index: the scorers stay off the way to the first request.
import { resolveExecutionOptions, type CodeExecutionOptions } from "./code-bench/execution-options.ts";
import type { CodeBenchExtras } from "./scoring-setup.ts";
import { tcpProblem } from "../client/check-reachable.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { SetupError } from "../errors.ts";
import type { AccuracyWorkload } from "../workload/accuracy-phases.ts";

const PROGRESS_EVERY_MS = 5_000;

/** Service progress frames as log lines, at most one per PROGRESS_EVERY_MS. */
function progressLogger(log: (line: string) => void): (frame: Record<string, unknown>) => void {
  let last = -Infinity;
  return (frame) => {
    const now = performance.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    log(`code_bench_scorer: ${JSON.stringify(frame)}`);
  };
}

export function codeExecutionFor(
  config: BenchmarkConfig,
  extras: CodeBenchExtras,
  log: (line: string) => void,
): CodeExecutionOptions {
  const port = extras.lcb_websocket_port;
  return {
    allow: config.accuracy.allow_code_execution,
    serviceUrl: config.accuracy.lcb_service ?? (port === null ? null : `ws://localhost:${port}/evaluate`),
    timeoutPerTestS: config.accuracy.timeout_per_test_s,
    serviceTimeoutSec: extras.timeout,
    onWarning: (message) => log(`warning: ${message}`),
    ...(extras.show_lcb_runner_output ? { onProgress: progressLogger(log) } : {}),
  };
}

/** Throws when a code_bench dataset could not be scored after the run; warns of a fallback to local execution. */
export async function checkCodeExecution(
  config: BenchmarkConfig,
  accuracy: readonly AccuracyWorkload[],
  log: (line: string) => void,
): Promise<void> {
  for (const a of accuracy) {
    if (a.scoring.codeBench === null) continue;
    const options = resolveExecutionOptions(codeExecutionFor(config, a.scoring.codeBench, log));
    if (options.serviceUrl === null) continue;
    const problem = await tcpProblem(options.serviceUrl);
    if (problem === null) continue;
    const where = `dataset '${a.spec.name}': no LiveCodeBench evaluation service at ${options.serviceUrl} (${problem})`;
    if (!options.allow) {
      throw new SetupError(where, {
        hint:
          "start the service, point --lcb-service (or accuracy_config.extras.lcb_websocket_port) at " +
          "it, or pass --allow-code-execution to run the programs on this machine",
      });
    }
    log(`warning: ${where}; the programs will run on this machine unless it is up when scoring starts`);
  }
}
