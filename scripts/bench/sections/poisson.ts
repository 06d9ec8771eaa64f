/**
 * @module scripts/bench/sections/poisson — how closely `benchmark online --load-pattern poisson` keeps its schedule at 1k / 10k / 50k QPS.
 *
 * Server on CPU 0, CLI (main + 1 worker) on CPU 1, `seconds` of arrivals per run (the 2k row:
 * 10 s, CLI unpinned so its own affinity puts the worker alone on CPU 1); achieved
 * rate and schedule_lag p50/p99 from performance/result_summary.json. Before each run,
 * scripts/bench/jitter-floor.ts keeps the same schedule with an empty event loop on the client
 * CPU: its lag is the machine's floor. For the 1k and 10k rows it also keeps the schedule while
 * sending each request with the least client (bare fetch, the least parsing, an events.db row;
 * scripts/bench/lib/least-client.ts) on the same thread: the floor Bun's fetch sets. Streaming
 * is the online default (on); 10k QPS runs once more with `--streaming off`, which tells the
 * scheduler's precision apart from the streaming client's throughput ceiling (targets are judged
 * on the default run only).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { achievedQps, lagUs, poissonArgs, runIe } from "../lib/ie.ts";
import { jitterFloor } from "../lib/jitter-floor-run.ts";
import { startFixedServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { atMost, fmt, median, ratio, runs, type Row, type Verdict } from "../lib/table.ts";
import { writeBody } from "../lib/wrk.ts";

interface PoissonRun {
  qps: number;
  streaming: "on" | "off";
  /** Run the CLI unpinned, so that its own CPU affinity applies (main and the runtime's helper threads on CPU 0 beside the server, the worker alone on CPU 1). */
  ownAffinity?: boolean;
  /** Seconds of arrivals, when not the section's `--seconds`. */
  seconds?: number;
  /** Judged row: lag p99 target in µs. */
  lagP99TargetUs?: number;
  /** Also measure the least client keeping the same schedule (jitter-floor.ts with a URL). */
  fetchFloor?: boolean;
}

/**
 * The three rates with the online default (streaming on), 10k without streaming to
 * separate the scheduler from the streaming client's ceiling, and the run-control acceptance
 * run: 2k QPS non-streaming for 10 s with server and worker on different cores, lag p99 ≤ 1 ms.
 */
const POISSON_RUNS: ReadonlyArray<PoissonRun> = [
  { qps: 1_000, streaming: "on", fetchFloor: true },
  { qps: 10_000, streaming: "on", lagP99TargetUs: 200, fetchFloor: true },
  { qps: 50_000, streaming: "on" },
  { qps: 10_000, streaming: "off", fetchFloor: true },
  { qps: 2_000, streaming: "off", ownAffinity: true, seconds: 10, lagP99TargetUs: 1_000 },
];
/** Rate target of the judged 10k QPS row. */
const TARGET_QPS = 10_000;
const MAX_RATE_ERROR = 0.01;

