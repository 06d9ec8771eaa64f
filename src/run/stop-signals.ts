/**
 * @module run/stop-signals — Ctrl-C and SIGTERM during a run.
 *
 * First signal: stop issuing, let in-flight requests drain (bounded by the drain timeout), write
 * the report marked interrupted. Second signal: exit 130 at once; events.db stays consistent
 * because every batch is its own committed WAL transaction.
 */
import { ExitCode } from "../errors.ts";

interface Stoppable {
  requestStop(reason: string, abortNow?: boolean): void;
}

export function installStopSignals(target: Stoppable, log: (line: string) => void): () => void {
  let count = 0;
  const handler = (signal: NodeJS.Signals) => {
    count++;
    if (count === 1) {
      log(`\n${signal}: stopping; waiting for in-flight requests (press Ctrl-C again to quit now)`);
      target.requestStop("interrupted");
    } else {
      log(`${signal}: quitting now`);
      process.exit(ExitCode.interrupted);
    }
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}
