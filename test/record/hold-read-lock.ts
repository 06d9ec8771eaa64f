/** @module test/record/hold-read-lock — a worker thread that holds a read lock on a SQLite file for a set time, as a user's sqlite3 would. */
import { Database } from "bun:sqlite";

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ path: string; holdMs: number }>) => {
  const db = new Database(event.data.path, { readonly: true });
  db.exec("BEGIN");
  db.query("SELECT count(*) FROM sqlite_master").get();
  postMessage("held");
  // Busy, not asleep: the lock must stay held however this thread is scheduled, then go.
  const until = performance.now() + event.data.holdMs;
  while (performance.now() < until) {}
  db.exec("COMMIT");
  db.close();
  postMessage("released");
};
