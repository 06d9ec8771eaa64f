/**
 * @module scripts/bench/sections/repeats-verdicts — how surely `compare` tells a 20 % slower server apart on this host:
 * the repeats tests' old bounds, which a host loaded many times over decides.
 *
 * As test/e2e/repeats.test.ts ran it before: `serve --mode model --seed 7` with a TTFT of 150 ± 12 ms (uniform), 16
 * tokens of 6 ms, on CPU 0; `benchmark online --runs 3`, 12 requests a run at concurrency 1, started unpinned, three
 * times: the base, one against a server 20 % slower (every latency and its spread × 1.2), and the same server again.
 * `compare --output json`: TTFT p50 and latency p50 of the slower set p < 0.05 and +15–24 %; the same server again
 * p ≥ 0.05 on TTFT and latency p50 and p90. As test/e2e/compare-sweep-repeats.test.ts ran it: `sweep --concurrencies 1
 * --runs 2` of 6 requests against 500 ± 5 ms (5 ms a token, 4 tokens) and a server 20 % slower: TTFT p50 and latency
 * p50 p < 0.05, +15–24 %.
 */
import { join } from "node:path";
import { BUN, MAIN, ROOT, startServer, track } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { atLeast, below, fmt, type Row } from "../lib/table.ts";
import { DATASET, MODEL } from "../lib/wrk.ts";

const SECTION = "7c compare's verdicts on repeats";
const CLI_TIMEOUT_MS = 300_000;

interface Latency {
  ttftMs: number;
  spreadMs: number;
  tpotMs: number;
  tokens: number;
}
const scaled = (m: Latency, k: number): Latency => ({
  ...m,
  ttftMs: m.ttftMs * k,
  spreadMs: m.spreadMs * k,
  tpotMs: m.tpotMs * k,
});

