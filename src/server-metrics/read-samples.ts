/**
 * @module server-metrics/read-samples — the scraped samples a report needs, read back from
 * events.db (record/server-metrics-table), and how many scrapes worked and failed.
 */
import type { Database } from "bun:sqlite";
import type { ScrapeCounts, ScrapedRow } from "./summary.ts";

function hasTable(db: Database, name: string): boolean {
  return db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== null;
}

/** Samples of `names`, every scrape, in time order (empty when nothing was scraped). */
export function readServerMetricRows(db: Database, names: readonly string[]): ScrapedRow[] {
  if (!hasTable(db, "server_metrics") || names.length === 0) return [];
  const marks = names.map(() => "?").join(",");
  return db
    .query(`SELECT t_ns AS tNs, name, labels, value FROM server_metrics WHERE name IN (${marks}) ORDER BY t_ns`)
    .all(...names) as ScrapedRow[];
}

/** Scrapes in [startNs, endNs] that worked and that failed, and the failures by message. */
export function readScrapeCounts(db: Database, startNs: number, endNs: number): ScrapeCounts {
  if (!hasTable(db, "server_scrapes")) return { ok: 0, failed: 0, errors: {} };
  const row = db
    .query(
      "SELECT COALESCE(SUM(ok), 0) AS ok, COALESCE(SUM(1 - ok), 0) AS failed FROM server_scrapes WHERE t_ns BETWEEN ? AND ?",
    )
    .get(startNs, endNs) as { ok: number; failed: number };
  const errors = db
    .query(
      "SELECT error, COUNT(*) AS n FROM server_scrapes WHERE ok = 0 AND t_ns BETWEEN ? AND ? GROUP BY error ORDER BY n DESC",
    )
    .all(startNs, endNs) as { error: string | null; n: number }[];
  return { ...row, errors: Object.fromEntries(errors.map((e) => [e.error ?? "unknown", e.n])) };
}

/** When each warmup request got its first token, else ended (ns, run clock): about when a server's TTFT histogram counted it. */
export function readWarmupFirstTokens(db: Database): number[] {
  const rows = db
    .query(
      "SELECT COALESCE(first_token_ns, done_ns) AS t FROM requests WHERE phase IN (SELECT name FROM phases WHERE kind = 'warmup')",
    )
    .all() as { t: number }[];
  return rows.map((r) => r.t);
}
