/**
 * @module scripts/bench/lib/wrk — runs `wrk -t1 -cN -dS` pinned to the client CPU and reads its rate and CPU.
 *
 * wrk POSTs the same body inference-endpoint would send for the first row of the dataset
 * (scripts/bench/wrk-post.lua reads it from WRK_BODY_FILE). CPU per request comes from wrk's
 * rusage at exit (utime + stime) divided by the requests it counted.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exitedCpuUs } from "./cpu.ts";
import { CLIENT_CPU, pinned, ROOT, track } from "./procs.ts";

const WRK_LUA = join(ROOT, "scripts", "bench", "wrk-post.lua");
export const DATASET = join(ROOT, "datasets", "dummy_1k.jsonl");
export const MODEL = "mock-model";

export interface WrkResult {
  reqPerS: number;
  requests: number;
  cpuUsPerReq: number;
  errors: string | null;
}

/** The chat-completions body inference-endpoint sends for dataset row 0 (see src/dataset/request-body.ts). */
function chatBody(streaming: boolean): string {
  const first = JSON.parse(readFileSync(DATASET, "utf8").split("\n")[0] ?? "{}") as { text_input?: string };
  const body: Record<string, unknown> = {
    model: MODEL,
    messages: [{ role: "user", content: first.text_input ?? "hello" }],
    max_tokens: 1024,
    stream: streaming,
  };
  if (streaming) body.stream_options = { include_usage: true };
  return JSON.stringify(body);
}

export function writeBody(dir: string, streaming: boolean): string {
  const path = join(dir, streaming ? "body-stream.json" : "body.json");
  writeFileSync(path, chatBody(streaming));
  return path;
}

interface WrkOptions {
  bodyFile: string;
  seconds: number;
  connections?: number;
  path?: string;
}

export async function runWrk(baseUrl: string, options: WrkOptions): Promise<WrkResult> {
  const url = baseUrl + (options.path ?? "/v1/chat/completions");
  const cmd = ["wrk", "-t1", `-c${options.connections ?? 64}`, `-d${options.seconds}s`, "-s", WRK_LUA, url];
  const proc = track(pinned(CLIENT_CPU, cmd), {
    stdout: "pipe",
    env: { ...process.env, WRK_BODY_FILE: options.bodyFile },
  });
  const [exitCode, out, err] = await Promise.all([
    proc.exited,
    new Response(proc.stdout as ReadableStream).text(),
    new Response(proc.stderr as ReadableStream).text(),
  ]);
  if (exitCode !== 0) throw new Error(`wrk exited ${exitCode}: ${err || out}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const reqPerS = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const problems = [/Non-2xx or 3xx responses: \d+/.exec(out)?.[0], /Socket errors: [^\n]+/.exec(out)?.[0]].filter(
    Boolean,
  );
  return {
    reqPerS,
    requests,
    cpuUsPerReq: exitedCpuUs(proc) / requests,
    errors: problems.length ? problems.join("; ") : null,
  };
}
