/**
 * @module scripts/bench/sections/paced-stream — client CPU per streamed response when the server paces its tokens, as real servers do.
 *
 * Sections 1–2 stream 32 chunks in one write, so a response is one socket read. A real server
 * writes each token when it is generated, so the client wakes and reads once per token. Here
 * `serve --mode model --tpot-ms 5` (32 tokens, the first at once) on CPU 0 streams to 64
 * connections: ~13k token writes/s, light enough for server and clients to keep up, so every
 * client gets one read per token and the same responses/s. Compared on CPU 1, in turn:
 * wrk (`-t1 -c64`, reads with epoll), 64 bare Bun fetch loops (scripts/bench/bare-fetch.ts,
 * fetch's own cost per read, the floor under our client) and `benchmark offline
 * --streaming on --workers 1 --max-connections 64`. The figure is CPU µs per response; divided
 * by the 33 reads it is the cost of one streamed token.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { bareFetch } from "../lib/bare-fetch-run.ts";
import { failures, offlineArgs, runIe } from "../lib/ie.ts";
import { BUN, MAIN, startServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { fmt, median, ratio, runs, type Row } from "../lib/table.ts";
import { runWrk, writeBody } from "../lib/wrk.ts";

const TOKENS = 32;
const TPOT_MS = 5;
const CONNECTIONS = 64;
/** Socket reads per response: one per token, plus the finish/usage/[DONE] write. */
const READS_PER_RESPONSE = TOKENS + 1;

export const pacedStreamSection: Section = {
  name: "paced",
  description: `paced streaming (${TOKENS} tokens, one every ${TPOT_MS} ms): client CPU per response, benchmark offline vs wrk and bare fetch`,
  async run(ctx): Promise<Row[]> {
    const server = await startServer([
      BUN,
      MAIN,
      "serve",
      "--port",
      "0",
      "--mode",
      "model",
      "--tpot-ms",
      String(TPOT_MS),
      "--output-tokens",
      String(TOKENS),
    ]);
    const ours: number[] = [];
    const oursRate: number[] = [];
    const wrk: number[] = [];
    const fetchOnly: number[] = [];
    try {
      const bodyFile = writeBody(ctx.tmp, true);
      const responsesPerS = CONNECTIONS / (((TOKENS - 1) * TPOT_MS) / 1000);
      const samples = Math.round((responsesPerS * ctx.seconds) / 100) * 100;
      progress(
        `server ${server.url}; ~${fmt(responsesPerS)} responses/s at ${CONNECTIONS} connections; inference-endpoint runs of ${samples} requests`,
      );
      for (let i = 0; i < ctx.repeats; i++) {
        const f = await bareFetch(server.url, bodyFile, ctx.seconds);
        fetchOnly.push(f.cpuUsPerReq);
        if (ctx.wrk) {
          const w = await runWrk(server.url, { bodyFile, seconds: ctx.seconds, connections: CONNECTIONS });
          wrk.push(w.cpuUsPerReq);
          progress(`run ${i + 1}: wrk ${fmt(w.reqPerS)} responses/s, ${fmt(w.cpuUsPerReq, 1)} µs CPU each`);
        }
        const dir = join(ctx.tmp, `paced-${i}`);
        const run = await runIe(offlineArgs(server.url, samples, true), dir);
        rmSync(dir, { recursive: true, force: true });
        const bad = failures(run.summary);
        if (bad) throw new Error(`benchmark offline had failures: ${bad}`);
        ours.push(run.windowCpuUs / samples);
        oursRate.push(run.summary.qps_native ?? Number.NaN);
        progress(
          `run ${i + 1}: bare fetch ${fmt(f.reqPerS)} responses/s, ${fmt(f.cpuUsPerReq, 1)} µs; inference-endpoint ${fmt(run.summary.qps_native ?? Number.NaN)} responses/s, ${fmt(run.windowCpuUs / samples, 1)} µs`,
        );
      }
    } finally {
      await server.stop();
    }
    const section = "2b paced streaming";
    const perRead = (us: number) => fmt(us / READS_PER_RESPONSE, 1);
    return [
      {
        section,
        metric: `client CPU µs/response, ${READS_PER_RESPONSE} reads each (benchmark offline vs wrk)`,
        value: fmt(median(ours), 1),
        peer: wrk.length ? fmt(median(wrk), 1) : "– (no wrk)",
        ratio: ratio(median(ours), median(wrk)),
        target: "–",
        verdict: "–",
        notes: `per read: ours ${perRead(median(ours))} µs, wrk ${wrk.length ? perRead(median(wrk)) : "–"} µs; ours ${runs(ours, " µs")} at ${fmt(median(oursRate))} responses/s; wrk ${wrk.length ? runs(wrk, " µs") : "–"}; ours includes main (IPC, events.db) and start-up after the worker spawned`,
      },
      {
        section,
        metric: "floor: bare Bun fetch loop, CPU µs/response (no timing, parsing or records)",
        value: fmt(median(fetchOnly), 1),
        peer: wrk.length ? fmt(median(wrk), 1) : "–",
        ratio: ratio(median(fetchOnly), median(wrk)),
        target: "–",
        verdict: "–",
        notes: `per read ${perRead(median(fetchOnly))} µs: ${fmt((100 * median(fetchOnly)) / median(ours))} % of ours; ${runs(fetchOnly, " µs")} (whole process)`,
      },
    ];
  },
};
