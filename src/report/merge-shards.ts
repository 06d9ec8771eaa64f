/**
 * @module report/merge-shards — `report merge DIR… --output DIR`: the shards of one plan as one events.db.
 *
 * Every shard's rows are copied with their timestamps moved onto the first shard's T0 by the
 * difference of the T0 wall clocks (`run.t0_epoch_ns`), so the merged database is what one host
 * would have recorded, to the precision of the hosts' clock sync (docs/distributed.md). Plan
 * indices become index × N + shard, unique across shards. Phases span all shards. Parts of
 * different plans (`run.plan_id`) are refused; a shard that is missing, or that did not
 * complete, is named, and the merged run is marked interrupted, never silently smaller. Each
 * shard's own schedule lag and verdict are kept beside the merged ones (report/shard-health).
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError } from "../errors.ts";
import { EVENTS_DB_FILE, EventsDb } from "../record/events-db.ts";
import { readPhases, readRunMeta } from "../metrics/read-phase.ts";
import { SHARD_HEALTH_META_KEY, shardHealth, type MergedShards, type ShardHealth } from "./shard-health.ts";
import { summarizeRunDir } from "./write-report.ts";
import { readModels, writeModels, type RunModel } from "../record/run-models.ts";
import { STOP_REASON_META_KEY, STOP_SIGNAL_META_KEY } from "./stop-cause.ts";

function readModelsOf(dir: string): RunModel[] {
  const db = new Database(join(dir, EVENTS_DB_FILE), { readonly: true });
  try {
    return readModels(db);
  } finally {
    db.close();
  }
}

const NS_COLUMNS = new Set(["scheduled_ns", "sent_ns", "response_headers_ns", "first_token_ns", "done_ns"]);

interface ShardRun {
  dir: string;
  index: number;
  count: number;
  planId: string;
  t0EpochNs: bigint;
  meta: Record<string, string>;
  phases: ReturnType<typeof readPhases>;
}

interface MergeOutcome {
  shards: number;
  /** Shards of the plan that were not given, as `I/N`. */
  missing: string[];
  /** Given shards whose run did not complete, as `I/N (state)`. */
  incomplete: string[];
}

function readShard(dir: string): ShardRun {
  const path = join(dir, EVENTS_DB_FILE);
  if (!existsSync(path))
    throw new InputError(`no ${EVENTS_DB_FILE} in ${dir}`, { hint: "give the report directories the shards wrote" });
  const db = new Database(path, { readonly: true });
  try {
    const meta = readRunMeta(db);
    const shard = /^(\d+)\/(\d+)$/.exec(meta.shard ?? "");
    if (!shard || !meta.plan_id || !meta.t0_epoch_ns)
      throw new InputError(`${dir}: not a shard of a plan (no run.shard, run.plan_id or run.t0_epoch_ns)`, {
        hint: "merge the report directories of runs made with --shard I/N",
      });
    if (meta.conversations) throw new InputError(`${dir}: merging conversation runs is not supported yet`);
    return {
      dir,
      index: Number(shard[1]),
      count: Number(shard[2]),
      planId: meta.plan_id,
      t0EpochNs: BigInt(meta.t0_epoch_ns),
      meta,
      phases: readPhases(db),
    };
  } finally {
    db.close();
  }
}

function checkShards(shards: readonly ShardRun[]): { count: number; missing: string[] } {
  const [first] = shards;
  if (!first) throw new InputError("report merge needs at least one shard directory");
  for (const s of shards) {
    if (s.planId !== first.planId)
      throw new InputError(
        `${s.dir} is a shard of plan ${s.planId}, ${first.dir} of plan ${first.planId}: they cannot be merged`,
        { hint: "every shard must run the same config, dataset and seeds" },
      );
    if (s.count !== first.count)
      throw new InputError(`${s.dir} is shard ${s.index}/${s.count}, ${first.dir} shard ${first.index}/${first.count}`);
  }
  const seen = new Map<number, string>();
  for (const s of shards) {
    const other = seen.get(s.index);
    if (other) throw new InputError(`${s.dir} and ${other} are both shard ${s.index}/${s.count}`);
    seen.set(s.index, s.dir);
  }
  const missing = Array.from({ length: first.count }, (_, i) => i)
    .filter((i) => !seen.has(i))
    .map((i) => `${i}/${first.count}`);
  return { count: first.count, missing };
}

function copyRows(out: Database, shard: ShardRun, reference: bigint, count: number, columns: readonly string[]): void {
  const offset = Number(shard.t0EpochNs - reference);
  const select = columns.map((c) =>
    c === "plan_index" ? `plan_index * ${count} + ${shard.index}` : NS_COLUMNS.has(c) ? `${c} + ${offset}` : c,
  );
  out.run("ATTACH DATABASE ? AS shard", [join(shard.dir, EVENTS_DB_FILE)]);
  try {
    const shardColumns = new Set(
      (out.query("PRAGMA shard.table_info(requests)").all() as { name: string }[]).map((c) => c.name),
    );
    const present = columns.map((c, i) => (shardColumns.has(c) ? select[i] : "NULL"));
    // One transaction per shard: SQLite cannot detach a database inside an open transaction.
    out.run("BEGIN");
    out.run(`INSERT INTO main.requests (${columns.join(", ")}) SELECT ${present.join(", ")} FROM shard.requests`);
    // Every shard of a plan sends the same bodies: a (phase, row, model) two shards share is one row.
    if (out.query("SELECT 1 FROM shard.sqlite_master WHERE name = 'request_content'").get() !== null)
      out.run("INSERT OR IGNORE INTO main.request_content SELECT * FROM shard.request_content");
    out.run("COMMIT");
  } finally {
    out.run("DETACH DATABASE shard");
  }
}

