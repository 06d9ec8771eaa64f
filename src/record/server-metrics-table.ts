/**
 * @module record/server-metrics-table — events.db's `server_metrics` and `server_scrapes` tables:
 * every sample of every scrape of the server's Prometheus page, at the scrape's instant on the
 * run's clock (server-metrics/scraper), and each scrape's outcome.
 *
 * `server_metrics(t_ns, name, labels, value)`: labels as sorted-key JSON (server-metrics/exposition);
 * SQLite keeps NaN as NULL. `server_scrapes(t_ns, duration_ns, ok, error)`: one row per attempt.
 */
import type { Database, Statement } from "bun:sqlite";
import type { MetricSample } from "../server-metrics/exposition.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS server_metrics (t_ns INTEGER NOT NULL, name TEXT NOT NULL, labels TEXT NOT NULL, value REAL);
CREATE TABLE IF NOT EXISTS server_scrapes (t_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, ok INTEGER NOT NULL, error TEXT);
`;

export class ServerMetricsTable {
  private readonly sample: Statement;
  private readonly scrape: Statement;
  private readonly addAll: (tNs: number, durationNs: number, samples: readonly MetricSample[]) => void;

  constructor(db: Database) {
    db.exec(SCHEMA);
    this.sample = db.prepare("INSERT INTO server_metrics (t_ns, name, labels, value) VALUES (?, ?, ?, ?)");
    this.scrape = db.prepare("INSERT INTO server_scrapes (t_ns, duration_ns, ok, error) VALUES (?, ?, ?, ?)");
    this.addAll = db.transaction((tNs: number, durationNs: number, samples: readonly MetricSample[]) => {
      for (const s of samples) this.sample.run(tNs, s.name, s.labels, Number.isNaN(s.value) ? null : s.value);
      this.scrape.run(tNs, durationNs, 1, null);
    });
  }

  /** One scrape's samples, in one transaction. */
  add(tNs: number, durationNs: number, samples: readonly MetricSample[]): void {
    this.addAll(tNs, durationNs, samples);
  }

  /** A scrape that failed (timeout, HTTP error, not the format). */
  failed(tNs: number, durationNs: number, error: string): void {
    this.scrape.run(tNs, durationNs, 0, error);
  }
}
