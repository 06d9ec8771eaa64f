/**
 * @module run/stop-signals — Ctrl-C and SIGTERM during a run (and the dashboard's `q`).
 *
 * First signal: stop issuing, let in-flight requests drain (bounded by the drain timeout), write
 * the report marked interrupted. Second signal: exit 130 at once; events.db stays consistent
 * because every batch is its own committed WAL transaction. The dashboard reads keys in raw
 * mode, where Ctrl-C is a key and not SIGINT: it calls `press`, which emits SIGINT on the
 * process, so every listener (this one, a sweep's) hears it as it would the signal.
 */
import { ExitCode } from "../errors.ts";

interface Stoppable {
  requestStop(reason: string, abortNow?: boolean): void;
}

interface StopSignals {
  /** A stop key (q, or Ctrl-C in raw mode): the same as a signal. */
  press(name: string): void;
  remove(): void;
}

/** `onStopping`: told of the first signal (the dashboard shows that the run is draining). */
export function installStopSignals(
  target: Stoppable,
  log: (line: string) => void,
  onStopping: (signal: string) => void = () => {},
): StopSignals {
  let count = 0;
  const handler = (signal: string) => {
    count++;
    if (count === 1) {
      log(`\n${signal}: stopping; waiting for in-flight requests (press Ctrl-C again to quit now)`);
      onStopping(signal);
      target.requestStop("interrupted");
    } else {
      log(`${signal}: quitting now`);
      process.exit(ExitCode.interrupted);
    }
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return {
    // The key's name rides as the signal's, so the log line says what was pressed.
    press: (name) => process.emit("SIGINT", name as NodeJS.Signals),
    remove: () => {
      process.off("SIGINT", handler);
      process.off("SIGTERM", handler);
    },
  };
}
