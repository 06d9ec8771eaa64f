/**
 * @module scripts/bench/lib/ie — runs the real CLI (`bun src/main.ts benchmark …`) pinned to the client CPU and measures it.
 *
 * Main process and worker share CPU 1 (with one allowed CPU the CLI pins nothing itself).
 * While it runs, a TreeSampler reads the CPU and peak RSS of main and worker from /proc; the
 * result carries the CPU of the worker's lifetime (the run proper) and of the whole process
 * (start-up and report writing included), plus performance/result_summary.json.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exitedCpuUs, TreeSampler } from "./cpu.ts";
import { BUN, CLIENT_CPU, MAIN, pinned, ROOT, track } from "./procs.ts";
import { DATASET, MODEL } from "./wrk.ts";

export interface Summary {
  n_samples_issued: number;
  n_samples_completed: number;
  n_samples_failed: number;
  duration_ns: number | null;
  qps_native: number | null;
  schedule_lag: { percentiles?: Record<string, number> };
  load_generator: string | null;
  error_counts: Record<string, number>;
  output_sequence_lengths: { median?: number };
}

export interface IeRun {
  summary: Summary;
  wallMs: number;
  /** Whole process tree, start-up and report included. */
  totalCpuUs: number;
  /** While the worker was alive: the run without start-up and report writing. */
  windowCpuUs: number;
  /** Main's own share of windowCpuUs (the rest is the workers'). */
  windowMainCpuUs: number;
  windowWallMs: number;
  mainPeakKb: number;
  workerPeakKb: number[];
  /** What the CLI printed on stderr (progress and warnings). */
  stderr: string;
  /** What the command printed on stdout, when asked for (`captureStdout`): a pseudo-terminal's every byte under script(1). */
  stdout: string;
}

const RUN_TIMEOUT_MS = 600_000;

/** Runs the CLI with `args` plus `--report-dir reportDir`; throws with the tail of stderr on failure. */
export async function runIe(
  args: string[],
  reportDir: string,
  options: {
    pinToClientCpu?: boolean;
    wrap?: (command: string[]) => string[];
    captureStdout?: boolean;
    /** Added to this process's environment for the CLI (and so its workers). */
    env?: Record<string, string>;
    /** The source tree whose src/main.ts runs (default: this one). */
    root?: string;
  } = {},
): Promise<IeRun> {
  const started = performance.now();
  const bare = [BUN, options.root ? join(options.root, "src", "main.ts") : MAIN, ...args, "--report-dir", reportDir];
  // `wrap`: e.g. a pseudo-terminal around the CLI (sections/dashboard), inside the CPU pinning.
  const command = options.wrap ? options.wrap(bare) : bare;
  const proc = track(options.pinToClientCpu === false ? command : pinned(CLIENT_CPU, command), {
    cwd: ROOT,
    stdout: options.captureStdout ? "pipe" : "ignore",
    stderr: "pipe",
    env: { ...process.env, ...options.env },
  });
  const sampler = new TreeSampler(proc.pid);
  const timer = setTimeout(() => proc.kill("SIGKILL"), RUN_TIMEOUT_MS);
  const [exitCode, stderr, stdout] = await Promise.all([
    proc.exited,
    new Response(proc.stderr as ReadableStream).text(),
    options.captureStdout ? new Response(proc.stdout as ReadableStream).text() : "",
  ]);
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  sampler.stop();
  if (exitCode !== 0)
    throw new Error(`inference-endpoint ${args.slice(0, 2).join(" ")} exited ${exitCode}:\n${stderr.slice(-2000)}`);
  const summary = JSON.parse(readFileSync(join(reportDir, "performance", "result_summary.json"), "utf8")) as Summary;
  const totalCpuUs = exitedCpuUs(proc);
  const window = sampler.window();
  return {
    summary,
    wallMs,
    totalCpuUs,
    windowCpuUs: window?.cpuUs ?? Number.NaN,
    windowMainCpuUs: window?.mainCpuUs ?? Number.NaN,
    windowWallMs: window?.wallMs ?? Number.NaN,
    mainPeakKb: sampler.peakKb.get(proc.pid) ?? Number.NaN,
    workerPeakKb: sampler.childPidsSeen().map((pid) => sampler.peakKb.get(pid) ?? Number.NaN),
    stderr,
    stdout,
  };
}

/** `benchmark offline`, one worker, 64 connections, every request due at once. */
export function offlineArgs(url: string, samples: number, streaming: boolean): string[] {
  return [
    "benchmark",
    "offline",
    "--endpoints",
    url,
    "--model",
    MODEL,
    "--dataset",
    DATASET,
    "--workers",
    "1",
    "--max-connections",
    "64",
    "--streaming",
    streaming ? "on" : "off",
    "--num-samples",
    String(samples),
    "--duration",
    "0",
  ];
}

/** `benchmark online` with Poisson arrivals at `qps` for `seconds`, one worker. */
export function poissonArgs(url: string, qps: number, seconds: number): string[] {
  return [
    "benchmark",
    "online",
    "--endpoints",
    url,
    "--model",
    MODEL,
    "--dataset",
    DATASET,
    "--load-pattern",
    "poisson",
    "--target-qps",
    String(qps),
    "--num-samples",
    String(Math.round(qps * seconds)),
    "--workers",
    "1",
    "--duration",
    "0",
  ];
}

/** Schedule lag at percentile `pct` ("99.0"), µs. */
export function lagUs(summary: Summary, pct: string): number {
  return (summary.schedule_lag.percentiles?.[pct] ?? Number.NaN) / 1e3;
}

/** Completed requests per second of the performance phase. */
export function achievedQps(summary: Summary): number {
  return summary.qps_native ?? summary.n_samples_completed / ((summary.duration_ns ?? Number.NaN) / 1e9);
}

/** A run whose requests failed is not a throughput figure: say so in the notes. */
export function failures(summary: Summary): string | null {
  if (summary.n_samples_failed === 0 && summary.n_samples_completed === summary.n_samples_issued) return null;
  return `${summary.n_samples_failed} failed of ${summary.n_samples_issued} (${JSON.stringify(summary.error_counts)})`;
}
