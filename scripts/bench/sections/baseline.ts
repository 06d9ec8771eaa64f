/**
 * @module scripts/bench/sections/baseline — is the project's mock server the bottleneck? wrk against a 10-line Bun.serve and against `serve --mode fixed`.
 *
 * Both servers run on CPU 0 and answer the same non-streaming chat.completion body; wrk runs on
 * CPU 1 against each in turn. A ratio near 1 means the mock adds nothing over Bun.serve itself.
 */
import { progress, type Section } from "../lib/section.ts";
import { startFixedServer, startMinimalServer } from "../lib/procs.ts";
import { fmt, median, ratio, runs, type Row } from "../lib/table.ts";
import { runWrk, writeBody } from "../lib/wrk.ts";

export const baselineSection: Section = {
  name: "baseline",
  description: "wrk against a minimal Bun.serve and against serve --mode fixed (is the server the bottleneck?)",
  async run(ctx): Promise<Row[]> {
    if (!ctx.wrk)
      return [
        {
          section: "0 server ceiling",
          metric: "wrk req/s",
          value: "–",
          peer: "–",
          ratio: "–",
          target: "–",
          verdict: "–",
          notes: "skipped: wrk not installed",
        },
      ];
    const bodyFile = writeBody(ctx.tmp, false);
    const minimal = await startMinimalServer();
    const fixed = await startFixedServer().catch(async (error: unknown) => {
      await minimal.stop();
      throw error;
    });
    try {
      await runWrk(minimal.url, { bodyFile, seconds: 2 }); // warm-up both
      await runWrk(fixed.url, { bodyFile, seconds: 2 });
      const minimalRates: number[] = [];
      const fixedRates: number[] = [];
      const fixedCpu: number[] = [];
      for (let i = 0; i < ctx.repeats; i++) {
        const a = await runWrk(minimal.url, { bodyFile, seconds: ctx.seconds });
        const b = await runWrk(fixed.url, { bodyFile, seconds: ctx.seconds });
        progress(`run ${i + 1}: minimal ${fmt(a.reqPerS)} req/s, serve --mode fixed ${fmt(b.reqPerS)} req/s`);
        minimalRates.push(a.reqPerS);
        fixedRates.push(b.reqPerS);
        fixedCpu.push(b.cpuUsPerReq);
      }
      return [
        {
          section: "0 server ceiling",
          metric: "wrk req/s → minimal Bun.serve (fixed JSON)",
          value: fmt(median(minimalRates)),
          peer: "–",
          ratio: "–",
          target: "–",
          verdict: "–",
          notes: runs(minimalRates),
        },
        {
          section: "0 server ceiling",
          metric: "wrk req/s → serve --mode fixed (peer: minimal Bun.serve)",
          value: fmt(median(fixedRates)),
          peer: fmt(median(minimalRates)),
          ratio: ratio(median(fixedRates), median(minimalRates)),
          target: "–",
          verdict: "–",
          notes: `${runs(fixedRates)}; wrk CPU ${fmt(median(fixedCpu), 1)} µs/req`,
        },
      ];
    } finally {
      await Promise.all([minimal.stop(), fixed.stop()]);
    }
  },
};
