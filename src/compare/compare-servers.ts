/**
 * @module compare/compare-servers — whether two runs were served by the same thing: engine, version and model, as each summary's `server` recorded them.
 *
 * Pure. A difference is said, never judged: a faster run on another engine or model is a
 * different experiment, and the table alone would read it as the same server getting faster.
 */
type Summary = Record<string, unknown>;

const FIELDS = ["engine", "version", "model"] as const;

function serverOf(summary: Summary): Record<string, unknown> | null {
  const server = summary.server;
  return server !== null && typeof server === "object" ? (server as Record<string, unknown>) : null;
}

const shown = (value: unknown) => (typeof value === "string" ? value : "not reported");

/** One sentence per field that differs ("engine: llama.cpp → vLLM"), empty when both match or either run recorded no server. */
export function serverDifferences(base: Summary, next: Summary): string[] {
  const [b, n] = [serverOf(base), serverOf(next)];
  if (!b || !n) return [];
  return FIELDS.filter((field) => (b[field] ?? null) !== (n[field] ?? null)).map(
    (field) => `server ${field}: ${shown(b[field])} → ${shown(n[field])}`,
  );
}
