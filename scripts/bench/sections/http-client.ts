/**
 * @module scripts/bench/sections/http-client — `benchmark offline` against wrk on the same mock server, non-streaming and streaming.
 *
 * Server: `serve --mode fixed` on CPU 0 (32 tokens; streamed as 32 content events plus role,
 * finish, usage and [DONE], all in one write). Client on CPU 1: `wrk -t1 -c64` or
 * `benchmark offline --workers 1 --max-connections 64`, interleaved run by run, plus
 * scripts/bench/bare-fetch.ts (64 bare fetch loops), the floor Bun's fetch sets under our client,
 * the same loops writing each response as an events.db row (fetch + bun:sqlite, the two
 * components every request passes through), and those loops also reading the body as little as
 * any client can (scripts/bench/lib/least-client.ts: decoded, cut into events, JSON.parse of the
 * 4 events a record needs; a plain body parsed whole) — fetch, JSON.parse and bun:sqlite with
 * none of our code — and, the design floor, those loops handing their rows to a second process
 * that writes events.db (lib/floor-ipc: msgpackr frames over a unix socket, as our worker and
 * main process do). A calibration run (which also warms the server) sizes inference-endpoint's
 * runs to last about `seconds`.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { achievedQps, failures, offlineArgs, runIe, type IeRun } from "../lib/ie.ts";
import { bareFetch, type FloorRun } from "../lib/bare-fetch-run.ts";
import { removeEventsDb } from "../lib/least-client.ts";
import { startFixedServer } from "../lib/procs.ts";
import { progress, type Section, type SectionContext } from "../lib/section.ts";
import { atLeast, atMost, fmt, median, ratio, runs, short, type Row } from "../lib/table.ts";
import { runWrk, writeBody, type WrkResult } from "../lib/wrk.ts";

const CALIBRATION_SAMPLES = 20_000;
const MAX_SAMPLES = 3_000_000;
/** Targets from the performance issue. */
const MAX_CPU_US_PER_REQUEST = 15;
const MIN_RATE_VS_WRK = 0.5;

interface Measured {
  ie: IeRun[];
  wrk: WrkResult[];
  floor: FloorRun[];
  /** Bare fetch writing an events.db row per response. */
  recordedFloor: FloorRun[];
  /** The same, reading the body as little as any client can. */
  parsedFloor: FloorRun[];
  /** The same, its rows written by a second process over a unix socket. */
  ipcFloor: FloorRun[];
  samples: number;
}

/**
 * bare-fetch.ts writing a throwaway events.db (deleted after), parsing the body as little as it
 * can when `parse`, its rows written by a second process when `ipc`.
 */
async function recordedBareFetch(
  ctx: SectionContext,
  url: string,
  bodyFile: string,
  dbName: string,
  parse: boolean,
  ipc = false,
): Promise<FloorRun> {
  const db = join(ctx.tmp, dbName);
  try {
    return await bareFetch(url, bodyFile, ctx.seconds, db, parse, ipc);
  } finally {
    removeEventsDb(db);
  }
}

/** Requests for a run of about `ctx.seconds` at the rate a short run of ours reached. */
async function calibratedSamples(ctx: SectionContext, url: string, streaming: boolean): Promise<number> {
  const calibrationDir = join(ctx.tmp, "calibration");
  const calibration = await runIe(offlineArgs(url, CALIBRATION_SAMPLES, streaming), calibrationDir);
  rmSync(calibrationDir, { recursive: true, force: true });
  return Math.min(
    MAX_SAMPLES,
    Math.max(CALIBRATION_SAMPLES, Math.round((achievedQps(calibration.summary) * ctx.seconds) / 1000) * 1000),
  );
}

