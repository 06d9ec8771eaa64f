/**
 * On a real Slurm (scripts/slurm-local.sh sets up one node here): `srun -n 2 … --shard auto`
 * runs two shards of one 400 QPS Poisson plan from one command line, and `report merge` gives the
 * report one host would have: the server sees one Poisson stream of all 1,200 requests, and the
 * merged percentiles are those of the union of the shards' rows. Skipped, with one line saying
 * why, where srun is absent or no controller answers.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { BUN_PATH, MAIN_PATH, questionDataset, readSummary, runCli, tempDirs, waitFor } from "./run-cli.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { expectPlanKept, latenciesNs, runMeta } from "./shard-helpers.ts";

const dirs = tempDirs("ie-slurm-");
afterAll(() => dirs.cleanup());

const TARGET_QPS = 400;
/** 3 s of schedule: 300 windows of 10 ms for the dispersion, 1,200 arrivals for the rate (as test/e2e/shards). */
const REQUESTS = 1200;
const SBATCH_EXAMPLE = join(import.meta.dir, "..", "..", "examples", "slurm", "benchmark.sbatch");

/** Why this host cannot run the test, or null. */
function slurmUnavailable(): string | null {
  if (!Bun.which("srun") || !Bun.which("scontrol"))
    return "srun is not installed (scripts/slurm-local.sh install, then start)";
  const ping = Bun.spawnSync(["scontrol", "ping"], { timeout: 5_000 });
  if (!ping.stdout.toString().includes("UP")) return "no Slurm controller answers (scripts/slurm-local.sh start)";
  return null;
}

const skip = slurmUnavailable();
if (skip) console.log(`skipped: the srun -n 2 sharded benchmark — ${skip}`);

