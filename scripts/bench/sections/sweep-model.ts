/**
 * @module scripts/bench/sections/sweep-model — sweeps against the queue they measure: the precision figures the sweep
 * grid and stability tests gave up, each with the test's old bound as its target.
 *
 * Grid (test/e2e/sweep-grid.test.ts's old workload): `serve --mode model --ttft-ms 20 --tpot-ms 10 --max-concurrent 4`
 * with its observations on (lib/observed-server) on CPU 0, and `sweep --concurrencies 1,2,4,8 --isl-osl 16/12,16/24
 * --gpus 2`, 24 requests a cell, started unpinned as the test starts it. The queue model: min(c, 4) requests in
 * service, each 20 + (osl − 1) × 10 ms. Each cell's tok/s/GPU at most 5 % above the model's, and at least 95 % of the
 * model with the round trip the cell measured (client latency beyond the server's own, the loop's gap from an answer
 * to its slot's next send) and its phase's start; the server's own TPOT p50 and the cell's tok/s/user within 5 % of
 * the model's 10 ms and 100 tok/s/user. The rows give the worst cell.
 *
 * Stability (test/e2e/sweep-stability.test.ts's old acceptance, issue 38): 4 places of 150 ms (26.7 req/s),
 * `sweep --find max-goodput --slo ttft:3000ms,p=95 --duration 6s`: the answer ÷ the capacity step's throughput, below
 * 0.95, every step at 95 % of the capacity or more unstable and failed.
 */
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerObservation } from "../../../src/server/index.ts";
import type { SweepResult } from "../../../src/sweep/run-sweep.ts";
import { startObservedServer } from "../lib/observed-server.ts";
import { BUN, MAIN, ROOT, startServer, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { atLeast, atMost, below, fmt, inRange, median, runs, type Row } from "../lib/table.ts";
import { DATASET, MODEL } from "../lib/wrk.ts";

const SECTION = "7b sweeps against their queue model";
const K = 4;
const TTFT_MS = 20;
const TPOT_MS = 10;
const GPUS = 2;
const SAMPLES = 24;
const CONCURRENCIES = [1, 2, 4, 8];
const PAIRS = [12, 24];
const SWEEP_TIMEOUT_MS = 600_000;

/** `sweep …args` into `out` (unpinned, as the tests start it); its sweep.json. */
async function sweep(args: string[], out: string): Promise<SweepResult> {
  const proc = track([BUN, MAIN, "sweep", ...args, "--report-dir", out], { cwd: ROOT, stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), SWEEP_TIMEOUT_MS);
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr as ReadableStream).text()]);
  clearTimeout(timer);
  if (code !== 0) throw new Error(`sweep exited ${code}:\n${stderr.slice(-2000)}`);
  return JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as SweepResult;
}

const lowerMedian = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;

/** A cell's phase start → first send, client latency p50 and closed-loop gap p50 (ms), from its events.db. */
function cellTimes(cellDir: string, concurrency: number) {
  const db = new Database(join(cellDir, "events.db"), { readonly: true });
  try {
    const { start_ns } = db.query("SELECT start_ns FROM phases WHERE name = 'performance'").get() as {
      start_ns: number;
    };
    const times = db.query("SELECT sent_ns, done_ns FROM requests WHERE phase = 'performance'").all() as {
      sent_ns: number;
      done_ns: number;
    }[];
    const sends = times.map((t) => t.sent_ns).sort((a, b) => a - b);
    const dones = times.map((t) => t.done_ns).sort((a, b) => a - b);
    return {
      startMs: ((sends[0] as number) - start_ns) / 1e6,
      latencyP50Ms: lowerMedian(times.map((t) => (t.done_ns - t.sent_ns) / 1e6)),
      // A closed loop's k-th answer opens send c + k.
      loopGapP50Ms: lowerMedian(sends.slice(concurrency).map((t, k) => (t - (dones[k] as number)) / 1e6)),
    };
  } finally {
    db.close();
  }
}

interface GridRun {
  /** Worst cell's tok/s/GPU ÷ the queue model's (at most 1.05), and ÷ the model with its round trip (at least 0.95). */
  overModel: number;
  overFloor: number;
  /** The server's TPOT p50 (ms) and the tok/s/user ÷ 100 of the cell farthest from the model. */
  serverTpotMs: number;
  interactivityRatio: number;
}

