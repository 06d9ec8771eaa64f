/**
 * @module scripts/bench/ab-pairs — two builds of the CLI against one server, run in pairs, for differences the bench cannot resolve.
 *
 *   bun scripts/bench/ab-pairs.ts --a DIR [--b DIR] [--kind offline|streaming|poisson] [--pairs 6]
 *     [--requests 60000] [--env-a K=V,…] [--env-b K=V,…]
 *
 * A and B are source trees (a `git worktree` of the old commit, and this one by default); `--env-a`
 * and `--env-b` add environment variables to one side, so a tree can also be compared with itself
 * under a runtime setting. One `serve --mode fixed` of this tree on CPU 0 answers both; each run is
 * `benchmark offline` (64 connections) or Poisson at 10,000 req/s, one worker, `-q`, pinned to CPU 1.
 * Each pair runs both sides back to back, alternating which goes first, so a host that slows for a
 * minute slows both; the figure is the median over pairs of B's value over A's (docs/dev/performance.md).
 * Per run: the rate, main's CPU while its worker lived, the worker's CPU and its peak RSS, from /proc.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { childPids, peakRssKb, statTimes } from "./lib/cpu.ts";
import { achievedQps, failures, offlineArgs, poissonArgs, type Summary } from "./lib/ie.ts";
import { BUN, CLIENT_CPU, pinned, startFixedServer, stopAll, track } from "./lib/procs.ts";
import { fmt, median } from "./lib/table.ts";

const POISSON_QPS = 10_000;
const SAMPLE_MS = 10;

interface Side {
  name: string;
  dir: string;
  env: Record<string, string>;
}

interface Run {
  rate: number;
  mainCpuMs: number;
  workerCpuMs: number;
  workerPeakMb: number;
}

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: join(import.meta.dir, "..", "..") },
    kind: { type: "string", default: "offline" },
    pairs: { type: "string", default: "6" },
    requests: { type: "string", default: "60000" },
    "env-a": { type: "string", default: "" },
    "env-b": { type: "string", default: "" },
  },
});
if (!values.a || !["offline", "streaming", "poisson"].includes(values.kind)) {
  console.error(
    "usage: bun scripts/bench/ab-pairs.ts --a DIR [--b DIR] [--kind offline|streaming|poisson] [--pairs N]",
  );
  process.exit(2);
}
const envOf = (text: string) =>
  Object.fromEntries(
    text
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=", 2)),
  );
const sides: Side[] = [
  { name: "A", dir: values.a, env: envOf(values["env-a"]) },
  { name: "B", dir: values.b, env: envOf(values["env-b"]) },
];
const requests = Number(values.requests);

function argsFor(url: string): string[] {
  if (values.kind === "poisson") return poissonArgs(url, POISSON_QPS, requests / POISSON_QPS);
  return offlineArgs(url, requests, values.kind === "streaming");
}

/** One run of `side`: main's CPU is read while its worker lives, the worker's until it exits. */
async function runOnce(side: Side, url: string): Promise<Run> {
  const reportDir = mkdtempSync(join(tmpdir(), "ab-pairs-"));
  const command = [BUN, join(side.dir, "src", "main.ts"), ...argsFor(url), "-q", "--report-dir", reportDir];
  const proc = track(pinned(CLIENT_CPU, command), { env: { ...process.env, ...side.env }, stderr: "pipe" });
  let mainFirst: number | null = null;
  let mainLast = 0;
  let workerPeakKb = 0;
  const workerCpu = new Map<number, number>();
  const timer = setInterval(() => {
    const workers = childPids(proc.pid);
    const main = statTimes(proc.pid)?.ownUs;
    if (workers.length === 0 || main === undefined) return;
    mainFirst ??= main;
    mainLast = main;
    for (const pid of workers) {
      const own = statTimes(pid)?.ownUs;
      if (own !== undefined) workerCpu.set(pid, own);
      workerPeakKb = Math.max(workerPeakKb, peakRssKb(pid) ?? 0);
    }
  }, SAMPLE_MS);
  const stderr = await new Response(proc.stderr as ReadableStream).text();
  await proc.exited;
  clearInterval(timer);
  try {
    if (proc.exitCode !== 0) throw new Error(`side ${side.name} exited ${proc.exitCode}: ${stderr.slice(-1000)}`);
    const summary = JSON.parse(readFileSync(join(reportDir, "performance", "result_summary.json"), "utf8")) as Summary;
    const bad = failures(summary);
    if (bad) throw new Error(`side ${side.name} had failures: ${bad}`);
    return {
      rate: achievedQps(summary),
      mainCpuMs: (mainLast - (mainFirst ?? mainLast)) / 1000,
      workerCpuMs: [...workerCpu.values()].reduce((sum, us) => sum + us, 0) / 1000,
      workerPeakMb: workerPeakKb / 1024,
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

const server = await startFixedServer();
const results: Run[][] = [[], []];
try {
  for (let pair = 0; pair < Number(values.pairs); pair++) {
    for (const index of pair % 2 === 0 ? [0, 1] : [1, 0]) {
      const side = sides[index] as Side;
      const run = await runOnce(side, server.url);
      (results[index] as Run[]).push(run);
      console.error(
        `pair ${pair + 1} ${side.name}: ${fmt(run.rate)}/s, main ${fmt(run.mainCpuMs)} ms, worker ${fmt(run.workerCpuMs)} ms, worker peak ${fmt(run.workerPeakMb)} MB`,
      );
    }
  }
} finally {
  await stopAll();
}

const [a, b] = results as [Run[], Run[]];
console.log(
  `${values.kind}, ${requests} requests a run, ${a.length} pairs; A ${sides[0]?.dir} ${values["env-a"]}; B ${sides[1]?.dir} ${values["env-b"]}`,
);
console.log("| figure | A median | B median | B/A paired median | B above A in |");
console.log("|---|---|---|---|---|");
for (const key of ["rate", "mainCpuMs", "workerCpuMs", "workerPeakMb"] as const) {
  const ratios = b.map((run, i) => run[key] / (a[i] as Run)[key]);
  const above = ratios.filter((r) => r > 1).length;
  console.log(
    `| ${key} | ${fmt(median(a.map((r) => r[key])))} | ${fmt(median(b.map((r) => r[key])))} | ${fmt(median(ratios), 3)} | ${above} of ${ratios.length} |`,
  );
}
