/**
 * @module doctor/loopback-capacity — how much load this host's client can drive: two short runs
 * against the built-in server on loopback (`serve --mode fixed` in its own process, the cheapest
 * answers), one not streamed (requests/s) and one streamed (tokens/s), each capped at half the
 * given time. As `npm run bench` measures the client, the server gets the main process's CPU
 * and the run one worker with 64 connections on the other (tuning/runtime-tuning), so the
 * figure is comparable with the bench's; on one CPU they share it, and the figure is a floor.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../config/build-config.ts";
import { SetupError } from "../errors.ts";
import { runBenchmark } from "../run/run-benchmark.ts";
import { selfCommand } from "../run/worker-command.ts";
import { spawnServe, type ServeProcess } from "../server/serve-process.ts";
import { pinBesideMain } from "../tuning/runtime-tuning.ts";

interface Capacity {
  requestsPerS: number;
  streamedTokensPerS: number;
}

/** Enough requests to outlast the time cap at any rate this client reaches. */
const MANY = 200_000;
/** The bench's client shape: one worker process, 64 keep-alive connections (Bun's per-process maximum). */
const CLIENT_WORKERS = 1;
const CLIENT_CONNECTIONS = 64;

async function run(url: string, streaming: boolean, ms: number, dir: string): Promise<{ qps: number; tps: number }> {
  const config = buildConfig({
    command: "offline",
    overrides: {
      "model_params.name": "doctor",
      "endpoint_config.endpoints": [url],
      "model_params.streaming": streaming ? "on" : "off",
      "settings.runtime.n_samples_to_issue": MANY,
      "settings.runtime.max_duration_ms": ms,
      "settings.runtime.min_duration_ms": 0,
      "settings.drain.performance_timeout_s": 5,
      report_dir: join(dir, streaming ? "streamed" : "whole"),
      "settings.client.num_workers": CLIENT_WORKERS,
      "settings.client.max_connections": CLIENT_CONNECTIONS,
    },
    datasets: ["random,isl=8,osl=16,max_rows=1000"],
  });
  const { summary } = await runBenchmark(config, {
    log: () => {},
    progress: () => {},
    progressEnabled: false,
    isTty: false,
  });
  return { qps: summary.qps ?? 0, tps: summary.tps ?? 0 };
}

/** `serve` as a child process, on the main process's CPU (off the worker's). */
async function startServer(): Promise<ServeProcess> {
  let server: ServeProcess;
  try {
    server = await spawnServe([...selfCommand(), "serve", "--mode", "fixed", "--fixed-tokens", "16", "--port", "0"]);
  } catch {
    throw new SetupError("the built-in server did not start for the capacity check");
  }
  pinBesideMain(server.pid);
  return server;
}

export async function loopbackCapacity(seconds: number): Promise<Capacity> {
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), "inference-endpoint-doctor-"));
  try {
    const half = Math.max(200, Math.round((seconds * 1000) / 2));
    const whole = await run(server.url, false, half, dir);
    const streamed = await run(server.url, true, half, dir);
    return { requestsPerS: whole.qps, streamedTokensPerS: streamed.tps };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
