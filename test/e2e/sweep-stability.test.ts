/**
 * @module test/e2e/sweep-stability.test — the short-step, loose-SLO search of issue 38 against
 * `serve --mode model --max-concurrent 4`. With steps short against the queue's settling time a queue growing
 * without bound never reaches a loose TTFT limit, so attainment alone passed the capacity itself; the stability
 * verdict must mark such steps unstable and fail them — each verdict the one the sweep's settling rule gives from
 * the step's own figures. Also: a burst that understates the server sends the search above its capacity; a
 * concurrency run's report carries its steady-state window, and a Poisson run's window is what events.db's own sends
 * and completions give.
 *
 * The search runs the issue's case at a shorter scale — a service of 100 ms (not 150), steps of 1 s (not 6) — where
 * the settling time 1 ÷ (μ(1 − √ρ)²) scales with the service time too; its 2 s limit is looser still, so that a
 * host loaded many times over does not fail the steps near the capacity by their attainment. The server's 40 req/s
 * stays well inside what a busy host's client sends on time: at 200 req/s a loaded client measured a burst of 117
 * and fell behind its own rate steps, so the server never queued and no step could be hollow. A queue above the
 * capacity waits (ρ − 1)·t whatever the service time, so 1 s at 1.25× shows one of ~0.25 s against 100 ms. Where
 * the answer lands against this host's capacity (issue 38's "below 95 %") is a bench row: `npm run bench -- --only
 * sweep-model`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResultSummary } from "../../src/report/result-summary.ts";
import { startMockServer } from "../../src/server/index.ts";
import { ABOVE_CAPACITY_GROWTH } from "../../src/sweep/search-rate.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";
import { explained } from "./explain-failure.ts";
import { expectSteadyWindow } from "./steady-window.ts";
import { readSweep } from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-sweep-stability-");
afterAll(() => dirs.cleanup());

/** 4 places, each held 15 ms + 5 × 1 ms = 20 ms: 200 req/s. */
const QUEUE = { mode: "model", ttftMs: 15, tpotMs: 1, outputTokens: 6, maxConcurrent: 4 } as const;
/** The search's server: 4 places, each held 85 ms + 5 × 3 ms = 100 ms: 40 req/s. */
const SEARCHED = { mode: "model", ttftMs: 85, tpotMs: 3, outputTokens: 6, maxConcurrent: 4 } as const;
const SEARCHED_CAPACITY = 40;
/** 4 places, each held 340 ms + 3 × 20 ms = 400 ms, most of it before the first token (wide margins over host noise). */
const SLOW_FIRST = { mode: "model", ttftMs: 340, tpotMs: 20, outputTokens: 4, maxConcurrent: 4 } as const;
const SLOW_FIRST_CAPACITY = 4 / 0.4;
/** A closed loop's server: 4 places of 60 ms + 3 × 5 ms = 75 ms, most of it before the first token. */
const CLOSED = { mode: "model", ttftMs: 60, tpotMs: 5, outputTokens: 4, maxConcurrent: 4 } as const;
const CLOSED_SERVICE_MS = 75;
const PERCENTILE = 95;

/**
 * The sweep's settling rule (sweep/step-settling, docs/sweeps.md) from a rate step's own figures: μ the highest
 * throughput the sweep had shown (the steps before it, its own steady window), ρ its schedule's rate over μ; it can
 * have settled when it showed no queue (steady TTFT p50 within 1.5× its fastest) or sent for Morse's 1 ÷ (μ(1 − √ρ)²).
 */
function couldSettle(step: SweepStep, summary: ResultSummary, earlier: readonly SweepStep[]): boolean {
  const steady = summary.steady_state;
  const mu = Math.max(steady?.qps ?? 0, ...earlier.map((s) => s.achieved_qps ?? 0));
  // No window, no schedule's rate (one request), or no throughput to judge against: nothing to settle.
  if (!steady || step.scheduled_qps === null || !(mu > 0)) return true;
  const rho = step.scheduled_qps / mu;
  const relaxationS = rho >= 1 ? Number.POSITIVE_INFINITY : 1 / (mu * (1 - Math.sqrt(rho)) ** 2);
  const fastestMs = (summary.ttft.min as number) / 1e6;
  const noQueue = steady.ttft_p50_ms !== null && fastestMs > 0 && steady.ttft_p50_ms <= 1.5 * fastestMs;
  return noQueue || steady.sending_s >= relaxationS;
}

