/**
 * @module scripts/demo — `npm run demo`: a real benchmark against the built-in mock server.
 *
 * Starts `inference-endpoint serve` (latency model: 15 ms to first token, 3 ms per token,
 * 48 tokens) on a free port in its own process, on the main process's CPU rather than the
 * worker's; runs `benchmark offline` over all 1000 rows of datasets/dummy_1k.jsonl once, then a
 * short streaming Poisson run at 200 QPS, prints both summaries and report directories, and
 * stops the server.
 */
import { spawnServe, type ServeProcess } from "../src/server/serve-process.ts";
import { join } from "node:path";
import { pinBesideMain } from "../src/tuning/runtime-tuning.ts";

const root = join(import.meta.dir, "..");
const entry = join(root, "src", "main.ts");
const dataset = join(root, "datasets", "dummy_1k.jsonl");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "_");
const reportsRoot = join(root, "reports", `demo_${stamp}`);

async function startServer(): Promise<ServeProcess> {
  const server = await spawnServe(
    [
      process.execPath,
      entry,
      "serve",
      "--port",
      "0",
      "--mode",
      "model",
      "--ttft-ms",
      "15",
      "--tpot-ms",
      "3",
      "--output-tokens",
      "48",
    ],
    "inherit",
  );
  // A real endpoint runs on other machines. Here the server shares the box, so it goes to the
  // CPU the CLI gives its main process, away from the worker's core (Linux, 2+ CPUs; else as is).
  pinBesideMain(server.pid);
  return server;
}

async function benchmark(title: string, args: string[]): Promise<void> {
  console.error(`\n=== ${title} ===\n$ inference-endpoint ${args.join(" ")}`);
  const run = Bun.spawn([process.execPath, entry, ...args], { stdout: "inherit", stderr: "inherit" });
  const code = await run.exited;
  if (code !== 0) throw new Error(`${title} failed with exit code ${code}`);
}

const server = await startServer();
console.error(`mock server: ${server.url}`);
try {
  const common = ["--endpoints", server.url, "--model", "mock-model", "--dataset", dataset];
  await benchmark("offline: all 1000 rows once, as fast as the server answers", [
    "benchmark",
    "offline",
    ...common,
    "--duration",
    "0",
    "--report-dir",
    join(reportsRoot, "offline"),
  ]);
  await benchmark("online: Poisson 200 QPS, streaming, 600 requests", [
    "benchmark",
    "online",
    ...common,
    "--load-pattern",
    "poisson",
    "--target-qps",
    "200",
    "--num-samples",
    "600",
    "--streaming",
    "on",
    "--report-dir",
    join(reportsRoot, "online"),
  ]);
  console.error(`\nreports: ${reportsRoot}`);
} finally {
  await server.stop();
}
