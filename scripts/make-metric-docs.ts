/**
 * @module scripts/make-metric-docs — the generated tables of docs/metrics.md: metrics, error kinds, stream notes and the live page's series.
 *
 * `bun scripts/make-metric-docs.ts` rewrites the tables between their header rows and the next
 * blank line; test/docs.test.ts checks that the committed file equals what this makes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LIVE_METRICS } from "../src/live-metrics/live-metric-names.ts";
import { METRICS } from "../src/metrics/metric-names.ts";
import { ERROR_KINDS } from "../src/record/error-kinds.ts";
import { STREAM_NOTE_NAMES, STREAM_NOTES } from "../src/record/stream-notes.ts";

export const METRICS_DOC = join(import.meta.dir, "..", "docs", "metrics.md");

const METRIC_HEADER = "| name | unit | definition |\n|---|---|---|\n";
const ERROR_HEADER = "| kind | what happened |\n|---|---|\n";
const NOTE_HEADER = "| note | meaning |\n|---|---|\n";
const LIVE_HEADER = "| live series | type | labels | what |\n|---|---|---|---|\n";

function metricRows(): string {
  return METRICS.map((m) => `| \`${m.name}\` | ${m.unit} | ${m.definition} |`).join("\n");
}

function errorRows(): string {
  return Object.entries(ERROR_KINDS)
    .map(([kind, meaning]) => `| \`${kind}\` | ${meaning} |`)
    .join("\n");
}

function noteRows(): string {
  return STREAM_NOTE_NAMES.map((name) => `| \`${name}\` | ${STREAM_NOTES[name].meaning} |`).join("\n");
}

function liveRows(): string {
  return LIVE_METRICS.map(
    (m) => `| \`${m.name}\` | ${m.type} | ${m.labels.map((l) => `\`${l}\``).join(", ")} | ${m.help} |`,
  ).join("\n");
}

/** `text` with the rows after `header` (up to the next blank line or the end) replaced by `rows`. */
function replaceTable(text: string, header: string, rows: string): string {
  const at = text.indexOf(header);
  if (at < 0) throw new Error(`docs/metrics.md has no table headed ${JSON.stringify(header.split("\n")[0])}`);
  const start = at + header.length;
  const blank = text.indexOf("\n\n", start);
  const end = blank < 0 ? text.length : blank;
  return `${text.slice(0, start)}${rows}${text.slice(end).startsWith("\n") ? "" : "\n"}${text.slice(end)}`;
}

/** docs/metrics.md as it should be, from the current file's prose and the registries' tables. */
export function metricDocs(current: string): string {
  const placeholders = current.replace("@@METRICS@@", "").replace("@@ERRORS@@", "").replace("@@NOTES@@", "");
  const withMetrics = replaceTable(placeholders, METRIC_HEADER, metricRows());
  const withNotes = replaceTable(replaceTable(withMetrics, ERROR_HEADER, errorRows()), NOTE_HEADER, noteRows());
  return replaceTable(withNotes, LIVE_HEADER, liveRows());
}

if (import.meta.main) {
  writeFileSync(METRICS_DOC, metricDocs(readFileSync(METRICS_DOC, "utf8")));
  console.error(`wrote ${METRICS_DOC}`);
}