async function measure(ctx: SectionContext, streaming: boolean): Promise<Measured> {
  const server = await startFixedServer();
  try {
    const bodyFile = writeBody(ctx.tmp, streaming);
    if (ctx.wrk) await runWrk(server.url, { bodyFile, seconds: 2 }); // warm-up
    const samples = ctx.offlineRequests ?? (await calibratedSamples(ctx, server.url, streaming));
    progress(
      `server ${server.url}; inference-endpoint runs of ${short(samples)} requests (${ctx.offlineRequests ? "--requests" : `calibrated to ~${ctx.seconds} s`})`,
    );
    const ie: IeRun[] = [];
    const wrk: WrkResult[] = [];
    const floor: FloorRun[] = [];
    const recordedFloor: FloorRun[] = [];
    const parsedFloor: FloorRun[] = [];
    const ipcFloor: FloorRun[] = [];
    for (let i = 0; i < ctx.repeats; i++) {
      const f = await bareFetch(server.url, bodyFile, ctx.seconds);
      progress(`bare fetch run ${i + 1}: ${short(f.reqPerS)} req/s, ${fmt(f.cpuUsPerReq, 1)} µs CPU/req`);
      floor.push(f);
      const r = await recordedBareFetch(ctx, server.url, bodyFile, `floor-${i}.db`, false);
      progress(
        `bare fetch + events.db row run ${i + 1}: ${short(r.reqPerS)} req/s, ${fmt(r.cpuUsPerReq, 1)} µs CPU/req`,
      );
      recordedFloor.push(r);
      const p = await recordedBareFetch(ctx, server.url, bodyFile, `parsed-floor-${i}.db`, true);
      progress(
        `bare fetch + least parsing + events.db row run ${i + 1}: ${short(p.reqPerS)} req/s, ${fmt(p.cpuUsPerReq, 1)} µs CPU/req`,
      );
      parsedFloor.push(p);
      const d = await recordedBareFetch(ctx, server.url, bodyFile, `ipc-floor-${i}.db`, true, true);
      progress(
        `design floor (+ rows by a second process) run ${i + 1}: ${short(d.reqPerS)} req/s, ${fmt(d.cpuUsPerReq, 1)} µs CPU/req`,
      );
      ipcFloor.push(d);
      if (ctx.wrk) {
        const w = await runWrk(server.url, { bodyFile, seconds: ctx.seconds });
        progress(
          `wrk run ${i + 1}: ${short(w.reqPerS)} req/s, ${fmt(w.cpuUsPerReq, 1)} µs CPU/req${w.errors ? `, ${w.errors}` : ""}`,
        );
        wrk.push(w);
      }
      const dir = join(ctx.tmp, `run-${i}`);
      const run = await runIe(offlineArgs(server.url, samples, streaming), dir);
      rmSync(dir, { recursive: true, force: true });
      const bad = failures(run.summary);
      if (bad) throw new Error(`benchmark offline had failures: ${bad}`);
      progress(
        `inference-endpoint run ${i + 1}: ${short(achievedQps(run.summary))} req/s, ` +
          `${fmt(run.windowCpuUs / samples, 1)} µs CPU/req during the run, ${fmt(run.totalCpuUs / samples, 1)} µs whole process`,
      );
      ie.push(run);
    }
    return { ie, wrk, floor, recordedFloor, parsedFloor, ipcFloor, samples };
  } finally {
    await server.stop();
  }
}

