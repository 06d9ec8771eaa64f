/**
 * @module test/e2e/sweep-find.test — `sweep --find max-goodput` against `serve --mode model --max-concurrent 4`:
 * the capacity first, then each rate the search's rule picks from the verdicts so far; each verdict the one its
 * step's own events.db implies against the SLO; the bracket, its convergence and the answer; the thin-verdict
 * warning; a config's load pattern and SLO under the step bound; and sweep.html marking the answer where its data is.
 *
 * Where the knee lands against a queue model, and what the host adds to a step, are bench rows (`npm run bench --
 * --only sweep`): here the host decides only which path the search takes, and every path is checked by the rule.
 * Steps are sized by --duration, so a busy host that fails the low rates does not stretch the steps it tries.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { bracketOf, nextRate, searchConverged, type RateTrial } from "../../src/sweep/search-rate.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";
import { HAS_CHROMIUM, visitPage } from "../report/html/headless-chromium.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";
import {
  plannedShapeNs,
  readSweep,
  scheduleShapeNs,
  stepRows,
  ttftAttainmentPct,
  type SweepFile,
} from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-sweep-find-");
afterAll(() => dirs.cleanup());

/** 4 places of 10 ms: about 400 req/s flat out. */
const QUEUE = { mode: "model", ttftMs: 10, outputTokens: 1, maxConcurrent: 4 } as const;
const SLO_TTFT_MS = 40;
const PERCENTILE = 95;
const PRECISION = 0.25;
const MAX_STEPS = 10;

type Run = { exitCode: number; stdout: string; stderr: string; out: string; sweep: SweepFile };

/** `sweep` with `flags` against a fresh server of `QUEUE`, stopped after; what it printed and wrote. */
async function sweepOnQueue(flags: string[]): Promise<Run> {
  const server = await startMockServer(QUEUE);
  try {
    const dir = dirs.make();
    const out = join(dir, "out");
    const result = await runCli([
      ...["sweep", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 40)],
      ...["--server-metrics", "off", "-q", ...flags, "--report-dir", out],
    ]);
    return { ...result, out, sweep: readSweep(out) };
  } finally {
    await server.stop();
  }
}

/** `-c`: a config naming Poisson at 7 req/s and a TTFT SLO; the sweep's own flags set the rest. */
async function sweepFromConfig(): Promise<Run> {
  const server = await startMockServer({ mode: "model", ttftMs: 20, outputTokens: 2, maxConcurrent: 4 });
  try {
    const dir = dirs.make();
    const config = join(dir, "sweep.yaml");
    writeFileSync(
      config,
      `type: online
model_params: {name: m}
endpoint_config: {endpoints: ["${server.url}"]}
datasets: [{path: "${questionDataset(dir, 40)}"}]
settings:
  load_pattern: {type: poisson, target_qps: 7}
  runtime: {n_samples_to_issue: 40, min_duration_ms: 0}
slo: {ttft_ms: 100}
server_metrics: {url: "off"}
`,
    );
    const out = join(dir, "out");
    const result = await runCli([
      ...["sweep", "-c", config, "--find", "max-goodput", "--slo", "p=95", "--max-steps", "2"],
      ...["--precision", "50%", "--report-dir", out, "-q"],
    ]);
    return { ...result, out, sweep: readSweep(out) };
  } finally {
    await server.stop();
  }
}

let search: Run;
let configured: Run;

// Two independent sweeps, each against its own server, at once: the search, and one from a config cut short by --max-steps.
beforeAll(async () => {
  [search, configured] = await Promise.all([
    sweepOnQueue([
      ...["--find", "max-goodput", "--slo", `ttft:${SLO_TTFT_MS}ms,p=${PERCENTILE}`],
      ...["--precision", `${PRECISION * 100}%`, "--max-steps", String(MAX_STEPS), "--duration", "0.3s"],
    ]),
    sweepFromConfig(),
  ]);
}, 120_000);

/** The capacity the search started from, rounded as the sweep rounds every rate. */
const capacityOf = (sweep: SweepFile) => Math.round((sweep.steps[0]?.achieved_qps as number) * 1000) / 1000;

