/**
 * @module scripts/bench/sections/server-arrivals — the Poisson schedule as the server sees it: its rate and its dispersion, the poisson-arrivals test's old bounds.
 *
 * As test/e2e/poisson-arrivals.test.ts: `benchmark online`, Poisson 2,000 QPS, 6,000 requests,
 * streaming off, against `serve --mode fixed` with its observations on (lib/observed-server) on
 * CPU 0, the CLI started unpinned as the test starts it (its own affinity: the worker alone on
 * CPU 1). From the server's arrival instants: the rate over their span (target within 3 % of
 * 2,000) and the index of dispersion of the counts per 10 ms window — variance ÷ mean, 1 for a
 * Poisson stream, ~0 for evenly spaced sends, well above 1 when sends bunch (host preemption
 * bunches them too). Target 0.7–1.9, beside the plan's own index (its seeded offsets: ~300
 * windows of mean 20 scatter by about ±0.1). The Poisson section's rows read the client's own
 * record; these read the server's.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { poissonOffsets } from "../../../src/load-pattern/arrivals.ts";
import { arrivalRate, indexOfDispersion } from "../../../test/e2e/shard-helpers.ts";
import { lagUs, poissonArgs, runIe } from "../lib/ie.ts";
import { arrivalsNs, startObservedServer } from "../lib/observed-server.ts";
import { progress, type Section } from "../lib/section.ts";
import { below, fmt, inRange, median, ratio, runs, type Row } from "../lib/table.ts";

const SECTION = "3f Poisson at the server";
const TARGET_QPS = 2_000;
const SECONDS = 3;
const REQUESTS = TARGET_QPS * SECONDS;
const MAX_RATE_ERROR = 0.03;
const WINDOW_NS = 10e6;
const DISPERSION = [0.7, 1.9] as const;
/** scheduler_random_seed's default, which the run uses. */
const PLAN_SEED = 42;

export const serverArrivalsSection: Section = {
  name: "arrivals",
  description:
    "Poisson 2,000 QPS as the server sees it: rate at the server (±3 %), index of dispersion per 10 ms window (0.7–1.9)",
  async run(ctx): Promise<Row[]> {
    const rate: number[] = [];
    const dispersion: number[] = [];
    const lagP99: number[] = [];
    for (let i = 0; i < ctx.repeats; i++) {
      const server = await startObservedServer({ mode: "fixed" }, join(ctx.tmp, `observations-${i}.json`));
      const dir = join(ctx.tmp, `arrivals-${i}`);
      let arrivals: number[];
      try {
        const { summary } = await runIe([...poissonArgs(server.url, TARGET_QPS, SECONDS), "--streaming", "off"], dir, {
          pinToClientCpu: false,
        });
        lagP99.push(lagUs(summary, "99.0"));
      } finally {
        arrivals = arrivalsNs(await server.stopAndRead());
        rmSync(dir, { recursive: true, force: true });
      }
      if (arrivals.length !== REQUESTS)
        throw new Error(`run ${i + 1}: the server saw ${arrivals.length} of ${REQUESTS} requests`);
      rate.push(arrivalRate(arrivals));
      dispersion.push(indexOfDispersion(arrivals, WINDOW_NS));
      progress(
        `run ${i + 1}: ${fmt(rate.at(-1) as number, 1)} req/s at the server, dispersion ${fmt(dispersion.at(-1) as number, 2)}, client's lag p99 ${fmt(lagP99.at(-1) as number, 1)} µs`,
      );
    }
    const plan = [...poissonOffsets(REQUESTS, TARGET_QPS, PLAN_SEED)];
    const planned = indexOfDispersion(plan, WINDOW_NS);
    const label = `Poisson ${fmt(TARGET_QPS)} QPS, ${fmt(REQUESTS)} requests, streaming off`;
    return [
      {
        section: SECTION,
        metric: `${label}: rate at the server, req/s (peer: target)`,
        value: fmt(median(rate), 1),
        peer: fmt(TARGET_QPS),
        ratio: ratio(median(rate), TARGET_QPS),
        target: "within 3 %",
        verdict: below(Math.abs(median(rate) / TARGET_QPS - 1), MAX_RATE_ERROR),
        notes: `${runs(rate)}; (arrivals − 1) / their span; the plan's own offsets offer ${fmt(arrivalRate(plan), 1)}; the client's own schedule lag p99 ${runs(lagP99, " µs")}; CLI's own affinity (worker alone on CPU 1); was test/e2e/poisson-arrivals.test.ts's bound`,
      },
      {
        section: SECTION,
        metric: `${label}: index of dispersion of the arrivals at the server, 10 ms windows (peer: the plan's own)`,
        value: fmt(median(dispersion), 2),
        peer: fmt(planned, 2),
        ratio: ratio(median(dispersion), planned),
        target: `${DISPERSION[0]}–${DISPERSION[1]}`,
        verdict: inRange(median(dispersion), DISPERSION[0], DISPERSION[1]),
        notes: `${runs(dispersion)}; the plan's: its seeded offsets (seed ${PLAN_SEED}); a client that batches its sends measured 2.6; was test/e2e/poisson-arrivals.test.ts's bound`,
      },
    ];
  },
};
