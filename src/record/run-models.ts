/**
 * @module record/run-models — events.db's `models` table: the models a run's requests went to, by index.
 *
 * A request row holds its model as a small index (`requests.model`) rather than the name: names of LoRA
 * adapters and hub ids run to tens of bytes, and most runs send tens of thousands of rows to one or two
 * models. Index 0 is the run's first model. A one-model run leaves the table empty, and a file from before it
 * existed has none: every request there went to the run's one model.
 */
import type { Database } from "bun:sqlite";

export interface RunModel {
  name: string;
  /** The tokenizer that counts this model's tokens after the run; null: the run's own (or none). */
  tokenizer: string | null;
}

export const MODELS_TABLE =
  "CREATE TABLE IF NOT EXISTS models (idx INTEGER PRIMARY KEY, name TEXT NOT NULL, tokenizer TEXT);";

export function writeModels(db: Database, models: readonly RunModel[]): void {
  const insert = db.prepare("INSERT OR REPLACE INTO models (idx, name, tokenizer) VALUES (?, ?, ?)");
  db.transaction(() => models.forEach((m, idx) => insert.run(idx, m.name, m.tokenizer)))();
  insert.finalize();
}

/** The run's models in index order; empty for a one-model run and a file without the table (its model is in its config). */
export function readModels(db: Database): RunModel[] {
  const table = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'models'").get();
  if (!table) return [];
  return db.query("SELECT name, tokenizer FROM models ORDER BY idx").all() as RunModel[];
}
