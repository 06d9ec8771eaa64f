/**
 * @module scripts/bench/sections/cold-start — the compiled binary: `--version` wall time and spawn → first request at a server.
 *
 * Builds dist/inference-endpoint with `bun run build`. `--version` is timed with hyperfine
 * (`-N`, median of 20 runs) when installed, else by spawning it 20 times. For the first (40 runs)
 * request, this process serves a tiny Bun.serve on loopback and notes `performance.now()` just
 * before spawning `benchmark offline --num-samples 1` and when the first POST arrives: one
 * clock, no cross-process offset. The binary runs unpinned (as a user would start it: it pins
 * main and worker itself).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { offlineArgs } from "../lib/ie.ts";
import { BUN, hasTool, ROOT, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { atMost, fmt, median, type Row } from "../lib/table.ts";

const BINARY = join(ROOT, "dist", "inference-endpoint");
const VERSION_RUNS = 20;
/** Spawn → first request scatters between batches on a small VM: many runs for a stable median. */
const FIRST_REQUEST_RUNS = 40;
const WARMUP_RUNS = 3;
const MAX_COLD_START_MS = 100;

const REPLY = JSON.stringify({
  id: "c",
  object: "chat.completion",
  created: 0,
  model: "mock-model",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** Quartiles and extremes of many runs, in ms. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => fmt(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number, 0);
  return `min ${at(0)}, p25 ${at(0.25)}, p75 ${at(0.75)}, max ${at(1)} ms`;
}

async function finish(proc: Bun.Subprocess, what: string): Promise<void> {
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr as ReadableStream).text()]);
  if (code !== 0) throw new Error(`${what} exited ${code}: ${stderr.slice(-1500)}`);
}

async function versionMs(dir: string): Promise<{ ms: number[]; method: string }> {
  if (hasTool("hyperfine")) {
    const json = join(dir, "hyperfine.json");
    const args = [
      "hyperfine",
      "-N",
      "--warmup",
      String(WARMUP_RUNS),
      "--runs",
      String(VERSION_RUNS),
      "--export-json",
      json,
      `${BINARY} --version`,
    ];
    try {
      await finish(track(args), "hyperfine");
      const result = (JSON.parse(readFileSync(json, "utf8")) as { results: Array<{ times: number[] }> }).results[0];
      return { ms: (result?.times ?? []).map((s) => s * 1000), method: "hyperfine -N" };
    } catch (error) {
      // hyperfine hides the command's output: time it ourselves, so a failing run shows its stderr.
      progress(
        `hyperfine failed (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); timing with Bun.spawn instead`,
      );
    }
  }
  const ms: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + VERSION_RUNS; i++) {
    const started = performance.now();
    await finish(track([BINARY, "--version"]), "--version");
    if (i >= WARMUP_RUNS) ms.push(performance.now() - started);
  }
  return { ms, method: "Bun.spawn → exit" };
}

async function firstRequestMs(dir: string): Promise<{ firstMs: number[]; exitMs: number[] }> {
  let firstPostAt: number | null = null;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (request) => {
      if (request.method === "POST" && firstPostAt === null) firstPostAt = performance.now();
      await request.arrayBuffer();
      return new Response(REPLY, { headers: { "content-type": "application/json" } });
    },
  });
  const firstMs: number[] = [];
  const exitMs: number[] = [];
  try {
    const url = `http://127.0.0.1:${server.port}`;
    for (let i = 0; i < WARMUP_RUNS + FIRST_REQUEST_RUNS; i++) {
      firstPostAt = null;
      const reportDir = join(dir, `run-${i}`);
      const started = performance.now();
      const proc = track([BINARY, ...offlineArgs(url, 1, false), "--report-dir", reportDir], { cwd: dir });
      await finish(proc, "benchmark offline --num-samples 1");
      const exited = performance.now();
      rmSync(reportDir, { recursive: true, force: true });
      if (firstPostAt === null) throw new Error("the binary exited without sending a request");
      if (i < WARMUP_RUNS) continue;
      firstMs.push((firstPostAt as number) - started);
      exitMs.push(exited - started);
    }
  } finally {
    await server.stop(true);
  }
  return { firstMs, exitMs };
}

export const coldStartSection: Section = {
  name: "cold-start",
  description: "compiled binary: --version wall time and spawn → first request at a server",
  async run(ctx): Promise<Row[]> {
    progress("building dist/inference-endpoint (bun run build)");
    await finish(track([BUN, "run", "build"], { cwd: ROOT }), "bun run build");
    if (!existsSync(BINARY)) throw new Error(`build produced no ${BINARY}`);
    const version = await versionMs(ctx.tmp);
    progress(`--version: median ${fmt(median(version.ms), 1)} ms (${version.method})`);
    const first = await firstRequestMs(ctx.tmp);
    progress(`spawn → first request: ${spread(first.firstMs)}`);
    const section = "5 compiled binary";
    return [
      {
        section,
        metric: "`inference-endpoint --version` wall ms",
        value: fmt(median(version.ms), 1),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_COLD_START_MS} ms`,
        verdict: atMost(median(version.ms), MAX_COLD_START_MS),
        notes: `median of ${version.ms.length} (${version.method}); min ${fmt(Math.min(...version.ms), 1)}, max ${fmt(Math.max(...version.ms), 1)}`,
      },
      {
        section,
        metric: "spawn → first request at the server, ms (offline, 1 sample)",
        value: fmt(median(first.firstMs), 1),
        peer: "–",
        ratio: "–",
        target: `≤ ${MAX_COLD_START_MS} ms`,
        verdict: atMost(median(first.firstMs), MAX_COLD_START_MS),
        notes: `${FIRST_REQUEST_RUNS} runs: ${spread(first.firstMs)}; spawn → exit (report written) median ${fmt(median(first.exitMs), 0)} ms`,
      },
    ];
  },
};
