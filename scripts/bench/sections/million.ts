/**
 * @module scripts/bench/sections/million — 1M requests offline: peak memory, events.db size per request, report rebuild time.
 *
 * `benchmark offline --workers 1 --max-connections 64 --streaming off --num-samples 1000000`
 * against `serve --mode fixed` (server CPU 0, client CPU 1). Peak RSS is VmHWM from
 * /proc/PID/status, sampled every 20 ms for main and worker. events.db bytes per request is
 * the size of events.db (+ -wal/-shm if left) over its rows. Then `report DIR` is timed on it.
 */
import { Database } from "bun:sqlite";
import { existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { achievedQps, failures, offlineArgs, runIe } from "../lib/ie.ts";
import { BUN, CLIENT_CPU, MAIN, pinned, ROOT, startFixedServer, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { atMost, fmt, median, runs, short, type Row } from "../lib/table.ts";

const MAX_RSS_MB = 300;
const MAX_BYTES_PER_REQUEST = 120;
const MAX_REPORT_S = 5;

function dbBytes(dir: string): number {
  return ["events.db", "events.db-wal", "events.db-shm"]
    .map((name) => join(dir, name))
    .filter(existsSync)
    .reduce((sum, path) => sum + statSync(path).size, 0);
}

function dbRows(dir: string): number {
  const db = new Database(join(dir, "events.db"), { readonly: true });
  try {
    return (db.query("SELECT COUNT(*) AS n FROM requests").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function timeReport(dir: string): Promise<number> {
  const started = performance.now();
  const proc = track(pinned(CLIENT_CPU, [BUN, MAIN, "report", dir]), { cwd: ROOT });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr as ReadableStream).text()]);
  if (code !== 0) throw new Error(`report ${dir} exited ${code}: ${stderr.slice(-1000)}`);
  return (performance.now() - started) / 1000;
}

export const millionSection: Section = {
  name: "million",
  description: "1M requests offline: peak RSS (main, worker), events.db bytes/request, `report DIR` time",
  async run(ctx): Promise<Row[]> {
    const samples = ctx.millionSamples;
    const server = await startFixedServer();
    const mainMb: number[] = [];
    const workerMb: number[] = [];
    const bytesPerRequest: number[] = [];
    const reportS: number[] = [];
    const rates: number[] = [];
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        const dir = join(ctx.tmp, `m${i}`);
        const run = await runIe(offlineArgs(server.url, samples, false), dir);
        const bad = failures(run.summary);
        if (bad) throw new Error(`${short(samples)}-request run had failures: ${bad}`);
        const rows = dbRows(dir);
        mainMb.push(run.mainPeakKb / 1024);
        workerMb.push(Math.max(...run.workerPeakKb) / 1024);
        bytesPerRequest.push(dbBytes(dir) / rows);
        rates.push(achievedQps(run.summary));
        reportS.push(await timeReport(dir));
        rmSync(dir, { recursive: true, force: true });
        progress(
          `run ${i + 1}: ${short(rates.at(-1) ?? 0)} req/s, RSS main ${fmt(mainMb.at(-1) ?? 0)} MB, worker ${fmt(workerMb.at(-1) ?? 0)} MB, ` +
            `${fmt(bytesPerRequest.at(-1) ?? 0, 1)} B/request, report ${fmt(reportS.at(-1) ?? 0, 2)} s, run wall ${fmt(run.wallMs / 1000, 1)} s`,
        );
      }
    } finally {
      await server.stop();
    }
    const section = `4 ${short(samples)} requests offline`;
    const mb = (x: number) => `${fmt(x)} MB`;
    return [
      {
        section,
        metric: "peak RSS, main process (VmHWM)",
        value: mb(median(mainMb)),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_RSS_MB} MB`,
        verdict: atMost(median(mainMb), MAX_RSS_MB),
        notes: runs(mainMb, " MB"),
      },
      {
        section,
        metric: "peak RSS, worker process (VmHWM)",
        value: mb(median(workerMb)),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_RSS_MB} MB`,
        verdict: atMost(median(workerMb), MAX_RSS_MB),
        notes: runs(workerMb, " MB"),
      },
      {
        section,
        metric: "events.db bytes per request",
        value: fmt(median(bytesPerRequest), 1),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_BYTES_PER_REQUEST} B`,
        verdict: atMost(median(bytesPerRequest), MAX_BYTES_PER_REQUEST),
        notes: runs(bytesPerRequest, " B"),
      },
      {
        section,
        metric: "`report DIR` wall time (s)",
        value: fmt(median(reportS), 2),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_REPORT_S} s`,
        verdict: atMost(median(reportS), MAX_REPORT_S),
        notes: runs(reportS, " s"),
      },
      {
        section,
        metric: "throughput of the run (req/s)",
        value: fmt(median(rates)),
        peer: "–",
        ratio: "–",
        target: "–",
        verdict: "–",
        notes: runs(rates),
      },
    ];
  },
};
