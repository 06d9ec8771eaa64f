/**
 * @module import/detect-format — which tool wrote DIR|FILE, from its file names and the first thing
 * in them, and the reader that takes it from there.
 *
 * A directory is named by what it holds (events.jsonl, profile_export.jsonl, benchmarks.json, one
 * vllm result JSON); a file by its name, else by its first line or top-level keys. Anything else is
 * refused in one line that names the path and what would have been read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { InputError } from "../errors.ts";
import { AIPERF_AGGREGATE, AIPERF_RECORDS, readAiperf } from "./read-aiperf.ts";
import { GUIDELLM_FILE, readGuidellm } from "./read-guidellm.ts";
import { readUpstream, UPSTREAM_EVENTS } from "./read-upstream.ts";
import { readVllm } from "./read-vllm.ts";
import type { SourceRun, SourceTool } from "./source-run.ts";

const KNOWN_FORMATS =
  "mlcommons/endpoints' run directory (events.jsonl), AIPerf's profile_export.jsonl, GuideLLM's benchmarks.json, " +
  "or a vllm bench serve --save-detailed JSON";

/** The first line of `file` parsed, or null. */
function firstObject(file: string): Record<string, unknown> | null {
  const text = readFileSync(file, "utf8");
  for (const candidate of [text, text.slice(0, Math.max(text.indexOf("\n"), 0))]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not this reading (a JSONL file is not one JSON value): the next candidate, or unknown.
    }
  }
  return null;
}

/** The vllm result JSON of a directory: its one `.json` file holding `ttfts`. */
function vllmIn(dir: string): string | null {
  const found = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && firstObject(f)?.ttfts !== undefined);
  return found.length === 1 ? (found[0] as string) : null;
}

function fileTool(file: string): SourceTool | null {
  const name = basename(file);
  if (
    name === UPSTREAM_EVENTS ||
    (name === "result_summary.json" && existsSync(join(dirname(dirname(file)), UPSTREAM_EVENTS)))
  )
    return "upstream";
  if (name === AIPERF_RECORDS || name === AIPERF_AGGREGATE) return "aiperf";
  if (name === GUIDELLM_FILE) return "guidellm";
  const first = firstObject(file);
  if (!first) return null;
  if ("event_type" in first && "sample_uuid" in first) return "upstream";
  if ("metadata" in first && "metrics" in first) return "aiperf";
  if (Array.isArray(first.benchmarks)) return "guidellm";
  if ("ttfts" in first || "itls" in first) return "vllm";
  return null;
}

function dirTool(dir: string): SourceTool | null {
  if (existsSync(join(dir, UPSTREAM_EVENTS))) return "upstream";
  if (existsSync(join(dir, AIPERF_RECORDS))) return "aiperf";
  if (existsSync(join(dir, GUIDELLM_FILE))) return "guidellm";
  return vllmIn(dir) ? "vllm" : null;
}

/** The tool that wrote `path`; an InputError naming it when none did. */
export function detectFormat(path: string): SourceTool {
  if (!existsSync(path)) throw new InputError(`${path}: no such file or directory; expected ${KNOWN_FORMATS}`);
  const tool = statSync(path).isDirectory() ? dirTool(path) : fileTool(path);
  if (tool === null)
    throw new InputError(`${path}: not a format import reads; expected ${KNOWN_FORMATS}`, {
      hint: "name the tool with --from upstream|aiperf|guidellm|vllm to be told what its reader expected",
    });
  return tool;
}

/** The file a one-file reader takes: `path`, or the one it expects in the directory `path`. */
function fileIn(path: string, tool: "guidellm" | "vllm"): string {
  if (!statSync(path).isDirectory()) return path;
  if (tool === "guidellm") return join(path, GUIDELLM_FILE);
  const file = vllmIn(path);
  if (!file) throw new InputError(`${path}: holds no single vllm bench serve result JSON (with ttfts); expected one`);
  return file;
}

/** `path` read by `tool`'s reader: one run, or one per benchmark of a file holding several. */
export function readSource(tool: SourceTool, path: string): SourceRun[] {
  if (!existsSync(path)) throw new InputError(`${path}: no such file or directory`);
  switch (tool) {
    case "upstream":
      return [readUpstream(path)];
    case "aiperf":
      return [readAiperf(path)];
    case "guidellm":
      return readGuidellm(fileIn(path, tool));
    case "vllm":
      return readVllm(fileIn(path, tool));
  }
}
