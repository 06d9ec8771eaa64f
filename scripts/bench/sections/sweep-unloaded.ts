/**
 * @module scripts/bench/sections/sweep-unloaded — what the host adds to a 150 ms service time: the sweep acceptance test's unloaded p50.
 *
 * As test/e2e/sweep.test.ts's acceptance run: `serve --mode model --ttft-ms 20 --tpot-ms 10
 * --output-tokens 14 --max-concurrent 4` (4 places, each held 20 ms + 13 × 10 ms = 150 ms) on
 * CPU 0, and `sweep --find max-goodput --slo ttft:200ms --precision 5% --max-steps 10` over 60
 * requests a step, started unpinned as the test starts it (its own affinity). The figure is the
 * latency p50 of the sweep's slowest rate step, where no request queues at p50, read from
 * sweep.json: the model's 150 ms plus what the client, the loopback and the host add. Target
 * 150 ≤ p50 < 165 ms, the test's bounds: its queue model of the knee assumed them.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { SweepStep } from "../../../src/sweep/sweep-step.ts";
import { BUN, MAIN, ROOT, startServer, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, inRange, median, ratio, runs, type Row } from "../lib/table.ts";
import { DATASET, MODEL } from "../lib/wrk.ts";

const SECTION = "7 sweep's unloaded step";
const SERVICE_MS = 20 + 13 * 10;
const MAX_SERVICE_MS = 165;
const SAMPLES = 60;
const SWEEP_TIMEOUT_MS = 300_000;

/** Runs the sweep into `out` and returns its slowest rate step. */
async function slowestStep(url: string, out: string): Promise<SweepStep> {
  const args = [
    BUN,
    MAIN,
    "sweep",
    "--endpoints",
    url,
    "--model",
    MODEL,
    "--dataset",
    DATASET,
    "--duration",
    "0",
    "--server-metrics",
    "off",
    "-q",
    "--num-samples",
    String(SAMPLES),
    "--find",
    "max-goodput",
    "--slo",
    "ttft:200ms",
    "--precision",
    "5%",
    "--max-steps",
    "10",
    "--report-dir",
    out,
  ];
  const proc = track(args, { cwd: ROOT, stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), SWEEP_TIMEOUT_MS);
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr as ReadableStream).text()]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`sweep exited ${code}:\n${stderr.slice(-2000)}`);
  const steps = (JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as { steps: SweepStep[] }).steps;
  const slowest = steps
    .filter((s) => s.kind === "rate")
    .sort((a, b) => (a.offered as number) - (b.offered as number))[0];
  if (!slowest) throw new Error("the sweep ran no rate step");
  return slowest;
}

export const sweepUnloadedSection: Section = {
  name: "sweep",
  description: `max-goodput sweep against a ${SERVICE_MS} ms model: its slowest step's latency p50 (150 ≤ p50 < 165 ms)`,
  async run(ctx): Promise<Row[]> {
    const server = await startServer([
      BUN,
      MAIN,
      "serve",
      "--port",
      "0",
      "--mode",
      "model",
      "--ttft-ms",
      "20",
      "--tpot-ms",
      "10",
      "--output-tokens",
      "14",
      "--max-concurrent",
      "4",
    ]);
    const latency: number[] = [];
    const ttft: number[] = [];
    const rates: number[] = [];
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        const out = join(ctx.tmp, `sweep-${i}`);
        const step = await slowestStep(server.url, out);
        rmSync(out, { recursive: true, force: true });
        latency.push(step.latency_p50_ms ?? Number.NaN);
        ttft.push(step.ttft_p50_ms ?? Number.NaN);
        rates.push(step.offered ?? Number.NaN);
        progress(
          `run ${i + 1}: slowest step ${fmt(rates.at(-1) as number, 2)} req/s, latency p50 ${fmt(latency.at(-1) as number, 2)} ms, TTFT p50 ${fmt(ttft.at(-1) as number, 2)} ms`,
        );
      }
    } finally {
      await server.stop();
    }
    return [
      {
        section: SECTION,
        metric: `sweep --find max-goodput, ${SAMPLES} requests a step, against 4 places of ${SERVICE_MS} ms: the slowest step's latency p50, ms (peer: the model's)`,
        value: fmt(median(latency), 2),
        peer: fmt(SERVICE_MS),
        ratio: ratio(median(latency), SERVICE_MS),
        target: `${SERVICE_MS} ≤ p50 < ${MAX_SERVICE_MS} ms`,
        verdict: inRange(median(latency), SERVICE_MS, MAX_SERVICE_MS),
        notes: `${runs(latency, " ms")}; its TTFT p50 ${runs(ttft, " ms")} (model: 20 ms); slowest steps ${runs(rates, " req/s")}; CLI's own affinity; was test/e2e/sweep.test.ts's bound`,
      },
    ];
  },
};
