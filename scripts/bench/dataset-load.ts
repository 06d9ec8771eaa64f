/**
 * @module scripts/bench/dataset-load — how long `loadDataset` takes on a 1M-row dataset in
 * each format, and the peak memory of the process doing it.
 *
 * Writes the same 1,000,000 prompts (~90 characters each, plus an id and a system prompt) as
 * JSONL, CSV, JSON records and Parquet (snappy and zstd) into a temp dir, then loads each file
 * in a fresh Bun subprocess and prints a markdown table: load time (median of the runs) and
 * peak RSS (VmHWM from /proc/self/status, the largest of the runs; Linux only). An empty child
 * that only imports the loader gives the baseline RSS.
 * Usage: `bun scripts/bench/dataset-load.ts [--rows N] [--runs N] [--keep]`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { encodeParquet, type ParquetCodec } from "../parquet-file.ts";

interface ChildResult {
  rows: number;
  loadMs: number;
  peakRssKb: number;
}

function peakRssKb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) : Number.NaN;
}

async function child(path: string | undefined): Promise<void> {
  const { loadDataset } = await import("../../src/dataset/load-dataset.ts");
  const start = performance.now();
  const rows = path ? loadDataset({ path }).rows.length : 0;
  const result: ChildResult = { rows, loadMs: performance.now() - start, peakRssKb: peakRssKb() };
  process.stdout.write(JSON.stringify(result));
}

function question(i: number): string {
  return `Question ${i}: explain, in about ${50 + (i % 200)} words, why topic #${i % 9973} matters for benchmarking.`;
}

function writeInputs(dir: string, rows: number): Array<[string, string]> {
  const questions = Array.from({ length: rows }, (_, i) => question(i));
  const system = (i: number) => (i % 2 === 0 ? "You are terse." : "You answer in plain words.");
  const files: Array<[string, string]> = [];
  const jsonl = join(dir, "prompts.jsonl");
  writeFileSync(
    jsonl,
    questions.map((q, i) => `${JSON.stringify({ id: i, question: q, system_prompt: system(i) })}\n`).join(""),
  );
  files.push(["JSONL", jsonl]);
  const csv = join(dir, "prompts.csv");
  writeFileSync(csv, `id,question,system_prompt\n${questions.map((q, i) => `${i},"${q}",${system(i)}\n`).join("")}`);
  files.push(["CSV", csv]);
  const json = join(dir, "prompts.json");
  writeFileSync(json, JSON.stringify(questions.map((q, i) => ({ id: i, question: q, system_prompt: system(i) }))));
  files.push(["JSON records", json]);
  for (const codec of ["snappy", "zstd"] satisfies ParquetCodec[]) {
    const path = join(dir, `prompts.${codec}.parquet`);
    writeFileSync(
      path,
      encodeParquet(
        [
          { name: "id", kind: "int64", values: questions.map((_, i) => BigInt(i)) },
          { name: "question", kind: "string", values: questions },
          { name: "system_prompt", kind: "string", dictionary: true, values: questions.map((_, i) => system(i)) },
        ],
        { codec, rowGroupRows: 100_000, pageBytes: 1 << 20 },
      ),
    );
    files.push([`Parquet (${codec})`, path]);
  }
  return files;
}

function runChild(path: string | undefined): ChildResult {
  const args = [process.execPath, import.meta.path, "--child", ...(path ? [path] : [])];
  const result = Bun.spawnSync(args, { stdout: "pipe", stderr: "inherit" });
  if (result.exitCode !== 0) throw new Error(`child for ${path ?? "baseline"} exited with ${result.exitCode}`);
  return JSON.parse(result.stdout.toString()) as ChildResult;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      child: { type: "boolean" },
      rows: { type: "string", default: "1000000" },
      runs: { type: "string", default: "3" },
      keep: { type: "boolean" },
    },
    allowPositionals: true,
  });
  if (values.child) return child(positionals[0]);
  const rows = Number(values.rows);
  const runs = Number(values.runs);
  const dir = mkdtempSync(join(tmpdir(), "bench-dataset-load-"));
  try {
    console.error(`writing ${rows} rows per format to ${dir} …`);
    const files = writeInputs(dir, rows);
    const baseline = runChild(undefined);
    const lines = [
      "| format | file size | rows | load time (median of " + runs + ") | peak RSS |",
      "|---|---:|---:|---:|---:|",
    ];
    lines.push(`| (baseline: imports only) | – | – | – | ${(baseline.peakRssKb / 1024).toFixed(0)} MB |`);
    for (const [label, path] of files) {
      const results = Array.from({ length: runs }, () => runChild(path));
      const mb = statSync(path).size / 1024 / 1024;
      const peak = Math.max(...results.map((r) => r.peakRssKb)) / 1024;
      lines.push(
        `| ${label} | ${mb.toFixed(1)} MB | ${results[0]?.rows} | ${(median(results.map((r) => r.loadMs)) / 1000).toFixed(2)} s | ${peak.toFixed(0)} MB |`,
      );
      console.error(`${label} done`);
    }
    console.log(lines.join("\n"));
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