function rows(section: string, streaming: boolean, m: Measured): Row[] {
  const unit = streaming ? "response" : "request";
  const ieRate = m.ie.map((r) => achievedQps(r.summary));
  const ieCpu = m.ie.map((r) => r.windowCpuUs / m.samples);
  const ieWholeCpu = m.ie.map((r) => r.totalCpuUs / m.samples);
  const wrkRate = m.wrk.map((w) => w.reqPerS);
  const wrkCpu = m.wrk.map((w) => w.cpuUsPerReq);
  const rateRatio = median(ieRate) / median(wrkRate);
  const chunks = streaming
    ? `; ${fmt(median(m.ie.map((r) => r.summary.output_sequence_lengths.median ?? Number.NaN)))} tokens/response`
    : "";
  const wrkErrors = m.wrk.map((w) => w.errors).filter(Boolean);
  return [
    {
      section,
      metric: `${unit}s/s (benchmark offline vs wrk -t1 -c64)`,
      value: fmt(median(ieRate)),
      peer: m.wrk.length ? fmt(median(wrkRate)) : "– (no wrk)",
      ratio: ratio(median(ieRate), median(wrkRate)),
      target: `≥ ${MIN_RATE_VS_WRK}× wrk`,
      verdict: m.wrk.length ? atLeast(rateRatio, MIN_RATE_VS_WRK) : "–",
      notes: `ie ${runs(ieRate)}; wrk ${m.wrk.length ? runs(wrkRate) : "–"}; ratio per repeat (ie vs the wrk run just before it) ${m.wrk.length ? ieRate.map((r, i) => `${fmt(r / (wrkRate[i] as number), 2)}×`).join(", ") : "–"}; ${short(m.samples)} requests per ie run${chunks}${wrkErrors.length ? `; wrk: ${wrkErrors.join("; ")}` : ""}`,
    },
    {
      section,
      metric: `client CPU µs/${unit} (main + worker, during the run)`,
      value: fmt(median(ieCpu), 1),
      peer: m.wrk.length ? fmt(median(wrkCpu), 1) : "–",
      ratio: ratio(median(ieCpu), median(wrkCpu)),
      target: streaming ? "–" : `≤ ${MAX_CPU_US_PER_REQUEST} µs`,
      verdict: streaming ? "–" : atMost(median(ieCpu), MAX_CPU_US_PER_REQUEST),
      notes: `ie ${runs(ieCpu)}; whole process incl. start-up + report: ${fmt(median(ieWholeCpu), 1)} µs; wrk ${m.wrk.length ? runs(wrkCpu) : "–"}`,
    },
    floorRow(
      section,
      unit,
      m,
      "floor: bare Bun fetch loop (no timing, parsing or records)",
      m.floor,
      "scripts/bench/bare-fetch.ts, 64 loops: the runtime's share",
    ),
    floorRow(
      section,
      unit,
      m,
      `floor + recording: bare fetch writing one events.db row per ${unit}`,
      m.recordedFloor,
      `bare-fetch.ts with an events.db path: each read timestamped, each ${unit} a row (record/events-db, 512 per transaction), one process, no parsing or IPC`,
    ),
    floorRow(
      section,
      unit,
      m,
      "floor + recording + least parsing: the same, reading the body as little as any client can",
      m.parsedFloor,
      `bare-fetch.ts ... parse: ${streaming ? "decoded, cut into events at blank lines, JSON.parse of role, first content, finish and usage events (4 of 36)" : "decoded and JSON.parse of the body"}; fetch + JSON.parse + bun:sqlite, none of our code`,
    ),
    floorRow(
      section,
      unit,
      m,
      "design floor: the same, its rows written by a second process (columns as msgpackr frames over a unix socket)",
      m.ipcFloor,
      "bare-fetch.ts ... parse ipc (lib/floor-ipc): the least of our split into a worker and a main process that owns events.db; both processes' CPU",
    ),
  ];
}

/** A floor's rate and CPU beside wrk's. */
function floorRow(section: string, unit: string, m: Measured, what: string, floor: FloorRun[], notes: string): Row {
  const rate = floor.map((f) => f.reqPerS);
  const wrkRate = median(m.wrk.map((w) => w.reqPerS));
  return {
    section,
    metric: `${what}, ${unit}s/s · CPU µs/${unit}`,
    value: `${fmt(median(rate))} · ${fmt(median(floor.map((f) => f.cpuUsPerReq)), 1)}`,
    peer: m.wrk.length ? `${fmt(wrkRate)} · ${fmt(median(m.wrk.map((w) => w.cpuUsPerReq)), 1)}` : "–",
    ratio: ratio(median(rate), wrkRate),
    target: "–",
    verdict: "–",
    notes: `${notes}; req/s ${runs(rate)}`,
  };
}

export const offlineSection: Section = {
  name: "offline",
  description: "non-streaming offline: benchmark offline vs wrk (req/s, client CPU µs/request)",
  run: async (ctx) => rows("1 non-streaming offline", false, await measure(ctx, false)),
};

export const streamingSection: Section = {
  name: "streaming",
  description:
    "streaming offline (32 chunks/response): benchmark offline --streaming on vs wrk with a stream:true body",
  run: async (ctx) => rows("2 streaming offline", true, await measure(ctx, true)),
};