describe("cli/sweep --find max-goodput", () => {
  test("the capacity first, then each rate the rule picks from the verdicts so far, each verdict its events.db's", () => {
    expect(search.stderr).not.toContain("error:");
    expect(search.exitCode).toBe(0);
    const { sweep } = search;
    expect(sweep).toMatchObject({ mode: "find", state: "complete", percentile: PERCENTILE, precision: PRECISION });
    expect(sweep.steps[0]).toMatchObject({ kind: "max_throughput", at_slo_percentile: null, passed: null });
    const rates = sweep.steps.slice(1);
    expect(rates.every((s) => s.kind === "rate")).toBe(true);
    expect(rates.length).toBeGreaterThanOrEqual(1);
    expect(rates.length).toBeLessThanOrEqual(MAX_STEPS);
    // Replayed by the search's rule: the first rate is the capacity, each next one follows from the verdicts before it.
    const capacity = capacityOf(sweep);
    const trials: RateTrial[] = [];
    for (const s of rates) {
      const due = nextRate(capacity, trials, PRECISION, MAX_STEPS) as number;
      expect({ step: s.index, offered: s.offered }).toEqual({ step: s.index, offered: Math.round(due * 1000) / 1000 });
      trials.push({ rate: s.offered as number, passed: s.passed === true });
    }
    expect(nextRate(capacity, trials, PRECISION, MAX_STEPS)).toBeNull();
    for (const s of rates) {
      const rows = stepRows(s.report_dir);
      // The step ran the seeded plan at its rate, and its attainment is its own requests' share within the limit.
      expect(scheduleShapeNs(rows)).toEqual(plannedShapeNs(rows.length, s.offered as number));
      expect(s.judged_requests).toBe(rows.filter((r) => r.done_ns !== null && r.error_kind !== "cancelled").length);
      expect(s.attainment_pct as number).toBeCloseTo(ttftAttainmentPct(rows, SLO_TTFT_MS), 9);
      // Our verdict: on schedule, settled, complete (no note) and at least 95 % within the limit.
      expect({ step: s.index, passed: s.passed }).toEqual({
        step: s.index,
        passed: s.note === null && (s.attainment_pct as number) >= PERCENTILE,
      });
      // Each judged step carries its TTFT at p95, the percentile the search judged: between its p50 and p99.
      if (s.state === "complete") {
        expect(s.at_slo_percentile?.ttft_ms as number).toBeGreaterThanOrEqual(s.ttft_p50_ms as number);
        expect(s.at_slo_percentile?.ttft_ms as number).toBeLessThanOrEqual(s.ttft_p99_ms as number);
      }
    }
  });

  test("the answer is the bracket's low end: it passed, the upper end failed, and (hi − lo) / lo is within --precision", () => {
    const { sweep } = search;
    const rates = sweep.steps.slice(1);
    const trials = rates.map((s) => ({ rate: s.offered as number, passed: s.passed === true }));
    const capacity = capacityOf(sweep);
    const { lo, hi } = bracketOf(capacity, trials);
    const answer = sweep.answer;
    if (!answer) throw new Error(`no answer:\n${search.stdout}`);
    expect(answer).toMatchObject({ bracket: [lo, hi], steps: rates.length, rate: lo > 0 ? lo : null });
    expect(answer.converged).toBe(searchConverged(capacity, trials, PRECISION));
    const step = (rate: number) => rates.find((s) => s.offered === rate) as SweepStep;
    if (answer.rate === null) {
      expect(search.stdout).toContain(`No rate met the SLO in ${rates.length} steps.`);
      return;
    }
    expect(step(lo).passed).toBe(true);
    // The upper end failed, unless the bracket is one rate: the search met the SLO at and above the capacity.
    if (lo !== hi) expect(step(hi).passed).toBe(false);
    if (answer.converged) expect((hi - lo) / lo).toBeLessThanOrEqual(PRECISION);
    // The answer's own schedule: the seeded Poisson arrivals of its step offer their own rate (none when a step as
    // slow as a busy host can push the search to sent one request: a rate needs two instants).
    expect(answer.scheduled_qps).toBe(step(lo).scheduled_qps);
    const offered =
      answer.scheduled_qps === null ? "" : `its schedule offered ${answer.scheduled_qps.toFixed(2)} req/s; `;
    const tail = answer.converged ? "" : "; not converged within --max-steps";
    expect(search.stdout).toContain(
      `Highest rate meeting the SLO at p95: ${lo} req/s (${offered}bracket ${lo}–${hi} req/s, ${rates.length} steps${tail})`,
    );
  });

  test("a judged step of few requests: the sweep warns that a handful of slow ones decide its verdict", () => {
    /** The warning for `run`'s smallest judged step at `p`, when it allowed fewer than 10 misses; else none. */
    const thinWarnings = (run: Run, p: number) => {
      const fewest = Math.min(
        ...run.sweep.steps.filter((s) => s.passed !== null).map((s) => s.judged_requests as number),
      );
      const allowed = Math.floor(fewest * (1 - p / 100) + 1e-9);
      const need = Math.round(10 / (1 - p / 100));
      return allowed >= 10
        ? []
        : [
            `a judged step had only ${fewest} requests: at p${p} it passes with at most ${allowed} over the SLO, so a few ` +
              `slow requests decide it; ${need} requests per step allow 10 (raise --num-samples or --duration)`,
          ];
    };
    expect(search.sweep.warnings).toEqual(thinWarnings(search, PERCENTILE));
    // At p95 a step under 200 requests is thin: the config's steps are 40.
    const [thin] = thinWarnings(configured, 95);
    expect(thin).toBeDefined();
    expect(configured.sweep.warnings).toEqual([thin as string]);
    for (const run of [search, configured])
      for (const w of run.sweep.warnings) expect(run.stderr).toContain(`warning: sweep: ${w}\n`);
  });

  test("-c: a config's load pattern and slo serve every kind of step (the capacity run is max throughput), --slo p=95 sets only the share, --max-steps bounds it", () => {
    expect(configured.stderr).not.toContain("error:");
    expect(configured.exitCode).toBe(0);
    const { sweep } = configured;
    expect(sweep).toMatchObject({ percentile: 95, slo: { ttft_ms: 100, tpot_ms: null, latency_ms: null } });
    expect(sweep.steps[0]).toMatchObject({ kind: "max_throughput", state: "complete" });
    expect(sweep.steps.slice(1).every((s) => s.kind === "rate" && s.state === "complete")).toBe(true);
    // --max-steps 2 bounds the search: two rates, whatever they found, and it says whether they pinned the answer to
    // 50 % (only a pass at the capacity and a failure a quarter above it do).
    expect(sweep.steps.length).toBe(3);
    expect(sweep.answer?.steps).toBe(2);
    if (sweep.answer?.converged === false)
      expect(configured.stdout).toMatch(/; not converged within --max-steps\)\n|No rate met the SLO in 2 steps\./);
    // Each rate step ran its own rate, not the config's 7 req/s.
    for (const s of sweep.steps.slice(1)) {
      const rows = stepRows(s.report_dir);
      expect(scheduleShapeNs(rows)).toEqual(plannedShapeNs(rows.length, s.offered as number));
    }
  });

  test("sweep.html, drawn in Chromium, puts the answer and the capacity where its data does, each point on its side of the limit", async () => {
    if (!HAS_CHROMIUM) return console.warn("note: /usr/bin/chromium not found; sweep.html is not opened");
    const { sweep, out } = search;
    const probe = `({
      charts: [...document.querySelectorAll("svg[data-chart]")].map((svg) => svg.dataset.chart),
      lines: Object.fromEntries([...document.querySelectorAll('svg[data-chart="sweep-latency"] [data-series]')]
        .map((el) => [el.dataset.series, [...(el.getAttribute("d") ?? "").matchAll(/[ML]([\\d.]+) ([\\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])])])),
    })`;
    const visit = await visitPage(`file://${join(out, "sweep.html")}`, probe);
    // Drawn without a problem and without a request beyond the file itself: the page is self-contained.
    expect(visit.problems).toEqual([]);
    expect(visit.requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"))).toEqual([]);
    const { charts, lines } = visit.value as { charts: string[]; lines: Record<string, [number, number][]> };
    expect(charts).toEqual(["sweep-latency", "sweep-goodput"]);
    // The curve's steps: the rate steps that ran their plan (complete, on schedule), by offered rate.
    const curve = sweep.steps
      .filter((s) => s.kind === "rate" && s.state === "complete" && s.load_generator !== "fell_behind")
      .sort((a, b) => (a.offered as number) - (b.offered as number));
    const p99 = [...(lines["TTFT p99"] ?? [])].sort((a, b) => a[0] - b[0]);
    expect(p99.length).toBe(curve.length);
    const limitY = lines["TTFT limit"]?.[0]?.[1] as number;
    // Screen y grows downwards: a TTFT p99 clearly under the limit is drawn below its line, one clearly over above it.
    for (const [i, s] of curve.entries()) {
      const y = p99[i]?.[1] as number;
      if ((s.ttft_p99_ms as number) < 0.9 * SLO_TTFT_MS)
        expect({ step: s.index, under: y > limitY }).toEqual({ step: s.index, under: true });
      if ((s.ttft_p99_ms as number) > 1.1 * SLO_TTFT_MS)
        expect({ step: s.index, over: y < limitY }).toEqual({ step: s.index, over: true });
    }
    const xOf = (rate: number) => p99[curve.findIndex((s) => s.offered === rate)]?.[0];
    const answer = sweep.answer?.rate ?? null;
    if (answer !== null) {
      const answerLine = lines[`answer: ${answer} req/s`] ?? [];
      expect(answerLine.length).toBe(2);
      expect(answerLine.map(([x]) => x)).toEqual([xOf(answer) as number, xOf(answer) as number]);
    }
    // The capacity's vertical line stands between the rates below it and those above it.
    const capacity = sweep.steps[0]?.achieved_qps as number;
    const capacityX = Object.entries(lines).find(([k]) => k.startsWith("capacity: "))?.[1]?.[0]?.[0] as number;
    for (const [i, s] of curve.entries()) {
      if ((s.offered as number) < 0.99 * capacity) expect(p99[i]?.[0] as number).toBeLessThan(capacityX);
      if ((s.offered as number) > 1.01 * capacity) expect(p99[i]?.[0] as number).toBeGreaterThan(capacityX);
    }
  }, 120_000);
});