/** The CLI with `args` (unpinned, as the tests start it); its stdout, throwing unless it exits with one of `codes`. */
async function cli(args: string[], codes = [0]): Promise<string> {
  const proc = track([BUN, MAIN, ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill("SIGKILL"), CLI_TIMEOUT_MS);
  const [code, out, err] = await Promise.all([
    proc.exited,
    new Response(proc.stdout as ReadableStream).text(),
    new Response(proc.stderr as ReadableStream).text(),
  ]);
  clearTimeout(timer);
  if (!codes.includes(code)) throw new Error(`${args.slice(0, 2).join(" ")} exited ${code}:\n${err.slice(-2000)}`);
  return out;
}

/** `what` (a `benchmark …` or `sweep …` invocation's head) against a fresh seeded `serve` of `m`, into `out`. */
async function against(m: Latency, what: string[], out: string): Promise<void> {
  const server = await startServer([
    ...[BUN, MAIN, "serve", "--mode", "model", "--port", "0", "--seed", "7", "--output-tokens", String(m.tokens)],
    ...["--ttft-ms", String(m.ttftMs), "--ttft-spread-ms", String(m.spreadMs), "--tpot-ms", String(m.tpotMs)],
  ]);
  try {
    await cli([...what, "--endpoints", server.url, "--model", MODEL, "--dataset", DATASET, "--report-dir", out]);
  } finally {
    await server.stop();
  }
}

/** compare's p and delta (%) by key. */
async function compared(base: string, next: string): Promise<Map<string, { p: number; delta: number }>> {
  const out = await cli(["compare", base, next, "--output", "json"]);
  const rows = (JSON.parse(out) as { metrics: { key: string; p: number | null; deltaPct: number | null }[] }).metrics;
  return new Map(rows.map((r) => [r.key, { p: r.p ?? Number.NaN, delta: r.deltaPct ?? Number.NaN }]));
}

interface RepeatsRun {
  slowerP: number;
  slowerDelta: number;
  againMinP: number;
  sweepP: number;
  sweepDelta: number;
}

async function repeatsRun(tmp: string, i: number): Promise<RepeatsRun> {
  const model: Latency = { ttftMs: 150, spreadMs: 12, tpotMs: 6, tokens: 16 };
  const bench = [
    ...["benchmark", "online", "--load-pattern", "concurrency", "--concurrency", "1", "--num-samples", "12"],
    ...["--duration", "0", "--server-metrics", "off", "--runs", "3"],
  ];
  const dir = (name: string) => join(tmp, `${name}-${i}`);
  await against(model, bench, dir("base"));
  await against(scaled(model, 1.2), bench, dir("slower"));
  await against(model, bench, dir("again"));
  const slower = await compared(dir("base"), dir("slower"));
  const again = await compared(dir("base"), dir("again"));
  const sweepModel: Latency = { ttftMs: 500, spreadMs: 5, tpotMs: 5, tokens: 4 };
  const sweep = [
    ...["sweep", "--concurrencies", "1", "--runs", "2", "--num-samples", "6", "--duration", "0"],
    ...["--server-metrics", "off", "-q"],
  ];
  await against(sweepModel, sweep, dir("sweep-base"));
  await against(scaled(sweepModel, 1.2), sweep, dir("sweep-slower"));
  const swept = await compared(dir("sweep-base"), dir("sweep-slower"));
  // The weaker of each pair of figures decides: both must be told apart (or both not).
  const worst = (m: Map<string, { p: number; delta: number }>, keys: string[]) =>
    keys.map((k) => m.get(k) ?? { p: Number.NaN, delta: Number.NaN }).sort((a, b) => b.p - a.p)[0] as {
      p: number;
      delta: number;
    };
  const s = worst(slower, ["ttft_p50_ms", "latency_p50_ms"]);
  const w = worst(swept, ["concurrency 1: ttft_p50_ms", "concurrency 1: latency_p50_ms"]);
  const againKeys = ["ttft_p50_ms", "ttft_p90_ms", "latency_p50_ms", "latency_p90_ms"];
  return {
    slowerP: s.p,
    slowerDelta: s.delta,
    againMinP: Math.min(...againKeys.map((k) => again.get(k)?.p ?? Number.NaN)),
    sweepP: w.p,
    sweepDelta: w.delta,
  };
}

export const repeatsVerdictsSection: Section = {
  name: "repeats",
  description:
    "compare of repeats against a server 20 % slower and the same server again (the repeats tests' old bounds)",
  async run(ctx): Promise<Row[]> {
    const all: RepeatsRun[] = [];
    for (let i = 0; i < ctx.repeats; i++) {
      all.push(await repeatsRun(ctx.tmp, i));
      const r = all.at(-1) as RepeatsRun;
      progress(
        `run ${i + 1}: slower p ${r.slowerP.toPrecision(2)} (${fmt(r.slowerDelta, 1)} %), again min p ${fmt(r.againMinP, 3)}; ` +
          `sweep slower p ${r.sweepP.toPrecision(2)} (${fmt(r.sweepDelta, 1)} %)`,
      );
    }
    const inBand = (d: number) => d >= 15 && d < 25;
    const ps = (xs: number[]) => `runs p ${xs.map((p) => p.toPrecision(2)).join(", ")}`;
    const was = (test: string) => `server on CPU 0, CLI's own affinity; was test/e2e/${test}'s bound`;
    const slowerP = all.map((r) => r.slowerP);
    const againP = all.map((r) => r.againMinP);
    const sweepP = all.map((r) => r.sweepP);
    return [
      {
        section: SECTION,
        metric:
          "benchmark --runs 3 (12 requests at concurrency 1, TTFT 150 ± 12 ms) against a server 20 % slower: compare's p, the weaker of TTFT and latency p50",
        value: fmt(Math.max(...slowerP), 4),
        peer: "–",
        ratio: "–",
        target: "p < 0.05, +15–24 %",
        verdict:
          below(Math.max(...slowerP), 0.05) === "met" && all.every((r) => inBand(r.slowerDelta)) ? "met" : "not met",
        notes: `${ps(slowerP)}; deltas ${all.map((r) => `+${fmt(r.slowerDelta, 1)} %`).join(", ")}; ${was("repeats.test.ts")}`,
      },
      {
        section: SECTION,
        metric: "the same server again: compare's smallest p over TTFT and latency p50 and p90",
        value: fmt(Math.min(...againP), 3),
        peer: "–",
        ratio: "–",
        target: "p ≥ 0.05 (no significant change)",
        verdict: atLeast(Math.min(...againP), 0.05),
        notes: `${ps(againP)}; ${was("repeats.test.ts")}`,
      },
      {
        section: SECTION,
        metric:
          "sweep --concurrencies 1 --runs 2 (6 requests, TTFT 500 ± 5 ms) against a server 20 % slower: compare's p, the weaker of TTFT and latency p50",
        value: fmt(Math.max(...sweepP), 4),
        peer: "–",
        ratio: "–",
        target: "p < 0.05, +15–24 %",
        verdict:
          below(Math.max(...sweepP), 0.05) === "met" && all.every((r) => inBand(r.sweepDelta)) ? "met" : "not met",
        notes: `${ps(sweepP)}; deltas ${all.map((r) => `+${fmt(r.sweepDelta, 1)} %`).join(", ")}; ${was("compare-sweep-repeats.test.ts")}`,
      },
    ];
  },
};
