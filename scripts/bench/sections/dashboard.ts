/**
 * @module scripts/bench/sections/dashboard — does drawing the dashboard move a send? Issue 35's
 * measure: Poisson lag p99 and offline throughput with `--ui dashboard` against `--ui none`.
 *
 * The dashboard needs a terminal on stderr, so both arms run inside a pseudo-terminal of 120×40
 * (`script -qec 'stty cols 120 rows 40; exec …' /dev/null`): the arms differ only in `--ui`. The
 * terminal's bytes (script's stdout) are read back: the dashboard arm must have drawn (entered the
 * alternate screen) and the other not, or the section fails.
 * Poisson: 2,000 QPS for `seconds`, streaming off, the CLI unpinned (its own affinity puts the
 * worker alone on CPU 1, as the scrape section). Offline: 50k non-streaming requests, the CLI on
 * the client CPU. Arms interleave run by run, so drift on the host hits both; the verdict: the
 * dashboard's median within the range of the runs without it. Two rows more, measured in this
 * process and so steady on a busy host: the main process's cost of one frame (live-state read,
 * snapshot, render) after 100k requests, and of judging one record against `--slo`.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { achievedQps, lagUs, offlineArgs, poissonArgs, runIe } from "../lib/ie.ts";
import { hasTool, startFixedServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, median, ratio, runs, type Row, type Verdict } from "../lib/table.ts";
import { FRAME_REQUESTS, FRAMES, inProcessCosts } from "../lib/dashboard-costs.ts";

const SECTION = "3g dashboard";
const QPS = 2_000;
/** The alternate screen's switch: the first thing the dashboard writes. Its absence means the arm measured no dashboard. */
const ALTERNATE_SCREEN = "\x1b[?1049h";
const OFFLINE_SAMPLES = 50_000;
const ARMS = ["none", "dashboard"] as const;
/** The CLI inside a 120×40 pseudo-terminal: stdin, stdout and stderr are all the terminal. */
function inTerminal(command: string[]): string[] {
  const quoted = command.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  return ["script", "-qec", `stty cols 120 rows 40; exec ${quoted}`, "/dev/null"];
}

/**
 * The terminal's bytes must show the arm's `--ui`: the dashboard drawn (the alternate screen
 * entered) with `dashboard`, not drawn with `none`. A run that did not draw would make the
 * comparison meaningless, so the section fails, loudly, rather than print a row.
 */
function checkDrawn(ui: (typeof ARMS)[number], what: string, terminal: string): void {
  const drawn = terminal.includes(ALTERNATE_SCREEN);
  if (drawn === (ui === "dashboard")) return;
  throw new Error(
    `--ui ${ui} ${what}: the dashboard was ${drawn ? "" : "not "}drawn (${ALTERNATE_SCREEN.replace("\x1b", "ESC")} ` +
      `${drawn ? "found" : "not found"} in the pseudo-terminal's ${terminal.length} bytes)`,
  );
}

function row(metric: string, unit: string, base: number[], mine: number[], higherIsBetter: boolean): Row[] {
  const within = higherIsBetter ? median(mine) >= Math.min(...base) : median(mine) <= Math.max(...base);
  const verdict: Verdict = within ? "met" : "not met";
  return [
    {
      section: SECTION,
      metric: `${metric}, --ui none`,
      value: fmt(median(base), 1),
      peer: "–",
      ratio: "–",
      target: "–",
      verdict: "–",
      notes: runs(base, unit),
    },
    {
      section: SECTION,
      metric: `${metric}, --ui dashboard (peer: --ui none)`,
      value: fmt(median(mine), 1),
      peer: fmt(median(base), 1),
      ratio: ratio(median(mine), median(base)),
      target: higherIsBetter ? "median ≥ the slowest run without" : "median ≤ the worst run without",
      verdict,
      notes: runs(mine, unit),
    },
  ];
}

export const dashboardSection: Section = {
  name: "dashboard",
  description: "Poisson 2k QPS lag p99 and offline throughput with --ui dashboard vs --ui none (in a pseudo-terminal)",
  async run(ctx): Promise<Row[]> {
    if (!hasTool("script")) throw new Error("the dashboard section needs script(1) (util-linux) for a pseudo-terminal");
    const server = await startFixedServer();
    const lag = ARMS.map(() => [] as number[]);
    const qps = ARMS.map(() => [] as number[]);
    try {
      for (let i = 0; i < ctx.repeats; i++) {
        for (const [a, ui] of ARMS.entries()) {
          const poissonDir = join(ctx.tmp, `dash-p-${ui}-${i}`);
          const poisson = await runIe(
            [...poissonArgs(server.url, QPS, ctx.seconds), "--streaming", "off", "--ui", ui],
            poissonDir,
            { pinToClientCpu: false, wrap: inTerminal, captureStdout: true },
          );
          checkDrawn(ui, "Poisson", poisson.stdout);
          rmSync(poissonDir, { recursive: true, force: true });
          lag[a]?.push(lagUs(poisson.summary, "99.0"));
          const offlineDir = join(ctx.tmp, `dash-o-${ui}-${i}`);
          const offline = await runIe([...offlineArgs(server.url, OFFLINE_SAMPLES, false), "--ui", ui], offlineDir, {
            wrap: inTerminal,
            captureStdout: true,
          });
          checkDrawn(ui, "offline", offline.stdout);
          rmSync(offlineDir, { recursive: true, force: true });
          qps[a]?.push(achievedQps(offline.summary));
          progress(
            `--ui ${ui} run ${i + 1}: Poisson lag p99 ${fmt(lag[a]?.at(-1) ?? Number.NaN, 1)} µs, offline ${fmt(qps[a]?.at(-1) ?? Number.NaN)} req/s`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    const costs = inProcessCosts();
    progress(
      `frame ${fmt(costs.frameUs, 1)} µs; per record: percentiles ${fmt(costs.latencyNsPerRecord, 1)} ns, --slo ${fmt(costs.sloNsPerRecord, 1)} ns`,
    );
    const cost = (metric: string, value: number, notes: string): Row => ({
      section: SECTION,
      metric,
      value: fmt(value, 1),
      peer: "–",
      ratio: "–",
      target: "–",
      verdict: "–",
      notes,
    });
    return [
      cost(
        `main's cost of one frame after ${fmt(FRAME_REQUESTS)} requests, µs`,
        costs.frameUs,
        `median of ${fmt(FRAMES)} frames (live-state read, snapshot, render 120×40); 2 frames a second`,
      ),
      cost(
        "main's cost of filing one record in the live tally: counts, TTFT, TPOT, latency, lag and chunk gaps (ITL, 16 chunks), ns",
        costs.latencyNsPerRecord,
        `${fmt(FRAME_REQUESTS)} records`,
      ),
      cost(
        "main's cost of judging one record against --slo, ns",
        costs.sloNsPerRecord,
        `${fmt(FRAME_REQUESTS)} records`,
      ),
      ...row(
        `Poisson ${fmt(QPS)} QPS, ${ctx.seconds} s: schedule lag p99 µs`,
        " µs",
        lag[0] ?? [],
        lag[1] ?? [],
        false,
      ),
      ...row(`offline ${fmt(OFFLINE_SAMPLES)} requests: achieved req/s`, "", qps[0] ?? [], qps[1] ?? [], true),
    ];
  },
};