describe("cli/slurm", () => {
  test.skipIf(skip !== null)(
    "srun -n 2 … --shard auto, then report merge: one Poisson stream of 1,200 requests at 400 QPS",
    async () => {
      Bun.gc(true);
      const server = await startMockServer({ mode: "fixed", recordObservations: true });
      try {
        const dir = dirs.make();
        const dataset = questionDataset(dir, 100);
        // One command line for both tasks: the shard comes from SLURM_PROCID/SLURM_NTASKS, the directory from {shard}.
        const srun = Bun.spawn(
          [
            "srun",
            "-n",
            "2",
            "--immediate=30",
            "--kill-on-bad-exit=1",
            BUN_PATH,
            MAIN_PATH,
            "benchmark",
            "online",
            "--endpoints",
            server.url,
            "--model",
            "m",
            "--dataset",
            dataset,
            "--load-pattern",
            "poisson",
            "--target-qps",
            String(TARGET_QPS),
            "--num-samples",
            String(REQUESTS),
            "--duration",
            "0",
            "--streaming",
            "off",
            "--workers",
            "1",
            "--shard",
            "auto",
            "--start-at",
            // srun may start one task's CLI well after the other on a loaded host (seen: ready 17 s
            // after the first wrote the barrier, with a busy loop on each core); the instant must
            // lie past both, or the run rightly starts out of step and says so.
            "+20s",
            "--start-barrier",
            join(dir, "run.barrier"),
            "--report-dir",
            join(dir, "shard-{shard}"),
          ],
          { stdout: "pipe", stderr: "pipe", cwd: dir },
        );
        const stalls = watchStalls();
        const [stderr, exitCode] = await Promise.all([new Response(srun.stderr).text(), srun.exited]);
        const stallMs = stalls.stop();
        // srun can exit 0 when a task never launched: the shards' own records are checked too.
        expect(stderr).not.toContain("error:");
        expect(exitCode).toBe(0);
        const shards = [join(dir, "shard-0"), join(dir, "shard-1")];
        const [a, b] = shards.map(runMeta) as [ReturnType<typeof runMeta>, ReturnType<typeof runMeta>];
        expect([a.meta.shard, b.meta.shard]).toEqual(["0/2", "1/2"]);
        expect([a.rows, b.rows]).toEqual([REQUESTS / 2, REQUESTS / 2]);
        expect(b.meta.plan_id).toBe(a.meta.plan_id as string);

        expect(server.observations().length).toBe(REQUESTS);
        expectPlanKept(
          shards,
          server.observations().map((o) => o.receivedNs),
          TARGET_QPS,
          stallMs,
        );

        const merged = await runCli(["report", "merge", ...shards, "--output", join(dir, "merged")]);
        expect(merged.stderr).not.toContain("warning:");
        expect(merged.exitCode).toBe(0);
        const summary = readSummary(join(dir, "merged"));
        expect(summary).toMatchObject({
          n_samples_issued: REQUESTS,
          n_samples_failed: 0,
          complete: true,
          shards: { of: 2, missing: [] },
        });
        const union = shards.flatMap(latenciesNs).sort((x, y) => x - y);
        const at = (q: number) => union[Math.floor(q * (union.length - 1))] as number;
        expect([summary.latency.percentiles?.["50.0"], summary.latency.percentiles?.["99.0"]]).toEqual([
          at(0.5),
          at(0.99),
        ]);
      } finally {
        await server.stop();
      }
    },
    90_000,
  );

  test.skipIf(skip !== null)(
    "examples/slurm/benchmark.sbatch runs a config's shards and merges them",
    async () => {
      const server = await startMockServer({ mode: "fixed" });
      try {
        const dir = dirs.make();
        const config = join(dir, "benchmark.yaml");
        writeFileSync(
          config,
          [
            "type: online",
            "model_params:",
            "  name: m",
            '  streaming: "off"',
            "datasets:",
            `  - path: ${questionDataset(dir, 50)}`,
            "settings:",
            "  runtime:",
            "    n_samples_to_issue: 300",
            "    min_duration_ms: 0",
            "  load_pattern:",
            "    type: poisson",
            "    target_qps: 200",
            "  client:",
            "    num_workers: 1",
            "endpoint_config:",
            `  endpoints: [${server.url}]`,
            "",
          ].join("\n"),
        );
        // A one-node cluster: both tasks on this node, one CPU each (the script asks for two nodes of eight).
        const submit = Bun.spawnSync(
          [
            "sbatch",
            "--parsable",
            "--nodes=1",
            "--ntasks=2",
            "--ntasks-per-node=2",
            "--cpus-per-task=1",
            `--output=${join(dir, "job-%j.out")}`,
            SBATCH_EXAMPLE,
          ],
          {
            cwd: dir,
            env: {
              ...process.env,
              CONFIG: config,
              RESULTS: join(dir, "results"),
              IE: `${BUN_PATH} ${MAIN_PATH}`,
              START_AFTER: "3s",
            },
          },
        );
        expect(submit.stderr.toString()).toBe("");
        const job = submit.stdout.toString().trim().split(";")[0] as string;
        await waitFor(() => Bun.spawnSync(["squeue", "-h", "-j", job]).stdout.toString().trim() === "", 60_000, 100);
        const output = readFileSync(join(dir, `job-${job}.out`), "utf8");
        expect(output).toContain(`merged report: ${join(dir, "results", job, "merged")}/report.txt`);
        // A shard whose workers were ready after the shared instant says so and starts at once (a busy host);
        // any other error line is a failure.
        const errors = output.split("\n").filter((line) => line.startsWith("error:"));
        expect(
          errors.filter(
            (line) => !/^error: the --start-at instant passed [\d.]+ s before the workers were ready/.test(line),
          ),
        ).toEqual([]);
        const summary = readSummary(join(dir, "results", job, "merged"));
        expect(summary).toMatchObject({
          n_samples_issued: 300,
          n_samples_failed: 0,
          complete: true,
          shards: { of: 2, missing: [] },
        });
      } finally {
        await server.stop();
      }
    },
    90_000,
  );
});
