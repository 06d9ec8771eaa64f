/**
 * @module test/e2e/pooling-run — what the embeddings and rerank end-to-end tests share: a dataset file, an offline
 * run of the CLI against a URL, the performance phase's rows of events.db, and the whole summary.
 */
import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readSummary as readCliSummary, runCli } from "./run-cli.ts";

/** The whole summary, typed as the report writes it (run-cli's type holds the fields most tests read). */
export const readSummary = (report: string) => readCliSummary(report);

export function writeRows(dir: string, rows: unknown[]): string {
  const path = join(dir, "rows.jsonl");
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

export const runPooling = (url: string, apiType: string, dataset: string, report: string, ...extra: string[]) =>
  runCli([
    "benchmark",
    "offline",
    "--endpoints",
    url,
    "--model",
    "m",
    "--api-type",
    apiType,
    "--dataset",
    dataset,
    "--report-dir",
    report,
    "--duration",
    "0",
    ...extra,
  ]);

export function requestRows(
  report: string,
): { input_count: number | null; input_tokens: number | null; error_kind: string | null }[] {
  const db = new Database(join(report, "events.db"), { readonly: true });
  try {
    return db
      .query("SELECT input_count, input_tokens, error_kind FROM requests WHERE phase = 'performance' ORDER BY id")
      .all() as never;
  } finally {
    db.close();
  }
}
