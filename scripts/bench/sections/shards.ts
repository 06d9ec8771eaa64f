/**
 * @module scripts/bench/sections/shards — two shards of one Poisson plan on one box: do they start together and offer the plan's rate? The shards test's old bounds.
 *
 * As test/e2e/shards.test.ts: `serve --mode fixed` with its observations on (lib/observed-server)
 * on CPU 0; two CLIs, `--shard 0/2` and `--shard 1/2` of a 400 QPS Poisson plan of 4,000
 * requests (streaming off, one worker each, `--start-at +3s` and one `--start-barrier`), started
 * unpinned as the test starts them (each one's own affinity: both workers on CPU 1). Figures: the
 * rate the server saw over the union of the arrivals (target within 3 % of 400), how far apart
 * the two performance phases began on the wall clock (T0's epoch + the phase's offset, from each
 * events.db; target < 2 ms) and the arrivals' index of dispersion per 10 ms window (Poisson: 1;
 * target 0.7–1.5), beside the plan's own. The helpers are the test's (test/e2e/shard-helpers).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { poissonOffsets } from "../../../src/load-pattern/arrivals.ts";
import { arrivalRate, indexOfDispersion, phaseStartEpochNs } from "../../../test/e2e/shard-helpers.ts";
import { lagUs, poissonArgs, runIe } from "../lib/ie.ts";
import { arrivalsNs, startObservedServer } from "../lib/observed-server.ts";
import { progress, type Section } from "../lib/section.ts";
import { below, fmt, inRange, median, ratio, runs, type Row } from "../lib/table.ts";

const SECTION = "3e two shards";
const TARGET_QPS = 400;
const SECONDS = 10;
const SHARDS = ["0/2", "1/2"] as const;
const MAX_RATE_ERROR = 0.03;
const MAX_START_GAP_MS = 2;
const WINDOW_NS = 10e6;
const DISPERSION = [0.7, 1.5] as const;
/** What a shard prints when its workers were ready before the instant (test/e2e/shards.test.ts checks it too). */
const START_WAIT = /start: waiting \d+\.\d{3} s for --start-at/;
/** The plan's seed: scheduler_random_seed's default, which both shards use. */
const PLAN_SEED = 42;

interface ShardRun {
  rate: number;
  startGapMs: number;
  dispersion: number;
  /** Each shard's schedule lag p99 (µs) and load_generator verdict. */
  shards: string;
  /** Shards that missed the --start-at instant (started at once instead). */
  missed: string[];
}

