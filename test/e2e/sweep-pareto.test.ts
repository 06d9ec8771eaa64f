/**
 * @module test/e2e/sweep-pareto.test — `report pareto` over two labelled concurrency sweeps (against `serve --mode
 * model` with 2 and 8 places): CSV, JSON (its schema), each sweep's frontier and hollow points recomputed from its
 * sweep.json by the definition, --min-accuracy, and the chart drawn in Chromium, its SVG checked against its data;
 * and its bad arguments refused.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ParetoFileSchema } from "../../src/report/pareto/pareto-schema.ts";
import { startMockServer } from "../../src/server/index.ts";
import { HAS_CHROMIUM, visitPage } from "../report/html/headless-chromium.ts";
import { runCli, tempDirs } from "./run-cli.ts";
import { readSweep } from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-sweep-pareto-");
afterAll(() => dirs.cleanup());

const TTFT_MS = 5;
const GPUS = 2;

/** A sweep directory whose sweep.json predates the Pareto axes (its steps lack interactivity and the y axes). */
function sweepBeforePareto(): string {
  const dir = dirs.make();
  const step = { index: 1, kind: "concurrency", offered: 1, report_dir: join(dir, "c1"), state: "complete" };
  writeFileSync(join(dir, "sweep.json"), JSON.stringify({ mode: "concurrencies", state: "complete", steps: [step] }));
  return dir;
}
const OLD_SWEEP = sweepBeforePareto();

let root = "";
let slow = "";
let fast = "";

/** A concurrency sweep of isl16-osl12 against `maxConcurrent` places of 5 ms + 11 × `tpotMs`, into `root/name`. */
async function sweepWith(name: string, tpotMs: number, maxConcurrent: number): Promise<string> {
  const server = await startMockServer({ mode: "model", ttftMs: TTFT_MS, tpotMs, outputTokens: 10_000, maxConcurrent });
  try {
    const out = join(root, name);
    const r = await runCli([
      ...["sweep", "--endpoints", server.url, "--model", "m", "--num-samples", "8", "--duration", "0"],
      ...["--concurrencies", "1,4,8", "--isl-osl", "16/12", "--gpus", String(GPUS), "--server-metrics", "off", "-q"],
      // A TTFT limit only unqueued requests meet: at 8 on 2 places, six of eight wait a whole request (115 ms) first.
      ...["--slo", `ttft:${TTFT_MS * 4}ms,p=90`, "--report-dir", out],
    ]);
    expect(r.exitCode).toBe(0);
    return out;
  } finally {
    await server.stop();
  }
}

beforeAll(async () => {
  root = dirs.make();
  // Tokens 10 and 5 ms apart: a stalled host delivering a whole answer in one read (no TPOT, no point) is rare.
  [slow, fast] = await Promise.all([sweepWith("slow", 10, 2), sweepWith("fast", 5, 8)]);
}, 120_000);

