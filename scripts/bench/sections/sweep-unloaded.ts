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
 *
 * The same sweep's answer against that queue model (test/e2e/queue-model.ts): the knee of 4 places fed the same seeded
 * schedule, with the service time and TTFT the slowest step saw, must lie in the answer's bracket give or take 3 %
 * (lo × 0.97 ≤ knee ≤ hi × 1.03), the search converged to 5 % within 10 steps: the acceptance test's old bounds.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { SweepResult } from "../../../src/sweep/run-sweep.ts";
import { modelKnee } from "../../../test/e2e/queue-model.ts";
import { BUN, MAIN, ROOT, startServer, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, inRange, median, ratio, runs, type Row } from "../lib/table.ts";
import { DATASET, MODEL } from "../lib/wrk.ts";

const SECTION = "7 sweep's unloaded step";
const SERVICE_MS = 20 + 13 * 10;
const MAX_SERVICE_MS = 165;
const SAMPLES = 60;
const SWEEP_TIMEOUT_MS = 300_000;

/** Runs the sweep into `out` and returns its slowest rate step, and where its answer lands against the queue model's knee. */
async function slowestStep(url: string, out: string) {
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
  const result = JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as SweepResult;
  const slowest = result.steps
    .filter((s) => s.kind === "rate")
    .sort((a, b) => (a.offered as number) - (b.offered as number))[0];
  if (!slowest) throw new Error("the sweep ran no rate step");
  const knee = modelKnee({
    ...{ count: SAMPLES, seed: 42, places: 4, sloTtftMs: 200, percentile: 99 },
    ...{ serviceMs: slowest.latency_p50_ms as number, ttftMs: slowest.ttft_p50_ms as number },
  });
  const answer = result.answer;
  const [lo, hi] = answer?.bracket ?? [Number.NaN, Number.NaN];
  const held =
    answer?.rate === lo &&
    answer.converged &&
    answer.steps <= 10 &&
    (hi - lo) / lo <= 0.05 &&
    lo * 0.97 <= knee &&
    knee <= hi * 1.03;
  return { slowest, knee, lo, hi, held };
}

export const sweepUnloadedSection: Section = {
  name: "sweep",
  description: `max-goodput sweep against a ${SERVICE_MS} ms model: its slowest step's latency p50 (150 ≤ p50 < 165 ms), its answer at the queue's knee`,
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
    const knees: { knee: number; lo: number; hi: number; held: boolean }[] = [];
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        const out = join(ctx.tmp, `sweep-${i}`);
        const { slowest: step, ...knee } = await slowestStep(server.url, out);
        knees.push(knee);
        rmSync(out, { recursive: true, force: true });
        latency.push(step.latency_p50_ms ?? Number.NaN);
        ttft.push(step.ttft_p50_ms ?? Number.NaN);
        rates.push(step.offered ?? Number.NaN);
        progress(
          `run ${i + 1}: slowest step ${fmt(rates.at(-1) as number, 2)} req/s, latency p50 ${fmt(latency.at(-1) as number, 2)} ms, ` +
            `TTFT p50 ${fmt(ttft.at(-1) as number, 2)} ms; knee ${fmt(knee.knee, 2)} in bracket ${knee.lo}–${knee.hi}`,
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
      {
        section: SECTION,
        metric: `the same sweep's answer ÷ the queue model's knee (4 places, the seeded schedule, the slowest step's service time and TTFT)`,
        value: fmt(median(knees.map((k) => k.lo / k.knee)), 3),
        peer: "1",
        ratio: "–",
        target: "lo × 0.97 ≤ knee ≤ hi × 1.03; converged to 5 % in ≤ 10 steps",
        verdict: knees.length > 0 && knees.every((k) => k.held) ? "met" : "not met",
        notes: `knees ${knees.map((k) => `${fmt(k.knee, 2)} in ${k.lo}–${k.hi}`).join(", ")} req/s; was test/e2e/sweep.test.ts's acceptance bound`,
      },
    ];
  },
};