async function gridRun(tmp: string, i: number): Promise<GridRun> {
  const options = { mode: "model", ttftMs: TTFT_MS, tpotMs: TPOT_MS, outputTokens: 10_000, maxConcurrent: K } as const;
  const server = await startObservedServer(options, join(tmp, `observed-${i}.json`));
  let result: SweepResult;
  let observed: ServerObservation[];
  try {
    result = await sweep(
      [
        ...["--endpoints", server.url, "--model", MODEL, "--num-samples", String(SAMPLES), "--duration", "0"],
        ...["--concurrencies", CONCURRENCIES.join(","), "--isl-osl", PAIRS.map((osl) => `16/${osl}`).join(",")],
        ...["--gpus", String(GPUS), "--server-metrics", "off", "-q"],
      ],
      join(tmp, `grid-${i}`),
    );
  } finally {
    observed = await server.stopAndRead();
  }
  const worst: GridRun = {
    overModel: 0,
    overFloor: Number.POSITIVE_INFINITY,
    serverTpotMs: TPOT_MS,
    interactivityRatio: 1,
  };
  for (const [j, s] of result.steps.entries()) {
    const osl = Number(/osl(\d+)/.exec(s.isl_osl ?? "")?.[1]);
    const c = s.offered as number;
    const serviceMs = TTFT_MS + (osl - 1) * TPOT_MS;
    const predicted = (Math.min(c, K) * osl) / (serviceMs / 1000) / GPUS;
    const obs = observed.slice(j * SAMPLES, (j + 1) * SAMPLES);
    const db = cellTimes(s.report_dir, c);
    const serverMs = lowerMedian(obs.map((o) => (o.doneNs - o.receivedNs) / 1e6));
    // Above K the server's queue hides the round trip; at or below it every request waits for it.
    const roundTripMs = Math.max(0, db.latencyP50Ms - serverMs) + Math.max(0, db.loopGapP50Ms);
    const rounds = Math.ceil(SAMPLES / Math.min(c, K));
    const windowMs = db.startMs + rounds * (serviceMs + (c <= K ? roundTripMs : 0));
    const floor = (SAMPLES * osl) / (windowMs / 1000) / GPUS;
    const measured = s.output_tps_per_gpu as number;
    worst.overModel = Math.max(worst.overModel, measured / predicted);
    worst.overFloor = Math.min(worst.overFloor, measured / floor);
    const tpot = lowerMedian(obs.map((o) => (o.doneNs - (o.firstChunkNs as number)) / 1e6 / (o.outputTokens - 1)));
    if (Math.abs(tpot / TPOT_MS - 1) > Math.abs(worst.serverTpotMs / TPOT_MS - 1)) worst.serverTpotMs = tpot;
    const perUser = (s.interactivity as number) / (1000 / TPOT_MS);
    if (Math.abs(perUser - 1) > Math.abs(worst.interactivityRatio - 1)) worst.interactivityRatio = perUser;
  }
  return worst;
}

interface StabilityRun {
  answerOverCapacity: number;
  /** Steps at 95 % of the capacity or more, and how many of them were unstable and failed. */
  near: number;
  nearUnstable: number;
}

async function stabilityRun(tmp: string, i: number): Promise<StabilityRun> {
  const server = await startServer([
    ...[BUN, MAIN, "serve", "--port", "0", "--mode", "model", "--ttft-ms", "20", "--tpot-ms", "10"],
    ...["--output-tokens", "14", "--max-concurrent", "4"],
  ]);
  try {
    const result = await sweep(
      [
        ...["--endpoints", server.url, "--model", MODEL, "--dataset", DATASET, "--server-metrics", "off", "-q"],
        ...["--find", "max-goodput", "--slo", "ttft:3000ms,p=95", "--duration", "6s"],
      ],
      join(tmp, `stability-${i}`),
    );
    const capacity = result.steps.find((s) => s.kind === "max_throughput")?.achieved_qps ?? Number.NaN;
    const near = result.steps.filter((s) => s.kind === "rate" && (s.offered as number) >= 0.95 * capacity);
    return {
      answerOverCapacity: (result.answer?.rate ?? Number.NaN) / capacity,
      near: near.length,
      nearUnstable: near.filter((s) => s.stability === "unstable" && s.passed === false).length,
    };
  } finally {
    await server.stop();
  }
}

