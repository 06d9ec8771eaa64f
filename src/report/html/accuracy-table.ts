/** @module report/html/accuracy-table — the accuracy section of report.html: one row per scored dataset. */
import { formatScore, type AccuracyEntry } from "../../accuracy/index.ts";
import { escapeHtml } from "./escape-html.ts";

export function renderAccuracyTable(entries: readonly AccuracyEntry[]): string {
  if (entries.length === 0) return "";
  const header = ["dataset", "extractor", "score", "repeats", "scored", "empty", "missing", "duration s"]
    .map((h, i) => `<th scope="col"${i >= 2 ? ' class="num"' : ""}>${h}</th>`)
    .join("");
  const rows = entries
    .map((e) => {
      // A performance entry has no counts (its failures are in the summary above), as upstream writes it.
      const c = e.response_counts;
      const cells = [formatScore(e.score), e.num_repeats, c?.scored ?? "—", c?.empty ?? "—", c?.missing ?? "—"]
        .concat(e.duration_s.toFixed(3))
        .map((v) => `<td class="num">${escapeHtml(String(v))}</td>`)
        .join("");
      return (
        `<tr><th scope="row">${escapeHtml(e.dataset_name)}${e.complete ? "" : " (incomplete)"}</th>` +
        `<td>${escapeHtml(e.extractor ?? "—")}</td>${cells}</tr>`
      );
    })
    .join("");
  return (
    `<section id="accuracy"><h2>Accuracy</h2><table class="accuracy"><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table>` +
    `<p class="note">pass@1: the share of issued requests answered right (failed or empty responses count as wrong), averaged over repeats.</p></section>`
  );
}
