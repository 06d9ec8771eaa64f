/**
 * @module profiling/profiling-text — report.txt's Profiling section: each trigger POST with its
 * outcome, and the span from the first start to the last stop (upstream's section, our words).
 */
import type { ProfileCall, ProfilingRecord } from "./profiler-triggers.ts";

export const PROFILING_JSON_FILE = "profiling.json";

function outcome(call: ProfileCall): string {
  if (call.status === 200) return "200 OK";
  if (call.status === 404) return "404 (the server's profiler is off: start vLLM with --profiler-config.profiler=...)";
  return call.error ?? (call.status === null ? "no answer" : String(call.status));
}

function callLine(call: ProfileCall): string {
  const aborted = call.stop_reason === "abort" ? " (the session failed)" : "";
  return `  POST ${call.url} @ ${call.sent_at_iso} → ${outcome(call)}${aborted}`;
}

/** The section's lines, from its opening rule to the closing note. */
export function profilingLines(record: ProfilingRecord): string[] {
  const lines = [
    "",
    "------------------- Profiling -------------------",
    `Engine: ${record.engine}`,
    "Start:",
    ...record.starts.map(callLine),
  ];
  if (record.stops.length > 0) lines.push("Stop:", ...record.stops.map(callLine));
  if (record.starts.length > 0 && record.stops.length > 0) {
    const first = Math.min(...record.starts.map((c) => c.sent_at_ns));
    const last = Math.max(...record.stops.map((c) => c.sent_at_ns));
    lines.push(`Trigger span: ${((last - first) / 1e9).toFixed(2)} s`);
  }
  lines.push(
    "",
    "The trace covers at most what the server's --profiler-config.delay_iterations and",
    "--profiler-config.max_iterations allow; the server's log names the trace files.",
  );
  return lines;
}
