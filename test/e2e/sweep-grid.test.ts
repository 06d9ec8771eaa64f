/**
 * @module test/e2e/sweep-grid.test — `sweep --concurrencies … --isl-osl …` against `serve --mode model --max-concurrent
 * 4`: a cell per pair and concurrency, each cell's Pareto axes (tok/s/GPU, tok/s/user) and cost recomputed from its
 * events.db by their definitions, re-runs that resume (skipping finished cells, re-running a killed one, refusing
 * another config), Ctrl-C mid-grid, exact token counts with --tokenizer, and bad flags refused. `report pareto` is
 * test/e2e/sweep-pareto.test's; how close the cells come to the queue model on a quiet host is a bench row
 * (`npm run bench -- --only sweep-model`).
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { SweepFileSchema } from "../../src/sweep/sweep-schema.ts";
import { writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { undeclaredKeys } from "../support/schema-keys.ts";
import {
  collectOutput,
  countRequestRows,
  lowerMedian,
  processState,
  readSummary,
  runCli,
  spawnCli,
  tempDirs,
  waitFor,
} from "./run-cli.ts";
import { readSweep } from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-sweep-grid-");
afterAll(() => dirs.cleanup());

const GPUS = 2;
const USD_PER_GPU_HOUR = 3;
const SAMPLES = 8;
const CONCURRENCIES = [1, 4];
const PAIRS = [
  { isl: 16, osl: 12 },
  { isl: 16, osl: 24 },
];

const SWEEP_SCHEMA = JSON.parse(readFileSync(join(import.meta.dir, "../../src/sweep/sweep.schema.json"), "utf8"));

/** A cell's window, tokens and per-request TPOT straight from its events.db, by docs/metrics.md: no code of the report's. */
function fromEventsDb(cellDir: string) {
  const db = new Database(join(cellDir, "events.db"), { readonly: true });
  try {
    const { start_ns } = db.query("SELECT start_ns FROM phases WHERE name = 'performance'").get() as {
      start_ns: number;
    };
    const rows = db
      .query(
        "SELECT first_token_ns, done_ns, output_tokens, input_tokens, chunk_count, chunk_tokens FROM requests " +
          "WHERE phase = 'performance' AND error_kind IS NULL",
      )
      .all() as {
      first_token_ns: number;
      done_ns: number;
      output_tokens: number;
      input_tokens: number;
      chunk_count: number;
      chunk_tokens: Uint8Array | null;
    }[];
    // TPOT: (done − first chunk) ÷ the tokens after the first chunk (each later chunk's count, one each when not stored).
    const after = (r: (typeof rows)[number]) =>
      r.chunk_tokens === null
        ? r.chunk_count - 1
        : new Uint16Array(r.chunk_tokens.slice().buffer).reduce((sum, k) => sum + k, 0);
    return {
      durationNs: Math.max(...rows.map((r) => r.done_ns)) - start_ns,
      outputTokens: rows.reduce((sum, r) => sum + r.output_tokens, 0),
      inputTokens: rows.reduce((sum, r) => sum + r.input_tokens, 0),
      tpotP50Ns: lowerMedian(rows.filter((r) => after(r) >= 1).map((r) => (r.done_ns - r.first_token_ns) / after(r))),
    };
  } finally {
    db.close();
  }
}

const gridArgs = (url: string, out: string, extra: string[] = []) => [
  "sweep",
  ...["--endpoints", url, "--model", "m", "--num-samples", String(SAMPLES), "--duration", "0"],
  ...["--concurrencies", CONCURRENCIES.join(","), "--isl-osl", PAIRS.map((p) => `${p.isl}/${p.osl}`).join(",")],
  ...["--gpus", String(GPUS), "--gpu-hour-cost", String(USD_PER_GPU_HOUR), "--server-metrics", "off", "-q"],
  ...["--report-dir", out, ...extra],
];