describe("sweep/stability", () => {
  test("acceptance: loose SLO, short steps: a step whose attainment passes but that cannot have settled fails, by the settling rule", async () => {
    const server = await startMockServer(SEARCHED);
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      const result = await runCli([
        ...["sweep", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 80)],
        ...["--server-metrics", "off", "-q", "--find", "max-goodput", "--slo", `ttft:2000ms,p=${PERCENTILE}`],
        ...["--duration", "1s", "--max-steps", "4", "--report-dir", out],
      ]);
      await explained(
        () => `${result.stdout}\n${result.stderr}`,
        () => {
          expect(result.stderr).not.toContain("error:");
          expect(result.exitCode).toBe(0);
          const sweep = readSweep(out);
          const capacity = sweep.steps[0] as SweepStep;
          expect(capacity.kind).toBe("max_throughput");
          // 80 requests on 4 places of at least 100 ms each take at least 2 s.
          expect(capacity.achieved_qps as number).toBeLessThanOrEqual(SEARCHED_CAPACITY * 1.01);
          const rates = sweep.steps.slice(1);
          for (const [i, s] of rates.entries()) {
            const summary = readSummary(s.report_dir);
            const ownVerdict = summary.steady_state?.stability ?? null;
            // A run that found its own queue rising is unstable in the sweep too; the sweep adds those too short to settle.
            const unstable = ownVerdict === "unstable" || !couldSettle(s, summary, sweep.steps.slice(0, i + 1));
            expect({ step: s.index, stability: s.stability }).toEqual({
              step: s.index,
              stability: unstable ? "unstable" : ownVerdict,
            });
            // Our rule: an unstable step never passes, and says why (a step that also fell behind says that first).
            expect({ step: s.index, passed: s.passed }).toEqual({
              step: s.index,
              passed: s.note === null && (s.attainment_pct as number) >= PERCENTILE,
            });
            if (s.stability === "unstable") expect(s.note).not.toBeNull();
            // One the sweep found too short to settle says how long a step would need to be to judge its rate — above
            // capacity too, where no length passes it but one long enough lets the SLO see the queue.
            if (s.stability === "unstable" && ownVerdict !== "unstable") {
              expect(typeof s.step_length_to_judge_s).toBe("number");
              if (s.load_generator === "ok")
                expect(s.note).toContain(
                  `judging this rate needs steps of about ${Math.ceil(s.step_length_to_judge_s as number)} s (--duration)`,
                );
            }
          }
          // Issue 38: a step whose requests met the SLO (its attainment passes) but whose queue could not have settled:
          // its attainment describes a queue still filling, so it fails. The first rate (the capacity) is one, or else (a
          // capacity that showed no queue passes) one above it: the limit is 2 s, which no queue reaches in 1 s.
          const hollow = rates.filter((s) => (s.attainment_pct as number) >= PERCENTILE && s.stability === "unstable");
          if (hollow.length === 0) throw new Error(`no step met its SLO's attainment unsettled:\n${result.stdout}`);
          for (const s of hollow) expect(s.passed).toBe(false);
          const answer = sweep.answer;
          if (!answer || answer.rate === null) throw new Error(`no answer:\n${result.stdout}`);
          expect(rates.find((s) => s.offered === answer.rate)?.passed).toBe(true);
          expect(answer.rate).toBeLessThan(Math.min(...hollow.map((s) => s.offered as number)));
          expect(result.stdout).toContain("Note: the capacity step is a burst");
          // Each unstable step that kept its schedule says why in the table (one that fell behind on a busy host says that first).
          for (const s of rates.filter((r) => r.stability === "unstable" && r.load_generator === "ok")) {
            expect(s.note).toStartWith("unstable: ");
            expect(result.stdout).toContain(`(${s.note})`);
          }
        },
      );
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("a concurrency run's report holds its steady-state window (the rule's over its events.db) beside the whole run's figures", async () => {
    const server = await startMockServer(CLOSED);
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        ...["benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 64)],
        ...["--load-pattern", "concurrency", "--concurrency", "4", "--num-samples", "64", "--duration", "0"],
        ...["--server-metrics", "off", "--report-dir", report],
      ]);
      expect(result.exitCode).toBe(0);
      const s = readSummary(report);
      const steady = s.steady_state;
      if (!steady) throw new Error("no steady_state block");
      // The window is the rule's over this run's events.db; four slots hold at most four in flight, and inside the
      // window no more than the model's rate completes.
      expectSteadyWindow(report, steady);
      expect(steady.plateau_in_flight).toBeLessThanOrEqual(4);
      expect(steady.qps as number).toBeLessThanOrEqual(((4 * 1000) / CLOSED_SERVICE_MS) * 1.01);
      expect(steady.latency_p50_ms as number).toBeGreaterThanOrEqual(CLOSED_SERVICE_MS);
      // Enough sends for the trend test (8 an interval, 6 intervals at least), so it judges: unstable exactly when a
      // series rose significantly (p < 0.05) by a quarter of its level or more — what a 60 ms TTFT makes a busy host's
      // drift unlikely to do (a steady closed loop is stable on a quiet one).
      expect(steady.stability).toBe(steady.trends.some((t) => t.rising) ? "unstable" : "stable");
      for (const t of steady.trends.filter((x) => x.rising)) {
        expect(t.p_value as number).toBeLessThan(0.05);
        expect(t.rise_pct as number).toBeGreaterThanOrEqual(25);
      }
      const text = readFileSync(join(report, "report.txt"), "utf8");
      expect(text).toMatch(
        new RegExp(
          `^Steady state: \\d+\\.\\d\\d–\\d+\\.\\d\\d s after the first send, in flight at its plateau of ${steady.plateau_in_flight}`,
          "m",
        ),
      );
      expect(text).toMatch(/^ {2}QPS \d+\.\d\d \(whole run \d+\.\d\d\), output tok\/s .*; TTFT p50\/p99 /m);
      expect(text).toContain(`Stability: ${steady.stability}`);
      const html = readFileSync(join(report, "report.html"), "utf8");
      for (const label of ["Steady state", "Steady-state figures", "Stability"])
        expect(html).toContain(`>${label}</th>`);
    } finally {
      await server.stop();
    }
  }, 120_000);

  // The two below decide nothing by the clock that a neighbour could move (the burst test's margins are a 340 ms
  // TTFT's): they run side by side.
  test.concurrent("a burst that understates the server: the rate at its capacity passes, so the search climbs above it", async () => {
    // Nine requests at once on 4 places take three rounds of 400 ms, the last with one request: the burst measures
    // 9 ÷ 1.2 s = 7.5 req/s of the model's 10, as an engine that batches a steady stream better than a flood would.
    // At that rate the seeded schedule's median request waits for no place: its TTFT stays within 1.5× the fastest; and
    // a send may be a whole mean gap late (~100 ms here) before the load generator counts as behind.
    const server = await startMockServer(SLOW_FIRST);
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      const result = await runCli([
        ...[
          "sweep",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 9),
          "--num-samples",
          "9",
        ],
        ...["--duration", "0", "--server-metrics", "off", "-q", "--find", "max-goodput", "--slo", "ttft:2000ms,p=90"],
        ...["--precision", "10%", "--max-steps", "2", "--report-dir", out],
      ]);
      expect(result.exitCode).toBe(0);
      const sweep = readSweep(out);
      const [burst, atCapacity, above] = sweep.steps;
      const capacity = Math.round((burst?.achieved_qps as number) * 1000) / 1000;
      expect(burst?.kind).toBe("max_throughput");
      // Three rounds of at least 400 ms: a host can only make it slower.
      expect(capacity).toBeLessThan(0.85 * SLOW_FIRST_CAPACITY);
      // The first rate is the capacity itself, far below the model's.
      expect(atCapacity?.offered).toBe(capacity);
      expect(result.stdout).toContain("Note: the capacity step is a burst");
      if (atCapacity?.note === "the load generator fell behind its schedule") {
        // A host too busy to keep the schedule (seen beside a build loop): the step is not a pass, by the rule
        // every step is judged by, whatever its SLO figures; the search's next move is then the host's.
        expect(atCapacity.passed).toBe(false);
        return;
      }
      // Nothing queued, and it passed its SLO…
      expect({ note: atCapacity?.note, passed: atCapacity?.passed }).toEqual({ note: null, passed: true });
      expect(atCapacity?.stability).not.toBe("unstable");
      // …so the search tried above it rather than stopping there, and answers no lower than the capacity.
      expect(above?.offered).toBe(Math.round(capacity * ABOVE_CAPACITY_GROWTH * 1000) / 1000);
      expect(sweep.answer?.rate as number).toBeGreaterThanOrEqual(capacity);
    } finally {
      await server.stop();
    }
  }, 120_000);

  test.concurrent("a Poisson run's steady-state window lies inside its phase, and its counts are events.db's", async () => {
    const server = await startMockServer(QUEUE);
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        ...["benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 60)],
        ...["--load-pattern", "poisson", "--target-qps", "100", "--num-samples", "60", "--duration", "0"],
        ...["--server-metrics", "off", "--report-dir", report],
      ]);
      expect(result.exitCode).toBe(0);
      const steady = readSummary(report).steady_state;
      if (!steady) throw new Error("a rate run has no steady_state block");
      expect(expectSteadyWindow(report, steady).length).toBe(60);
      expect(steady.requests).toBeGreaterThan(1);
      expect(["stable", "unstable", "too_short"]).toContain(steady.stability);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
