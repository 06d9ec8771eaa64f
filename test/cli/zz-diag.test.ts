import { test } from "bun:test";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { startMockServer } from "/work/main/src/server/index.ts";
import { benchmarkArgs, lowerMedian, questionDataset, readSummary, runCli, tempDirs } from "/work/main/test/cli/run-cli.ts";
const dirs = tempDirs();
test("diag", async () => {
  for (let k = 0; k < 5; k++) {
  const server = await startMockServer({ mode: "model", ttftMs: 20, tpotMs: 5, outputTokens: 50, recordObservations: true });
  const dir = dirs.make(); const dataset = questionDataset(dir, 120); const reportDir = join(dir, "report");
  const r = await runCli(["benchmark", "online", ...benchmarkArgs(server.url, dataset, reportDir), "--load-pattern", "poisson", "--target-qps", "40", "--num-samples", "120", "--streaming", "on", "--workers", process.env.W!]);
  const s = readSummary(reportDir); const obs = server.observations();
  const sttft = obs.map(o => (o.firstChunkNs! - o.receivedNs)/1e6).sort((a,b)=>a-b);
  const db = new Database(join(reportDir, "events.db"));
  const rows = db.query("SELECT sent_ns, response_headers_ns, first_token_ns, done_ns, worker FROM requests").all() as any[];
  const cttft = rows.map(r => (r.first_token_ns - r.sent_ns)/1e6).sort((a,b)=>a-b);
  const hdr = rows.map(r => (r.response_headers_ns - r.sent_ns)/1e6).sort((a,b)=>a-b);
  const q = (a:number[], p:number)=>a[Math.floor((a.length-1)*p)]!.toFixed(3);
  console.log(`run ${k}: client ttft p50 ${(s.ttft.median!/1e6).toFixed(3)} server p50 ${q(sttft,0.5)} | client p10/p90/max ${q(cttft,.1)}/${q(cttft,.9)}/${q(cttft,1)} server p10/p90/max ${q(sttft,.1)}/${q(sttft,.9)}/${q(sttft,1)} hdr p50 ${q(hdr,.5)} tpot ${(s.tpot.median!/1e6).toFixed(4)}`);
  await server.stop();
  }
  dirs.cleanup();
}, 120000);
