/**
 * @module report/stop-cause — what ended a run early, as report.txt's warning names it, from the run's metadata.
 *
 * Upstream's report says `WARNING: run was interrupted (SIGTERM/SIGINT) — metrics below are
 * best-effort partial data.`: its runs stop early on those two signals only, and it does not
 * record which. Ours records the first stop signal (or the dashboard's key) when it arrives
 * (`stop_signal`, run/execute-run) beside the session's reason (`stop_reason`: interrupted,
 * timeout, error), so the warning names what did stop the run — the signal, `--run-timeout`, an
 * error — and a run that never wrote its end (killed) or a merge of incomplete shards says so.
 */

/** events.db's run metadata key for the first stop signal's name (SIGINT, SIGTERM, or the dashboard's key). */
export const STOP_SIGNAL_META_KEY = "stop_signal";
/** events.db's run metadata key for why the session stopped early: interrupted (a signal), timeout, error; `report merge`: shards. */
export const STOP_REASON_META_KEY = "stop_reason";

/** A stop key's name (run/stop-signals: the dashboard reads Ctrl-C and q as keys) as the warning names it. */
const KEYS: Readonly<Record<string, string>> = { "Ctrl-C": "SIGINT: Ctrl-C in the dashboard", q: "q in the dashboard" };

/** What stopped an interrupted run, from its metadata (state, stop_reason, stop_signal). */
export function stopCause(meta: Readonly<Record<string, string | undefined>>): string {
  const signal = meta[STOP_SIGNAL_META_KEY];
  const named = signal === undefined ? undefined : (KEYS[signal] ?? signal);
  // A run that stopped wrote its state at the end; "running" (or none) means the process died first.
  if (meta.state === undefined || meta.state === "running")
    return named ? `${named}, then the process ended before the run did` : "the process ended before the run did";
  switch (meta[STOP_REASON_META_KEY]) {
    case "interrupted":
      return named ?? "a stop signal";
    case "timeout":
      return "--run-timeout";
    case "error":
      return "an error in the main process, see its log";
    case "shards":
      return "a shard is missing or did not complete";
    default:
      return "cause not recorded";
  }
}

/** report.txt's first Summary line for a run that did not complete, as upstream words it; null for a complete run. */
export function stateWarning(state: string, cause: string | null): string | null {
  if (state === "interrupted")
    return `WARNING: run was interrupted (${cause ?? "cause not recorded"}) — metrics below are best-effort partial data.`;
  if (state === "failed")
    return "WARNING: report is incomplete (every worker process died) — metrics below are best-effort partial data.";
  return null;
}
