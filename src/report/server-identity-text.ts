/**
 * @module report/server-identity-text — the server's identity in words, for report.txt, report.html, the console and compare.
 *
 * Pure. "llama.cpp b4567, model qwen.gguf (GET /props)"; settings on a line of their own.
 */
import type { ServerIdentity } from "../server-metrics/server-identity.ts";

/** One line: engine and version, the model, and which answer named the engine. */
export function serverIdentityText(s: ServerIdentity): string {
  const engine = s.engine ? `${s.engine}${s.version ? ` ${s.version}` : ""}` : "engine not reported";
  const model = s.model ? `, model ${s.model}` : "";
  const how = s.identified_by ? ` (${s.identified_by})` : s.models.length > 0 ? " (GET /v1/models only)" : "";
  return `${engine}${model}${how}`;
}

/** `total_slots 2, n_ctx 2048`, or "" without settings. */
export function serverSettingsText(s: ServerIdentity): string {
  return Object.entries(s.settings)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
}

/** report.txt's lines: `Server: …` and, when the engine told them, `Server settings: …`. */
export function serverIdentityLines(s: ServerIdentity): string[] {
  const settings = serverSettingsText(s);
  return [`Server: ${serverIdentityText(s)}`, ...(settings ? [`Server settings: ${settings}`] : [])];
}
