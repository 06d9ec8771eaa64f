/**
 * examples/kubernetes/: every manifest is a valid object of its kind — checked against the
 * Kubernetes API's schema (kubernetes-models: types, enums, formats) and, for unknown fields the
 * schema lets through, by TypeScript's excess-property check against the same API's types —
 * and the Indexed Job's pods, run here as written (paths on a temp dir, a 4 s start), produce
 * shards the merge Job's command line merges.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Job, type IJob } from "kubernetes-models/batch/v1/Job";
import { startMockServer } from "../../src/server/index.ts";
import { BUN_PATH, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const ROOT = join(import.meta.dir, "..", "..");
const EXAMPLES = join(ROOT, "examples", "kubernetes");
const dirs = tempDirs("ie-k8s-");
afterAll(() => dirs.cleanup());

interface Manifest {
  kind: string;
  metadata: { name: string };
}

function manifests(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(join(EXAMPLES, file), "utf8")).map((doc) => doc.toJS() as Manifest);
}

const MODELS: Record<string, new (data: never) => { validate: () => void }> = { ConfigMap, PersistentVolumeClaim, Job };
const TYPES: Record<string, [module: string, type: string]> = {
  ConfigMap: ["kubernetes-models/v1/ConfigMap", "IConfigMap"],
  PersistentVolumeClaim: ["kubernetes-models/v1/PersistentVolumeClaim", "IPersistentVolumeClaim"],
  Job: ["kubernetes-models/batch/v1/Job", "IJob"],
};

const bench = manifests("benchmark.yaml");
const merge = manifests("merge.yaml");
const all = [...bench, ...merge];
const benchJob = bench.find((m) => m.kind === "Job") as unknown as IJob;
const mergeJob = merge.find((m) => m.kind === "Job") as unknown as IJob;
const container = (job: IJob) =>
  job.spec?.template.spec?.containers[0] as NonNullable<
    NonNullable<IJob["spec"]>["template"]["spec"]
  >["containers"][number];

describe("examples/kubernetes", () => {
  test("every manifest validates against its kind's API schema", () => {
    expect(all.map((m) => m.kind)).toEqual(["ConfigMap", "PersistentVolumeClaim", "Job", "Job"]);
    for (const m of all) {
      const Model = MODELS[m.kind];
      if (!Model) throw new Error(`no schema for ${m.kind}`);
      expect(() => new Model(m as never).validate()).not.toThrow();
    }
  });

  test("no manifest has a field its kind does not define (TypeScript's excess-property check)", () => {
    const dir = dirs.make();
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    const lines = all.map((m, i) => {
      const [module, type] = TYPES[m.kind] as [string, string];
      return `import type { ${type} as T${i} } from "${module}";\nexport const m${i}: T${i} = ${JSON.stringify(m)};`;
    });
    writeFileSync(join(dir, "manifests.ts"), `${lines.join("\n")}\n`);
    // The manifests' types and the language's own, no more: no DOM library and none of node_modules/@types, which
    // tsc would otherwise load (most of its work here) for a file that uses neither.
    const compilerOptions = { noEmit: true, strict: true, skipLibCheck: true, module: "nodenext" };
    const options = { ...compilerOptions, moduleResolution: "nodenext", target: "es2022", lib: ["es2022"], types: [] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["manifests.ts"] }));
    const tsc = Bun.spawnSync(
      [BUN_PATH, join(ROOT, "node_modules", "typescript", "lib", "tsc.js"), "-p", join(dir, "tsconfig.json")],
      { cwd: dir },
    );
    expect(tsc.stdout.toString()).toBe("");
    expect(tsc.exitCode).toBe(0);
  }, 60_000);

  test("the Indexed Job's shard count agrees with its completions, and the merge reads what it writes", () => {
    expect(benchJob.spec).toMatchObject({ completionMode: "Indexed", completions: 2, parallelism: 2, backoffLimit: 0 });
    const args = container(benchJob).args as string[];
    expect(args[args.indexOf("--shards") + 1]).toBe(String(benchJob.spec?.completions));
    expect(args[args.indexOf("--report-dir") + 1]).toBe("/results/$(JOB_NAME)/shard-{shard}");
    expect(container(mergeJob).args).toEqual([
      "report",
      "merge",
      `/results/${benchJob.metadata?.name}`,
      "--output",
      `/results/${benchJob.metadata?.name}/merged`,
    ]);
    const claims = (job: IJob) =>
      job.spec?.template.spec?.volumes?.map((v) => v.persistentVolumeClaim?.claimName).filter(Boolean);
    expect(claims(mergeJob)?.[0]).toBe(claims(benchJob)?.[0] as string);
    for (const job of [benchJob, mergeJob]) {
      const volumes = new Set(job.spec?.template.spec?.volumes?.map((v) => v.name));
      for (const mount of container(job).volumeMounts ?? []) expect(volumes.has(mount.name)).toBe(true);
    }
  });

  test("the pods' command lines, run here, write two shards that the merge Job's command line merges", async () => {
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dir = dirs.make();
      for (const sub of ["config", "results", "data"]) mkdirSync(join(dir, sub));
      // The ConfigMap's config, aimed at this server for 0.5 s, with the dataset where the pod mounts it.
      const config = (bench[0] as unknown as { data: Record<string, string> }).data["benchmark.yaml"] as string;
      writeFileSync(
        join(dir, "config", "benchmark.yaml"),
        config
          .replace(/endpoints: \[.*\]/, `endpoints: [${server.url}]`)
          .replace("min_duration_ms: 600000", "min_duration_ms: 500")
          .replace("/data/prompts.jsonl", join(dir, "data", "prompts.jsonl")),
      );
      writeFileSync(join(dir, "data", "prompts.jsonl"), readFileSync(questionDataset(dir, 50)));
      const jobName = benchJob.metadata?.name as string;
      const podArgs = (container(benchJob).args as string[]).map((a) =>
        a
          .replace("$(JOB_NAME)", jobName)
          .replace(/^\/(config|results)\//, `${dir}/$1/`)
          // Past both pods' start-up on a loaded host (seen: ready 2.6 s after the barrier).
          .replace(/^\+30s$/, "+4s"),
      );
      const pods = [0, 1].map((index) => runCli(podArgs, { env: { JOB_COMPLETION_INDEX: String(index) } }));
      for (const pod of await Promise.all(pods)) {
        expect(pod.stderr).not.toContain("error:");
        expect(pod.exitCode).toBe(0);
      }
      const mergeArgs = (container(mergeJob).args as string[]).map((a) => a.replace(/^\/results\//, `${dir}/results/`));
      const merged = await runCli(mergeArgs);
      expect(merged.stderr).not.toContain("warning:");
      expect(merged.exitCode).toBe(0);
      const summary = readSummary(join(dir, "results", jobName, "merged"));
      expect(summary).toMatchObject({ complete: true, n_samples_failed: 0, shards: { of: 2, missing: [] } });
      expect(summary.shards?.merged.map((s) => s.shard)).toEqual(["0/2", "1/2"]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
