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
 * Per run (lib/ie's runner, /proc): the rate, main's CPU while its worker lived, the worker's CPU then, its peak RSS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { achievedQps, failures, offlineArgs, poissonArgs, runIe } from "./lib/ie.ts";
import { startFixedServer, stopAll } from "./lib/procs.ts";
import { fmt, median } from "./lib/table.ts";

const POISSON_QPS = 10_000;

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
/** `K=V,K2=V2` as an environment; a value keeps any `=` after its first. */
const envOf = (text: string) =>
  Object.fromEntries(
    text
      .split(",")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
const sides: Side[] = [
  { name: "A", dir: resolve(values.a), env: envOf(values["env-a"]) },
  { name: "B", dir: resolve(values.b), env: envOf(values["env-b"]) },
];
const requests = Number(values.requests);

function argsFor(url: string): string[] {
  if (values.kind === "poisson") return poissonArgs(url, POISSON_QPS, requests / POISSON_QPS);
  return offlineArgs(url, requests, values.kind === "streaming");
}

/** One run of `side`, timed and sampled by the bench's runner (lib/ie): main's CPU and the worker's while the worker lived. */
async function runOnce(side: Side, url: string): Promise<Run> {
  const reportDir = mkdtempSync(join(tmpdir(), "ab-pairs-"));
  try {
    const run = await runIe([...argsFor(url), "-q"], reportDir, { root: side.dir, env: side.env });
    const bad = failures(run.summary);
    if (bad) throw new Error(`side ${side.name} had failures: ${bad}`);
    return {
      rate: achievedQps(run.summary),
      mainCpuMs: run.windowMainCpuUs / 1000,
      workerCpuMs: (run.windowCpuUs - run.windowMainCpuUs) / 1000,
      workerPeakMb: Math.max(...run.workerPeakKb) / 1024,
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