export const poissonSection: Section = {
  name: "poisson",
  description:
    "Poisson schedule precision at 1k / 10k / 50k QPS, and the 2k QPS acceptance run (achieved rate, schedule_lag p50/p99)",
  async run(ctx): Promise<Row[]> {
    const server = await startFixedServer();
    const out: Row[] = [];
    try {
      for (const { qps, streaming, ownAffinity, seconds = ctx.seconds, lagP99TargetUs, fetchFloor } of POISSON_RUNS) {
        const achieved: number[] = [];
        const p50: number[] = [];
        const p99: number[] = [];
        const verdicts: string[] = [];
        const floorP50: number[] = [];
        const floorP99: number[] = [];
        const fetchP50: number[] = [];
        const fetchP99: number[] = [];
        const bodyFile = writeBody(ctx.tmp, streaming === "on");
        for (let i = 0; i < ctx.repeats; i++) {
          const floor = await jitterFloor({ qps, seconds });
          floorP50.push(floor.p50);
          floorP99.push(floor.p99);
          if (fetchFloor) {
            const least = await jitterFloor(
              { qps, seconds },
              { url: server.url, bodyFile, eventsDb: join(ctx.tmp, `least-${qps}-${i}.db`) },
            );
            fetchP50.push(least.p50);
            fetchP99.push(least.p99);
            progress(
              `${fmt(qps)} QPS streaming ${streaming}, least client run ${i + 1}: lag p50 ${fmt(least.p50, 1)} µs, p99 ${fmt(least.p99, 1)} µs`,
            );
          }
          const dir = join(ctx.tmp, `q${qps}-${i}`);
          const run = await runIe([...poissonArgs(server.url, qps, seconds), "--streaming", streaming], dir, {
            pinToClientCpu: !ownAffinity,
          });
          rmSync(dir, { recursive: true, force: true });
          achieved.push(achievedQps(run.summary));
          p50.push(lagUs(run.summary, "50.0"));
          p99.push(lagUs(run.summary, "99.0"));
          verdicts.push(run.summary.load_generator ?? "n/a");
          progress(
            `${fmt(qps)} QPS streaming ${streaming} run ${i + 1}: achieved ${fmt(achievedQps(run.summary))}, lag p50 ${fmt(p50.at(-1) ?? Number.NaN, 1)} µs, p99 ${fmt(p99.at(-1) ?? Number.NaN, 1)} µs`,
          );
        }
        const judged = qps === TARGET_QPS && streaming === "on";
        const label = ownAffinity
          ? `${fmt(qps)} QPS, ${seconds} s (streaming off, CLI's own affinity: worker alone on CPU 1)`
          : `${fmt(qps)} QPS${streaming === "off" ? " (streaming off, diagnostic)" : ""}`;
        const rateError = Math.abs(median(achieved) / qps - 1);
        const rateVerdict: Verdict = judged ? (rateError <= MAX_RATE_ERROR ? "met" : "not met") : "–";
        const lagVerdict: Verdict = lagP99TargetUs !== undefined ? atMost(median(p99), lagP99TargetUs) : "–";
        out.push(
          {
            section: "3 Poisson schedule",
            metric: `${label}: achieved QPS (peer: target)`,
            value: fmt(median(achieved)),
            peer: fmt(qps),
            ratio: ratio(median(achieved), qps),
            target: judged ? "within 1 %" : "–",
            verdict: rateVerdict,
            notes: `${runs(achieved)}; load_generator: ${verdicts.join(", ")}`,
          },
          {
            section: "3 Poisson schedule",
            metric: `${label}: schedule lag p50 / p99 µs`,
            value: `${fmt(median(p50), 1)} / ${fmt(median(p99), 1)}`,
            peer: "–",
            ratio: "–",
            target: lagP99TargetUs !== undefined ? `p99 ≤ ${fmt(lagP99TargetUs)} µs` : "–",
            verdict: lagVerdict,
            notes: `p50 ${runs(p50)}; p99 ${runs(p99)}`,
          },
          {
            section: "3 Poisson schedule",
            metric: `${label}: floor — empty event loop, same schedule, lag p50 / p99 µs`,
            value: `${fmt(median(floorP50), 1)} / ${fmt(median(floorP99), 1)}`,
            peer: "–",
            ratio: "–",
            target: "–",
            verdict: "–",
            notes: `the machine's own lateness on the client CPU (scripts/bench/jitter-floor.ts); p99 ${runs(floorP99)}`,
          },
        );
        if (fetchFloor) {
          out.push({
            section: "3 Poisson schedule",
            metric: `${label}: floor — the least client (bare fetch, least parsing, events.db row) keeping the same schedule, lag p50 / p99 µs`,
            value: `${fmt(median(fetchP50), 1)} / ${fmt(median(fetchP99), 1)}`,
            peer: "–",
            ratio: "–",
            target: "–",
            verdict: "–",
            notes: `jitter-floor.ts with a URL, one process on the client CPU, none of our code: what Bun's fetch, JSON.parse and bun:sqlite cost the schedule; p99 ${runs(fetchP99)}`,
          });
        }
      }
    } finally {
      await server.stop();
    }
    return out;
  },
};