async function shardRun(tmp: string, i: number): Promise<ShardRun> {
  const server = await startObservedServer({ mode: "fixed" }, join(tmp, `observations-${i}.json`));
  const dirs = SHARDS.map((s) => join(tmp, `shard-${i}-${s.replace("/", "-")}`));
  let stopped = false;
  try {
    const args = (shard: string) => [
      ...poissonArgs(server.url, TARGET_QPS, SECONDS),
      "--streaming",
      "off",
      "--shard",
      shard,
      "--start-at",
      "+3s",
      "--start-barrier",
      join(tmp, `run-${i}.barrier`),
    ];
    const results = await Promise.all(
      SHARDS.map((s, k) => runIe(args(s), dirs[k] as string, { pinToClientCpu: false })),
    );
    // A shard whose workers were ready only after the instant starts at once, out of step with the other: said in the notes.
    const missed = SHARDS.filter((_, k) => !START_WAIT.test((results[k] as { stderr: string }).stderr));
    stopped = true;
    const arrivals = arrivalsNs(await server.stopAndRead());
    if (arrivals.length !== TARGET_QPS * SECONDS)
      throw new Error(`run ${i + 1}: the server saw ${arrivals.length} of ${TARGET_QPS * SECONDS} requests`);
    const [startA, startB] = dirs.map((d) => phaseStartEpochNs(d)) as [bigint, bigint];
    return {
      rate: arrivalRate(arrivals),
      startGapMs: Math.abs(Number(startA - startB)) / 1e6,
      dispersion: indexOfDispersion(arrivals, WINDOW_NS),
      shards: results
        .map((r, k) => `${SHARDS[k]} p99 ${fmt(lagUs(r.summary, "99.0"), 0)} µs ${r.summary.load_generator ?? "n/a"}`)
        .join(", "),
      missed: missed.map((shard) => `run ${i + 1} shard ${shard}`),
    };
  } finally {
    if (!stopped) await server.stopAndRead().catch(() => undefined); // a failed run's observations are not read
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

export const shardsSection: Section = {
  name: "shards",
  description:
    "two shards of a 400 QPS Poisson plan on one box: rate at the server (±3 %), phase starts apart (< 2 ms), dispersion",
  async run(ctx): Promise<Row[]> {
    const done: ShardRun[] = [];
    for (let i = 0; i < ctx.repeats; i++) {
      const r = await shardRun(ctx.tmp, i);
      done.push(r);
      progress(
        `run ${i + 1}: ${fmt(r.rate, 1)} req/s at the server, phases ${fmt(r.startGapMs, 3)} ms apart, dispersion ${fmt(r.dispersion, 2)}; ${r.shards}`,
      );
    }
    const rate = median(done.map((r) => r.rate));
    const gap = median(done.map((r) => r.startGapMs));
    const dispersion = median(done.map((r) => r.dispersion));
    const plan = [...poissonOffsets(TARGET_QPS * SECONDS, TARGET_QPS, PLAN_SEED)];
    const planned = indexOfDispersion(plan, WINDOW_NS);
    const label = `--shard 0/2 and 1/2 of a ${fmt(TARGET_QPS)} QPS Poisson plan, ${fmt(TARGET_QPS * SECONDS)} requests, --start-at`;
    const rateError = Math.abs(rate / TARGET_QPS - 1);
    return [
      {
        section: SECTION,
        metric: `${label}: rate at the server, req/s (peer: target)`,
        value: fmt(rate, 1),
        peer: fmt(TARGET_QPS),
        ratio: ratio(rate, TARGET_QPS),
        target: "within 3 %",
        verdict: below(rateError, MAX_RATE_ERROR),
        notes: `${runs(done.map((r) => r.rate))}; (arrivals − 1) / their span, both shards' arrivals together; the plan's own offsets offer ${fmt(arrivalRate(plan), 1)}; shards: ${done.map((r) => r.shards).join("; ")}; was test/e2e/shards.test.ts's bound`,
      },
      {
        section: SECTION,
        metric: `${label}: |performance phase start 0/2 − 1/2|, ms`,
        value: fmt(gap, 3),
        peer: "–",
        ratio: "–",
        target: `< ${MAX_START_GAP_MS} ms`,
        verdict: below(gap, MAX_START_GAP_MS),
        notes: `${runs(
          done.map((r) => r.startGapMs),
          " ms",
        )}; each events.db's t0_epoch_ns + the phase's start_ns; missed the instant: ${done.flatMap((r) => r.missed).join(", ") || "none"}; was test/e2e/shards.test.ts's bound`,
      },
      {
        section: SECTION,
        metric: `${label}: index of dispersion of the arrivals at the server, 10 ms windows (peer: the plan's own)`,
        value: fmt(dispersion, 2),
        peer: fmt(planned, 2),
        ratio: ratio(dispersion, planned),
        target: `${DISPERSION[0]}–${DISPERSION[1]}`,
        verdict: inRange(dispersion, DISPERSION[0], DISPERSION[1]),
        notes: `${runs(done.map((r) => r.dispersion))}; 1 for a Poisson stream, above it when sends bunch; the plan's: its seeded offsets (seed ${PLAN_SEED}); was test/e2e/shards.test.ts's bound`,
      },
    ];
  },
};