export const sweepModelSection: Section = {
  name: "sweep-model",
  description:
    "a concurrency grid and a short-step search against the queue model they measure (the tests' old bounds)",
  async run(ctx): Promise<Row[]> {
    const grid: GridRun[] = [];
    const stability: StabilityRun[] = [];
    for (let i = 0; i < ctx.repeats; i++) {
      grid.push(await gridRun(ctx.tmp, i));
      const g = grid.at(-1) as GridRun;
      progress(
        `run ${i + 1}: grid worst cell ${fmt(g.overModel, 3)}× the model, ${fmt(g.overFloor, 3)}× its floor; server TPOT ${fmt(g.serverTpotMs, 2)} ms`,
      );
      stability.push(await stabilityRun(ctx.tmp, i));
      const s = stability.at(-1) as StabilityRun;
      progress(
        `run ${i + 1}: answer ${fmt(s.answerOverCapacity, 3)}× the capacity; ${s.nearUnstable}/${s.near} near it unstable`,
      );
    }
    const overModel = grid.map((g) => g.overModel);
    const overFloor = grid.map((g) => g.overFloor);
    const tpot = grid.map((g) => g.serverTpotMs);
    const perUser = grid.map((g) => g.interactivityRatio);
    const answer = stability.map((s) => s.answerOverCapacity);
    const cells = `${PAIRS.length} pairs × concurrency ${CONCURRENCIES.join(", ")}, ${SAMPLES} requests a cell`;
    const was = (test: string) => `CLI's own affinity, server on CPU 0; was test/e2e/${test}'s bound`;
    return [
      {
        section: SECTION,
        metric: `grid (${cells}) against 4 places of 20 ms + 10 ms a token: the worst cell's tok/s/GPU ÷ the queue model's`,
        value: fmt(Math.max(...overModel), 3),
        peer: "1",
        ratio: "–",
        target: "≤ 1.05",
        verdict: atMost(Math.max(...overModel), 1.05),
        notes: `${runs(overModel, "×")}; ${was("sweep-grid.test.ts")}`,
      },
      {
        section: SECTION,
        metric: "the same cells' tok/s/GPU ÷ the model with the round trip each cell measured (worst cell)",
        value: fmt(Math.min(...overFloor), 3),
        peer: "1",
        ratio: "–",
        target: "≥ 0.95",
        verdict: atLeast(Math.min(...overFloor), 0.95),
        notes: `${runs(overFloor, "×")}; ${was("sweep-grid.test.ts")}`,
      },
      {
        section: SECTION,
        metric: "the server's own TPOT p50 in the cell farthest from the model, ms (peer: the model's)",
        value: fmt(median(tpot), 2),
        peer: fmt(TPOT_MS),
        ratio: "–",
        target: "9.5 ≤ TPOT < 10.5 ms",
        verdict: tpot.every((t) => inRange(t, 9.5, 10.5) === "met") ? "met" : "not met",
        notes: `${runs(tpot, " ms")}; ${was("sweep-grid.test.ts")}`,
      },
      {
        section: SECTION,
        metric: "tok/s/user of the cell farthest from the model ÷ the model's 100",
        value: fmt(median(perUser), 3),
        peer: "1",
        ratio: "–",
        target: "0.95 ≤ ratio < 1.05",
        verdict: perUser.every((r) => inRange(r, 0.95, 1.05) === "met") ? "met" : "not met",
        notes: `${runs(perUser, "×")}; ${was("sweep-grid.test.ts")}`,
      },
      {
        section: SECTION,
        metric:
          "sweep --find max-goodput --slo ttft:3000ms,p=95 --duration 6s against 4 places of 150 ms: the answer ÷ the capacity step's throughput",
        value: fmt(Math.max(...answer), 3),
        peer: "–",
        ratio: "–",
        target: "< 0.95, every step at ≥ 95 % of the capacity unstable",
        verdict:
          below(Math.max(...answer), 0.95) === "met" && stability.every((s) => s.near > 0 && s.nearUnstable === s.near)
            ? "met"
            : "not met",
        notes:
          `${runs(answer, "×")}; steps near the capacity unstable: ` +
          `${stability.map((s) => `${s.nearUnstable}/${s.near}`).join(", ")}; ${was("sweep-stability.test.ts")}`,
      },
    ];
  },
};
