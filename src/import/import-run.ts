/**
 * @module import/import-run — `inference-endpoint import`: which tool wrote the input, its runs read,
 * and our run directory (or, for several benchmarks, our sweep directory) written from them.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResultSummary } from "../report/result-summary.ts";
import { writeReportFiles } from "../report/write-report.ts";
import { detectFormat, readSource } from "./detect-format.ts";
import { stepDirName, writeImportedSweep } from "./import-sweep.ts";
import { TOOL_NAMES, type SourceRun, type SourceTool } from "./source-run.ts";
import { checkOutDir, writeAtomically, writeEventsDb } from "./write-import.ts";

interface ImportRequest {
  path: string;
  /** `--from`; null: detected. */
  from: SourceTool | null;
  reportDir: string;
}

export interface ImportOutcome {
  tool: SourceTool;
  reportDir: string;
  /** One per benchmark imported (one unless the file held several). */
  summaries: ResultSummary[];
  runs: SourceRun[];
}

/** What was read, in one line: the tool, its version and the files. */
function describeSource(run: SourceRun, benchmarks: number): string {
  const version = run.version ? ` ${run.version}` : "";
  const several = benchmarks > 1 ? `, ${benchmarks} benchmarks` : "";
  return `${TOOL_NAMES[run.tool]}${version} (${run.files.join(", ")}${several})`;
}

function writeRun(run: SourceRun, dir: string): ResultSummary {
  writeEventsDb(run, dir);
  return writeReportFiles(dir).summary;
}

export async function importRun(request: ImportRequest, log: (line: string) => void): Promise<ImportOutcome> {
  const reportDir = resolve(request.reportDir);
  // Before reading anything: a taken OUT is refused at once, whatever the input.
  checkOutDir(reportDir);
  const tool = request.from ?? detectFormat(request.path);
  const runs = readSource(tool, request.path);
  const first = runs[0] as SourceRun;
  if (request.from === null) log(`detected: ${describeSource(first, runs.length)}`);
  const summaries = await writeAtomically(reportDir, (dir) => {
    if (runs.length === 1) return [writeRun(first, dir)];
    const each = runs.map((run, i) => {
      const stepDir = join(dir, stepDirName(i));
      mkdirSync(stepDir);
      return writeRun(run, stepDir);
    });
    writeImportedSweep(dir, reportDir, runs, each);
    return each;
  });
  return { tool, reportDir, summaries, runs };
}
