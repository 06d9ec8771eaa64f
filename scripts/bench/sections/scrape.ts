/**
 * @module scripts/bench/sections/scrape — does reading the server's /metrics move a send? Issue
 * 24's acceptance: schedule lag unchanged within noise in the same run with and without
 * `--server-metrics`, and a scrape that hangs delays nothing either.
 *
 * `serve --mode echo` (it exposes /metrics) on CPU 0; Poisson 2,000 QPS for `seconds`, streaming
 * off, one worker, the CLI unpinned so its own affinity puts the worker alone on CPU 1 (as the
 * Poisson section's 2k row). Three arms, interleaved run by run so drift on the host hits all of
 * them: no scraping; scraping serve's page 10 times a second; scraping, 10 times a second, a
 * loopback port that accepts and never answers (every scrape abandoned at its interval). The
 * verdict: each scraping arm's median lag p99 is within the range of the arm without.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { lagUs, poissonArgs, runIe, type Summary } from "../lib/ie.ts";
import { BUN, MAIN, startServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, median, ratio, runs, type Row } from "../lib/table.ts";

const QPS = 2_000;
const INTERVAL_S = "0.1";

interface Arm {
  name: string;
  /** The --server-metrics value, given the server's and the silent port's URLs. */
  metrics: (serverUrl: string, silentUrl: string) => string;
}

const ARMS: readonly Arm[] = [
  { name: "without scraping", metrics: () => "off" },
  { name: "scraping serve's /metrics 10×/s", metrics: (url) => `${url}/metrics` },
  { name: "scraping a page that never answers, 10×/s", metrics: (_url, silent) => `${silent}/metrics` },
];

interface ScrapeCounts {
  server_metrics?: { scrapes: number; failed_scrapes: number };
}

export const scrapeSection: Section = {
  name: "scrape",
  description: "schedule lag at 2k QPS with and without --server-metrics (a live page, and one that never answers)",
  async run(ctx): Promise<Row[]> {
    const server = await startServer([BUN, MAIN, "serve", "--port", "0", "--mode", "echo"]);
    // Accepts and reads, never writes: each scrape hangs until the client abandons it.
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const silentUrl = `http://127.0.0.1:${silent.port}`;
    const p99 = ARMS.map(() => [] as number[]);
    const scrapes = ARMS.map(() => [] as string[]);
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        for (const [a, arm] of ARMS.entries()) {
          const dir = join(ctx.tmp, `scrape-${a}-${i}`);
          const args = [
            ...poissonArgs(server.url, QPS, ctx.seconds),
            "--streaming",
            "off",
            "--server-metrics",
            arm.metrics(server.url, silentUrl),
            "--server-metrics-interval",
            INTERVAL_S,
          ];
          const run = await runIe(args, dir, { pinToClientCpu: false });
          rmSync(dir, { recursive: true, force: true });
          const counts = (run.summary as Summary & ScrapeCounts).server_metrics;
          p99[a]?.push(lagUs(run.summary, "99.0"));
          scrapes[a]?.push(counts ? `${counts.scrapes} ok / ${counts.failed_scrapes} failed` : "none");
          progress(
            `${arm.name} run ${i + 1}: lag p99 ${fmt(lagUs(run.summary, "99.0"), 1)} µs, scrapes ${scrapes[a]?.at(-1)}`,
          );
        }
      }
    } finally {
      silent.stop(true);
      await server.stop();
    }
    const base = p99[0] as number[];
    return ARMS.map((arm, a) => {
      const mine = p99[a] as number[];
      const judged = a > 0;
      const within = median(mine) <= Math.max(...base);
      return {
        section: "3b scraping /metrics",
        metric: `Poisson ${fmt(QPS)} QPS, ${ctx.seconds} s, ${arm.name}: schedule lag p99 µs${judged ? " (peer: without scraping)" : ""}`,
        value: fmt(median(mine), 1),
        peer: judged ? fmt(median(base), 1) : "–",
        ratio: judged ? ratio(median(mine), median(base)) : "–",
        target: judged ? "median ≤ the slowest run without scraping" : "–",
        verdict: judged ? (within ? "met" : "not met") : "–",
        notes: `${runs(mine, " µs")}; scrapes: ${(scrapes[a] as string[]).join(", ")}`,
      };
    });
  },
};
