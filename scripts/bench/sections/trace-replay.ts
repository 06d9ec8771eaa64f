/**
 * @module scripts/bench/sections/trace-replay — how closely `--load-pattern trace` keeps a bursty trace's instants: the trace-replay test's old bound.
 *
 * The 10,000-request Mooncake-style trace (lib/mooncake-trace: 1,500/s and 750/s alternating every
 * 500 requests, ~10 s; test/e2e/trace-replay.test.ts replays its first 2,000) replayed with `benchmark online
 * --load-pattern trace --streaming off` against `serve --mode fixed` on CPU 0, the CLI started
 * unpinned as that test starts it, so its own affinity puts the worker alone on CPU 1 (main
 * beside the server on CPU 0, as the Poisson section's 2k row). Figures: schedule_lag p50/p99
 * from performance/result_summary.json, target p99 < 1 ms (the verdict's bound at this rate), p50
 * within 1 ms of the empty loop's p50 (the bound the test held until a loaded host broke it), and
 * the load_generator verdict, target ok. Before each run jitter-floor.ts keeps the same
 * instants on CPU 1 with an empty event loop (the machine's share) and with the least client
 * sending each request (Bun's fetch's share).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { lagUs, runIe } from "../lib/ie.ts";
import { jitterFloor } from "../lib/jitter-floor-run.ts";
import { TRACE_REQUESTS, writeMooncakeTrace } from "../lib/mooncake-trace.ts";
import { startFixedServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { below, fmt, median, runs, type Row } from "../lib/table.ts";
import { MODEL, writeBody } from "../lib/wrk.ts";

const SECTION = "3c trace replay";
const LAG_P99_TARGET_US = 1_000;
/** What our send path may add to the machine's own median lateness (the empty loop's), µs. */
const LAG_P50_OVER_FLOOR_US = 1_000;
const LABEL = `${fmt(TRACE_REQUESTS)}-request Mooncake-style trace (1,500/s and 750/s alternating every 500), streaming off`;

export const traceReplaySection: Section = {
  name: "trace",
  description:
    "trace replay: schedule lag of a 10,000-request bursty trace against its recorded instants (p99 < 1 ms), load_generator ok",
  async run(ctx): Promise<Row[]> {
    const tracePath = join(ctx.tmp, "trace.jsonl");
    const offsetsFile = join(ctx.tmp, "trace-offsets.json");
    writeMooncakeTrace(tracePath, offsetsFile);
    const bodyFile = writeBody(ctx.tmp, false);
    const server = await startFixedServer();
    const p50: number[] = [];
    const p99: number[] = [];
    const verdicts: string[] = [];
    const emptyP50: number[] = [];
    const emptyP99: number[] = [];
    const leastP50: number[] = [];
    const leastP99: number[] = [];
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        const empty = await jitterFloor({ offsetsFile });
        emptyP50.push(empty.p50);
        emptyP99.push(empty.p99);
        const least = await jitterFloor(
          { offsetsFile },
          { url: server.url, bodyFile, eventsDb: join(ctx.tmp, `least-${i}.db`) },
        );
        leastP50.push(least.p50);
        leastP99.push(least.p99);
        const dir = join(ctx.tmp, `trace-${i}`);
        const args = [
          "benchmark",
          "online",
          "--endpoints",
          server.url,
          "--model",
          MODEL,
          "--dataset",
          tracePath,
          "--load-pattern",
          "trace",
          "--streaming",
          "off",
        ];
        const { summary } = await runIe(args, dir, { pinToClientCpu: false });
        rmSync(dir, { recursive: true, force: true });
        if (summary.n_samples_issued !== TRACE_REQUESTS || summary.n_samples_failed > 0) {
          throw new Error(
            `trace run ${i + 1}: ${summary.n_samples_issued} issued, ${summary.n_samples_failed} failed (${JSON.stringify(summary.error_counts)})`,
          );
        }
        p50.push(lagUs(summary, "50.0"));
        p99.push(lagUs(summary, "99.0"));
        verdicts.push(summary.load_generator ?? "n/a");
        progress(
          `run ${i + 1}: lag p50 ${fmt(p50.at(-1) as number, 1)} µs, p99 ${fmt(p99.at(-1) as number, 1)} µs, load_generator ${verdicts.at(-1)}; floors p99: empty loop ${fmt(empty.p99, 1)} µs, least client ${fmt(least.p99, 1)} µs`,
        );
      }
    } finally {
      await server.stop();
    }
    const ok = verdicts.filter((v) => v === "ok").length;
    const pair = (a: number[], b: number[]) => `${fmt(median(a), 1)} / ${fmt(median(b), 1)}`;
    return [
      {
        section: SECTION,
        metric: `${LABEL}: schedule lag p50 / p99 µs`,
        value: pair(p50, p99),
        peer: "–",
        ratio: "–",
        target: `p99 < ${fmt(LAG_P99_TARGET_US)} µs`,
        verdict: below(median(p99), LAG_P99_TARGET_US),
        notes: `p50 ${runs(p50)}; p99 ${runs(p99)}; CLI's own affinity (worker alone on CPU 1); was test/e2e/trace-replay.test.ts's bound`,
      },
      {
        section: SECTION,
        metric: `${LABEL}: schedule lag p50 over the empty loop's p50, µs`,
        value: fmt(median(p50) - median(emptyP50), 1),
        peer: "–",
        ratio: "–",
        target: `< ${fmt(LAG_P50_OVER_FLOOR_US)} µs`,
        verdict: below(median(p50) - median(emptyP50), LAG_P50_OVER_FLOOR_US),
        notes: "medians of the runs; was test/e2e/trace-replay.test.ts's bound (its floor then ran beside the run)",
      },
      {
        section: SECTION,
        metric: `${LABEL}: load_generator verdict`,
        value: `ok in ${ok} of ${verdicts.length}`,
        peer: "–",
        ratio: "–",
        target: "ok",
        verdict: verdicts.length === 0 ? "–" : 2 * ok > verdicts.length ? "met" : "not met",
        notes: `runs ${verdicts.join(", ")}; met when most runs are ok, as the lag row takes the median run`,
      },
      {
        section: SECTION,
        metric: `${LABEL}: floor — empty event loop, same instants, lag p50 / p99 µs`,
        value: pair(emptyP50, emptyP99),
        peer: "–",
        ratio: "–",
        target: "–",
        verdict: "–",
        notes: `the machine's own lateness on the client CPU (scripts/bench/jitter-floor.ts --offsets); p99 ${runs(emptyP99)}`,
      },
      {
        section: SECTION,
        metric: `${LABEL}: floor — the least client (bare fetch, least parsing, events.db row) keeping the same instants, lag p50 / p99 µs`,
        value: pair(leastP50, leastP99),
        peer: "–",
        ratio: "–",
        target: "–",
        verdict: "–",
        notes: `jitter-floor.ts --offsets with a URL, one process on the client CPU, none of our code: what Bun's fetch, JSON.parse and bun:sqlite cost the schedule; p99 ${runs(leastP99)}`,
      },
    ];
  },
};