// Every test here has its own server and directory, and decides nothing by the clock: they run side by side.
describe.concurrent("cli/sweep grid", () => {
  test("a cell per pair and concurrency; its Pareto axes and cost from its events.db; re-runs resume", async () => {
    // 4 places, each request 2 ms + 2 ms a token, exactly as many tokens as asked.
    const server = await startMockServer({
      ...{ mode: "model", ttftMs: 2, tpotMs: 2, outputTokens: 10_000, maxConcurrent: 4 },
      recordObservations: true,
    });
    try {
      const out = join(dirs.make(), "grid");
      const first = await runCli(gridArgs(server.url, out));
      expect(first.stderr).not.toContain("error:");
      expect(first.exitCode).toBe(0);
      expect(first.stdout).toMatch(/^ +3 +isl16-osl24 +concurrency +1 /m);
      const sweep = readSweep(out);
      expect(SweepFileSchema.safeParse(sweep).error).toBeUndefined();
      // The schema's objects are open: a key it forgot would still validate, so every key must be declared too.
      expect(undeclaredKeys(SWEEP_SCHEMA, sweep)).toEqual([]);
      expect(sweep.pairs).toEqual(["isl16-osl12", "isl16-osl24"]);
      expect(sweep.steps.map((s) => [s.isl_osl, s.offered, s.report_dir])).toEqual(
        PAIRS.flatMap((p) =>
          CONCURRENCIES.map((c) => [`isl${p.isl}-osl${p.osl}`, c, join(out, `isl${p.isl}-osl${p.osl}`, `c${c}`)]),
        ),
      );
      // Each cell sent its pair: the server wrote each request exactly the pair's output tokens.
      expect(server.observations().map((o) => o.outputTokens)).toEqual(
        PAIRS.flatMap((p) => Array(CONCURRENCIES.length * SAMPLES).fill(p.osl)),
      );

      for (const s of sweep.steps) {
        const osl = Number(/osl(\d+)/.exec(s.isl_osl ?? "")?.[1]);
        const db = fromEventsDb(s.report_dir);
        expect(db.outputTokens).toBe(SAMPLES * osl);
        // The Pareto axes: output tokens over the window, per GPU; one user's tokens per second, 1 ÷ TPOT p50 — none
        // when the median request's tokens all arrived in one read (a stalled host can deliver a whole answer at once).
        expect(s.output_tps as number).toBeCloseTo(db.outputTokens / (db.durationNs / 1e9), 6);
        expect(s.output_tps_per_gpu as number).toBeCloseTo(db.outputTokens / (db.durationNs / 1e9) / GPUS, 6);
        if (db.tpotP50Ns > 0) expect(s.interactivity as number).toBeCloseTo(1e9 / db.tpotP50Ns, 6);
        else expect(s.interactivity).toBeNull();
        // Cost: (GPU-hours × price) ÷ (tokens ÷ 10⁶), from the cell's own events.db.
        const usd = ((db.durationNs * GPUS) / 3600e9) * USD_PER_GPU_HOUR;
        expect(s.usd_per_million_output_tokens as number).toBeCloseTo(usd / (db.outputTokens / 1e6), 9);
        expect(s.usd_per_million_tokens as number).toBeCloseTo(usd / ((db.outputTokens + db.inputTokens) / 1e6), 9);
        expect(readSummary(s.report_dir).cost?.usd_per_million_output_tokens as number).toBeCloseTo(
          usd / (db.outputTokens / 1e6),
          9,
        );
      }

      // The same command again: every cell completed there, so none runs and the server sees nothing new.
      const seen = server.observations().length;
      const again = await runCli(gridArgs(server.url, out, ["-v"]));
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toContain("sweep: resuming the grid in");
      expect(again.stderr.match(/: complete in \S+, skipped/g)?.length).toBe(PAIRS.length * CONCURRENCIES.length);
      expect(server.observations().length).toBe(seen);
      expect(readSweep(out).steps.map((s) => s.output_tps_per_gpu)).toEqual(
        sweep.steps.map((s) => s.output_tps_per_gpu),
      );

      // A cell killed before its summary was written runs again; its old directory is kept beside it.
      const killed = join(out, "isl16-osl12", "c4");
      rmSync(join(killed, "performance", "result_summary.json"));
      const resumed = await runCli(gridArgs(server.url, out, ["-v"]));
      expect(resumed.exitCode).toBe(0);
      expect(server.observations().length).toBe(seen + SAMPLES);
      expect(existsSync(`${killed}.incomplete`)).toBe(true);
      expect(readSummary(killed).state).toBe("complete");

      // Another config for the same directory is refused, in one line naming it.
      const other = await runCli(gridArgs(server.url, out, ["--model", "other"]));
      expect(other.exitCode).toBe(2);
      expect(other.stderr).toContain(`error: report directory ${out} holds a grid of another config`);
      expect(other.stderr).not.toContain("    at ");
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("Ctrl-C mid-grid, then the same command: finished cells are kept, the interrupted one runs again, the rest run", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 5,
      tpotMs: 1,
      outputTokens: 10_000,
      recordObservations: true,
    });
    try {
      const out = join(dirs.make(), "grid");
      // 100 requests of 12 ms: the cells at 8 and 16 at once take a fraction of a second, the one at 1 over a second.
      const args = [
        "sweep",
        ...["--endpoints", server.url, "--model", "m", "--num-samples", "100", "--duration", "0"],
        ...["--concurrencies", "8,1,16", "--isl-osl", "16/8", "--server-metrics", "off", "-q", "--report-dir", out],
      ];
      const proc = spawnCli(args);
      // Both streams read as they come, so that a full pipe never holds the sweep up.
      const [stdout, stderr] = [collectOutput(proc.stdout), collectOutput(proc.stderr)];
      // Interrupt the second cell once it has recorded a request: the first is finished, the second part-way.
      try {
        await waitFor(
          () => countRequestRows(join(out, "isl16-osl8", "c1"), "performance") > 0,
          60_000,
          25,
          () => {
            return `no request of the second cell recorded; the sweep (${processState(proc.pid)}) printed: ${stderr.text}${stdout.text}`;
          },
        );
      } catch (error) {
        proc.kill("SIGKILL");
        throw error;
      }
      proc.kill("SIGINT");
      expect(await proc.exited).toBe(130);
      expect(readSweep(out).steps.map((s) => s.state)).toEqual(["complete", "interrupted"]);
      expect(SweepFileSchema.safeParse(readSweep(out)).error).toBeUndefined();
      const before = server.observations().length;
      const again = await runCli([...args.filter((a) => a !== "-q"), "-v"]);
      expect(again.exitCode).toBe(0);
      expect(again.stderr).toContain("sweep: step 1: isl16-osl8 concurrency 8: complete in");
      expect(again.stderr).toContain("sweep: step 2: isl16-osl8 concurrency 1\n");
      expect(server.observations().length).toBe(before + 2 * 100);
      const sweep = readSweep(out);
      expect(sweep.state).toBe("complete");
      expect(sweep.steps.map((s) => [s.offered, s.state])).toEqual([
        [8, "complete"],
        [1, "complete"],
        [16, "complete"],
      ]);
      expect(readSummary(`${join(out, "isl16-osl8", "c1")}.incomplete`).state).toBe("interrupted");
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("with --tokenizer, each cell's prompts are exactly its pair's input tokens and its answers its output tokens", async () => {
    const dir = dirs.make();
    const tokenizer = writeGpt2Tokenizer(join(dir, "gpt2"));
    const server = await startMockServer({ mode: "model", outputTokens: 500, tokenizer, recordObservations: true });
    try {
      const out = join(dir, "grid");
      const r = await runCli([
        ...["sweep", "--endpoints", server.url, "--model", "m", "--tokenizer", tokenizer],
        ...["--num-samples", "4", "--duration", "0"],
        ...["--concurrencies", "4", "--isl-osl", "64/8,128/4", "--server-metrics", "off", "-q", "--report-dir", out],
      ]);
      expect(r.exitCode).toBe(0);
      const seen = server.observations().map((o) => `${o.promptTokens}/${o.outputTokens}`);
      expect(seen.slice(0, 4)).toEqual(Array(4).fill("64/8"));
      expect(seen.slice(4)).toEqual(Array(4).fill("128/4"));
      const isl = readSummary(join(out, "isl128-osl4", "c4")).input_sequence_lengths;
      expect([isl.min, isl.max]).toEqual([128, 128]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  test.each([
    [
      ["sweep", "--concurrencies", "1", "--isl-osl", "64/8", "--dataset", "q.jsonl"],
      "error: --isl-osl sets each cell's dataset",
    ],
    [["sweep", "--concurrencies", "1", "--isl-osl", "64"], "error: --isl-osl: '64' is not INPUT/OUTPUT tokens"],
    [
      ["sweep", "--find", "max-goodput", "--slo", "ttft:1s", "--isl-osl", "64/8"],
      "error: --isl-osl makes a grid of --rates or --concurrencies",
    ],
  ])(
    "refuses %p in one line (exit 2)",
    async (args, message) => {
      const r = await runCli([...args, "--endpoints", "http://127.0.0.1:9", "--model", "m"]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stderr.split("\n").filter((l) => l.startsWith("error:")).length).toBe(1);
      expect(r.stderr).not.toContain("    at ");
    },
    30_000,
  );
});