describe("cli/report pareto", () => {
  test("report pareto over two labelled sweeps: CSV, JSON (its schema), and the chart's SVG is its data", async () => {
    const html = join(root, "cmp", "pareto.html");
    const r = await runCli(["report", "pareto", slow, fast, "--label", "tp4", "--label", "tp8", "--out", html]);
    expect(r.stderr).not.toContain("error:");
    expect(r.exitCode).toBe(0);
    const doc = ParetoFileSchema.parse(JSON.parse(readFileSync(join(root, "cmp", "pareto.json"), "utf8")));
    // The pair's frontier is printed when some step has both axes.
    expect(doc.pairs).toEqual(doc.points.length > 0 ? ["isl16-osl12"] : []);
    for (const pair of doc.pairs) expect(r.stdout).toContain(`Pareto frontier, ${pair} (tok/s/user → tok/s/GPU):`);
    expect(doc.curves.map((c) => c.label)).toEqual(["tp4", "tp8"]);
    expect(
      readFileSync(join(root, "cmp", "pareto.csv"), "utf8")
        .trim()
        .split("\n").length,
    ).toBe(doc.points.length + 1);

    // The frontier recomputed here from sweep.json, by the definition (no point of ours), over points that met the SLO.
    for (const [label, dir] of [
      ["tp4", slow],
      ["tp8", fast],
    ] as const) {
      // A step is a point when it has both axes: a stalled host can deliver a whole answer in one read (no TPOT).
      const drawn = readSweep(dir).steps.filter((s) => s.interactivity !== null && s.output_tps_per_gpu !== null);
      const counted = drawn.filter((s) => s.slo_met !== false && s.note === null);
      const beaten = (s: (typeof drawn)[number]) =>
        counted.some(
          (q) =>
            (q.interactivity as number) >= (s.interactivity as number) &&
            (q.output_tps_per_gpu as number) >= (s.output_tps_per_gpu as number) &&
            q !== s &&
            ((q.interactivity as number) > (s.interactivity as number) ||
              (q.output_tps_per_gpu as number) > (s.output_tps_per_gpu as number)),
        );
      const expected = counted.filter((s) => !beaten(s)).map((s) => s.index);
      const mine = doc.points.filter((p) => p.label === label);
      expect(
        mine
          .filter((p) => p.on_frontier)
          .map((p) => p.step)
          .sort(),
      ).toEqual(expected.sort());
      expect({ label, hollow: mine.filter((p) => p.hollow !== null).map((p) => p.step) }).toEqual({
        label,
        hollow: drawn.filter((s) => s.slo_met === false).map((s) => s.index),
      });
    }
    // At 8 on 2 places six of eight requests wait a whole request first: the slow sweep's step there missed the SLO.
    const queued = readSweep(slow).steps.find((s) => s.offered === 8);
    expect(queued?.slo_met).toBe(false);
    if (queued?.interactivity !== null) expect(doc.points.some((p) => p.hollow === "missed the SLO")).toBe(true);

    // --min-accuracy: these perf-only steps have no accuracy score, so every point is hollow and none is on a frontier.
    const strict = await runCli([
      "report",
      "pareto",
      slow,
      "--min-accuracy",
      "0.5",
      "--out",
      join(root, "strict.html"),
    ]);
    expect(strict.exitCode).toBe(0);
    const strictDoc = ParetoFileSchema.parse(JSON.parse(readFileSync(join(root, "strict.json"), "utf8")));
    expect(strictDoc.points.map((p) => p.hollow)).toEqual(
      readSweep(slow)
        .steps.filter((s) => s.interactivity !== null && s.output_tps_per_gpu !== null)
        .map((s) => (s.slo_met === false ? "missed the SLO" : "no accuracy score")),
    );
    expect(strictDoc.points.some((p) => p.on_frontier)).toBe(false);

    if (!HAS_CHROMIUM) return console.warn("note: /usr/bin/chromium not found; pareto.html is not opened");
    const probe = `[...document.querySelectorAll("figure[data-pareto]")].map((f) => ({
      points: JSON.parse(f.dataset.points),
      filled: Object.fromEntries([...f.querySelectorAll("svg g.series[data-series]")].map((g) => [g.dataset.series, g.querySelectorAll("circle").length])),
      dots: Object.fromEntries([...f.querySelectorAll("svg g.series[data-series$=' on the frontier']")].map((g) => [g.dataset.series, [...g.querySelectorAll("circle")].map((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))])])),
      frontier: Object.fromEntries([...f.querySelectorAll("svg path.series[data-series$=' frontier']")].map((p) => [p.dataset.series, (p.getAttribute("d").match(/[ML]/g) || []).length])),
    }))`;
    const visit = await visitPage(`file://${html}`, probe);
    expect(visit.problems).toEqual([]);
    expect(visit.requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"))).toEqual([]);
    const figures = visit.value as {
      points: typeof doc.points;
      dots: Record<string, [number, number][]>;
      filled: Record<string, number>;
      frontier: Record<string, number>;
    }[];
    // A figure per pair with points: none when no step had both axes.
    expect(figures.length).toBe(doc.pairs.length);
    const [figure] = figures;
    if (!figure) return;
    expect(figure.points).toEqual(doc.points);
    for (const label of ["tp4", "tp8"]) {
      const mine = doc.points.filter((p) => p.label === label);
      const frontier = mine.filter((p) => p.on_frontier);
      expect(figure?.filled[`${label} on the frontier`] ?? 0).toBe(frontier.length);
      expect(figure?.filled[label] ?? 0).toBe(mine.filter((p) => p.hollow === null && !p.on_frontier).length);
      expect(figure?.filled[`${label}: missed SLO or accuracy`] ?? 0).toBe(
        mine.filter((p) => p.hollow !== null).length,
      );
      // Drawn where the data says: by x, left to right, and a higher y higher up (smaller cy).
      const byX = [...frontier].sort((p, q) => p.x - q.x);
      const dots = [...(figure?.dots[`${label} on the frontier`] ?? [])].sort((p, q) => p[0] - q[0]);
      for (let i = 1; i < byX.length; i++) {
        const [a, b] = [byX[i - 1], byX[i]] as [(typeof byX)[number], (typeof byX)[number]];
        const [da, db] = [dots[i - 1], dots[i]] as [[number, number], [number, number]];
        if (b.x - a.x > 1) expect(db[0]).toBeGreaterThan(da[0]);
        if (Math.abs(b.y - a.y) > 5) expect(Math.sign(da[1] - db[1])).toBe(Math.sign(b.y - a.y));
      }
      // The line through them: one vertex per frontier point (two equal points share a pixel and a vertex).
      expect(figure?.frontier[`${label} frontier`] ?? 0).toBeLessThanOrEqual(frontier.length);
      expect(figure?.frontier[`${label} frontier`] ?? 0).toBeGreaterThanOrEqual(Math.min(1, frontier.length));
    }
  }, 120_000);

  test.concurrent.each([
    [["report", "pareto", "a", "b", "--label", "x"], "error: --label: 1 labels for 2 directories"],
    [["report", "pareto", "/nonexistent-sweep"], "error: no sweep.json in /nonexistent-sweep"],
    [
      ["report", "pareto", OLD_SWEEP],
      `error: ${join(OLD_SWEEP, "sweep.json")} is not a sweep's file with the Pareto axes: `,
    ],
    [["report", "pareto", "a", "--min-accuracy", "2"], "error: --min-accuracy 2: expected a score between 0 and 1"],
  ])(
    "refuses %p in one line (exit 2)",
    async (args, message) => {
      const r = await runCli(args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.split("\n").filter((l) => l.startsWith("error:")).length).toBe(1);
      expect(r.stderr).not.toContain("    at ");
    },
    30_000,
  );
});