function healthOf(shard: ShardRun, reference: bigint): ShardHealth {
  const wait = shard.meta.start_wait_ms === undefined ? null : Number(shard.meta.start_wait_ms);
  return shardHealth(summarizeRunDir(shard.dir), {
    shard: `${shard.index}/${shard.count}`,
    dir: shard.dir,
    startWaitMs: wait,
    t0OffsetNs: Number(shard.t0EpochNs - reference),
  });
}

/** True when `dir` holds the events.db of a shard (run.shard set). */
function holdsShard(dir: string): boolean {
  if (!existsSync(join(dir, EVENTS_DB_FILE))) return false;
  const db = new Database(join(dir, EVENTS_DB_FILE), { readonly: true });
  try {
    return db.query("SELECT 1 FROM run WHERE key = 'shard'").get() !== null;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

/**
 * The report directories `dirs` name: a directory without an events.db of its own stands for its
 * subdirectories that hold a shard (a job's results directory with shard-0, shard-1, …; earlier
 * merges there are not shards) — so a shell-less container can merge without a glob.
 */
function shardDirs(dirs: readonly string[], outDir: string): string[] {
  return dirs.flatMap((dir) => {
    if (existsSync(join(dir, EVENTS_DB_FILE)) || !existsSync(dir)) return [dir];
    const inside = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && resolve(dir, e.name) !== resolve(outDir) && holdsShard(join(dir, e.name)))
      .map((e) => join(dir, e.name))
      .sort();
    return inside.length > 0 ? inside : [dir];
  });
}

/** Writes `outDir/events.db` from the shards' report directories. */
export function mergeShards(dirs: readonly string[], outDir: string): MergeOutcome {
  const shards = shardDirs(dirs, outDir)
    .map(readShard)
    .sort((a, b) => a.index - b.index);
  const { count, missing } = checkShards(shards);
  const target = join(outDir, EVENTS_DB_FILE);
  if (existsSync(target))
    throw new InputError(`${outDir} already holds a run (${EVENTS_DB_FILE})`, { hint: "merge into a new directory" });
  mkdirSync(outDir, { recursive: true });
  const reference = (shards[0] as ShardRun).t0EpochNs;
  new EventsDb(target).close();
  const out = new Database(target);
  try {
    const columns = (out.query("PRAGMA table_info(requests)").all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== "id");
    for (const shard of shards) copyRows(out, shard, reference, count, columns);
    // Shards of one plan share its models (a mix is planned before the plan is dealt), so the first shard's table holds.
    writeModels(out, readModelsOf((shards[0] as ShardRun).dir));
    out.run("BEGIN");
    const byPhase = new Map<
      string,
      { kind: string; start: number; end: number | null; planned: number; sent: number; complete: boolean }
    >();
    for (const shard of shards) {
      const offset = Number(shard.t0EpochNs - reference);
      for (const p of shard.phases) {
        const start = p.start_ns === null ? Number.POSITIVE_INFINITY : p.start_ns + offset;
        const end = p.end_ns === null ? null : p.end_ns + offset;
        const merged = byPhase.get(p.name) ?? { kind: p.kind, start, end, planned: 0, sent: 0, complete: true };
        merged.start = Math.min(merged.start, start);
        merged.end = merged.end === null || end === null ? null : Math.max(merged.end, end);
        merged.planned += p.planned;
        merged.sent += p.sent;
        merged.complete &&= p.state === "complete";
        byPhase.set(p.name, merged);
      }
    }
    for (const [name, p] of byPhase) {
      out.run(
        "INSERT OR REPLACE INTO phases (name, kind, start_ns, end_ns, planned, sent, state) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          name,
          p.kind,
          Number.isFinite(p.start) ? p.start : null,
          p.end,
          p.planned,
          p.sent,
          p.complete ? "complete" : "interrupted",
        ],
      );
    }
    const incomplete = shards
      .filter((s) => s.meta.state !== "complete")
      .map((s) => `${s.index}/${s.count} (${s.meta.state ?? "unknown"})`);
    const health: MergedShards = { of: count, missing, merged: shards.map((s) => healthOf(s, reference)) };
    const meta: Record<string, string> = {
      ...(shards[0] as ShardRun).meta,
      state: missing.length === 0 && incomplete.length === 0 ? "complete" : "interrupted",
      merged_shards: shards.map((s) => `${s.index}/${s.count}`).join(","),
      merged_missing: missing.join(","),
      [SHARD_HEALTH_META_KEY]: JSON.stringify(health),
    };
    delete meta.shard;
    delete meta.start_wait_ms;
    // The first shard's own stop is not the merge's: an incomplete merge names its shards (report/stop-cause).
    delete meta[STOP_SIGNAL_META_KEY];
    delete meta[STOP_REASON_META_KEY];
    if (meta.state !== "complete") meta[STOP_REASON_META_KEY] = "shards";
    for (const [key, value] of Object.entries(meta))
      out.run("INSERT OR REPLACE INTO run (key, value) VALUES (?, ?)", [key, value]);
    out.run("COMMIT");
    return { shards: shards.length, missing, incomplete };
  } finally {
    out.close();
  }
}
