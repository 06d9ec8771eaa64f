/**
 * @module report/html/error-table — failed requests by error kind, with sample messages.
 *
 * Messages are the first bytes of server error bodies, so they are untrusted: always escaped,
 * shown in <code> with whitespace preserved by CSS. Kinds are sorted by count, most first.
 */
import type { ResultSummary } from "../result-summary.ts";
import { escapeHtml } from "./escape-html.ts";

/** Error kinds by count (descending, then name), with that kind's sample messages. */
export function errorBreakdown(s: ResultSummary): { kind: string; count: number; samples: string[] }[] {
  return Object.entries(s.error_counts)
    .sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb))
    .map(([kind, count]) => ({
      kind,
      count,
      samples: s.error_samples.filter((e) => e.kind === kind).map((e) => e.message),
    }));
}

/** The Errors section; "" when no request failed. */
export function renderErrorTable(s: ResultSummary): string {
  const rows = errorBreakdown(s);
  if (rows.length === 0) return "";
  const body = rows
    .map(({ kind, count, samples }) => {
      const list =
        samples.length > 0 ? `<ul>${samples.map((m) => `<li><code>${escapeHtml(m)}</code></li>`).join("")}</ul>` : "—";
      return `<tr><th scope="row">${escapeHtml(kind)}</th><td class="num">${count}</td><td>${list}</td></tr>`;
    })
    .join("");
  return (
    `<section id="errors"><h2>Errors</h2><table class="errors"><thead><tr><th scope="col">kind</th><th scope="col" class="num">count</th>` +
    `<th scope="col">sample messages</th></tr></thead><tbody>${body}</tbody></table></section>`
  );
}
