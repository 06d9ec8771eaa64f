/**
 * @module scripts/bench/run-all — `npm run bench`: the client's throughput, CPU, schedule precision, memory and start-up against wrk and targets, as one markdown table.
 *
 *   bun scripts/bench/run-all.ts [--only baseline,offline,streaming,paced,poisson,scrape,trace,turns,shards,arrivals,dashboard,
 *                                        million,cold-start,ttft,sweep,sweep-model,repeats,tokenizer]
 *                                [--repeats 3] [--seconds 5] [--requests N] [--million 1000000] [--max-load 0.7] [--max-wait 300]
 *
 * Server on CPU 0, clients on CPU 1 (taskset). Every figure is the median of `--repeats` runs.
 * `--requests N` fixes the size of the offline sections' runs instead of calibrating it to `--seconds`
 * by our own rate: two builds compared at one size share the runs' fixed costs per request.
 * The sections after scrape keep the precision figures the tests gave up (issue 34), each with
 * the test's old bound as its target.
 * Before each section the 1-minute load average must drop below `--max-load` (polled every
 * 20 s for at most `--max-wait` s; `--max-load 0` skips the wait); a section that ran under
 * load says so in its notes. Installs nothing: without wrk the peer columns are empty.
 * Progress goes to stderr, the table to stdout. Every process started is ended by PID.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hasTool, stopAll, stopAllOnSignals, trackTempDir } from "./lib/procs.ts";
import { waitForQuiet } from "./lib/quiet.ts";
import type { Section } from "./lib/section.ts";
import { renderTable, type Row } from "./lib/table.ts";
import { baselineSection } from "./sections/baseline.ts";
import { coldStartSection } from "./sections/cold-start.ts";
import { dashboardSection } from "./sections/dashboard.ts";
import { conversationTurnsSection } from "./sections/conversation-turns.ts";
import { offlineSection, streamingSection } from "./sections/http-client.ts";
import { pacedStreamSection } from "./sections/paced-stream.ts";
import { millionSection } from "./sections/million.ts";
import { poissonSection } from "./sections/poisson.ts";
import { rawTtftSection } from "./sections/raw-ttft.ts";
import { repeatsVerdictsSection } from "./sections/repeats-verdicts.ts";
import { scrapeSection } from "./sections/scrape.ts";
import { serverArrivalsSection } from "./sections/server-arrivals.ts";
import { shardsSection } from "./sections/shards.ts";
import { sweepModelSection } from "./sections/sweep-model.ts";
import { sweepUnloadedSection } from "./sections/sweep-unloaded.ts";
import { tokenizerPassSection } from "./sections/tokenizer-pass.ts";
import { traceReplaySection } from "./sections/trace-replay.ts";

const SECTIONS: Section[] = [
  baselineSection,
  offlineSection,
  streamingSection,
  pacedStreamSection,
  poissonSection,
  scrapeSection,
  traceReplaySection,
  conversationTurnsSection,
  shardsSection,
  serverArrivalsSection,
  dashboardSection,
  millionSection,
  coldStartSection,
  rawTtftSection,
  sweepUnloadedSection,
  sweepModelSection,
  repeatsVerdictsSection,
  tokenizerPassSection,
];

function usage(): string {
  return [
    "usage: bun scripts/bench/run-all.ts [--only NAME[,NAME…]] [--repeats N] [--seconds S] [--requests N] [--million N] [--max-load L] [--max-wait S]",
    "sections:",
    ...SECTIONS.map((s) => `  ${s.name.padEnd(11)} ${s.description}`),
  ].join("\n");
}

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    repeats: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    requests: { type: "string" },
    million: { type: "string", default: "1000000" },
    "max-load": { type: "string", default: "0.7" },
    "max-wait": { type: "string", default: "300" },
    help: { type: "boolean", short: "h" },
  },
});

function positive(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`error: --${name} must be a positive number, got ${text}\n${usage()}`);
    process.exit(2);
  }
  return n;
}

function selectedSections(): Section[] {
  if (!values.only) return SECTIONS;
  const names = values.only
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`error: unknown section(s) ${unknown.join(", ")}\n${usage()}`);
    process.exit(2);
  }
  return SECTIONS.filter((s) => names.includes(s.name));
}

function machine(): string {
  const model =
    /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpus()[0]?.model ?? "unknown CPU";
  const kernel = readFileSync("/proc/sys/kernel/osrelease", "utf8").trim();
  const wrk = hasTool("wrk")
    ? (Bun.spawnSync(["wrk", "--version"]).stdout.toString().split("\n")[0] ?? "").split(" Copyright")[0]
    : "not installed";
  return `${cpus().length} CPUs (${model}), Linux ${kernel}, Bun ${Bun.version}, wrk: ${wrk}`;
}

function failedRow(section: Section, error: unknown): Row {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
  return {
    section: section.name,
    metric: "(section failed)",
    value: "–",
    peer: "–",
    ratio: "–",
    target: "–",
    verdict: "–",
    notes: `error: ${message}`,
  };
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(usage());
    return 0;
  }
  const sections = selectedSections();
  const repeats = Math.max(1, Math.round(positive("repeats", values.repeats)));
  const seconds = Math.max(1, Math.round(positive("seconds", values.seconds)));
  const millionSamples = Math.round(positive("million", values.million));
  const offlineRequests = values.requests === undefined ? null : Math.round(positive("requests", values.requests));
  const maxLoad = Number(values["max-load"]);
  const maxWaitS = Number(values["max-wait"]);
  if (process.platform !== "linux") {
    console.error("error: the benchmark reads /proc and pins with taskset: Linux only");
    return 2;
  }
  const wrk = hasTool("wrk");
  if (!wrk)
    console.error(
      "wrk not found: the wrk columns are skipped. Install it with: sudo apt-get install -y wrk  (macOS: brew install wrk)",
    );
  if (!hasTool("taskset"))
    console.error("taskset not found (util-linux): server and client run unpinned, so figures are not comparable");
  if (cpus().length < 2) console.error("fewer than 2 CPUs: server and client share a core");
  stopAllOnSignals();
  const rows: Row[] = [];
  let failed = 0;
  const underLoad: string[] = [];
  try {
    for (const section of sections) {
      console.error(`\n== ${section.name}: ${section.description}`);
      const quiet = await waitForQuiet(maxLoad, maxWaitS);
      if (quiet.underLoad) underLoad.push(`${section.name} (1-min load ${quiet.load.toFixed(2)})`);
      const tmp = trackTempDir(mkdtempSync(join(tmpdir(), `ie-bench-${section.name}-`)));
      try {
        const sectionRows = await section.run({ repeats, seconds, offlineRequests, millionSamples, wrk, tmp });
        if (quiet.underLoad)
          for (const row of sectionRows) row.notes = `UNDER LOAD ${quiet.load.toFixed(2)}; ${row.notes}`;
        rows.push(...sectionRows);
      } catch (error) {
        failed++;
        console.error(
          `  ${section.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        rows.push(failedRow(section, error));
      } finally {
        await stopAll(); // ends anything the section left running and removes its temp dir
      }
    }
  } finally {
    await stopAll();
  }
  console.log(`\n${machine()}`);
  console.log(
    `server pinned to CPU 0, clients to CPU 1; medians of ${repeats} runs; ${seconds} s per throughput run\n`,
  );
  console.log(renderTable(rows));
  if (underLoad.length > 0) console.log(`\nmeasured under load: ${underLoad.join(", ")}`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
