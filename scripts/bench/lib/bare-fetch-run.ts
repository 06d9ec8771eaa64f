/** @module scripts/bench/lib/bare-fetch-run — runs scripts/bench/bare-fetch.ts pinned to the client CPU: the floor Bun's fetch sets under our client. */
import { join } from "node:path";
import { exitedCpuUs } from "./cpu.ts";
import { BUN, CLIENT_CPU, pinned, ROOT, track } from "./procs.ts";

const BARE_FETCH = join(ROOT, "scripts", "bench", "bare-fetch.ts");

export interface FloorRun {
  reqPerS: number;
  cpuUsPerReq: number;
}

/**
 * 64 bare fetch loops against `url` for `seconds`: what Bun's fetch alone costs; with
 * `eventsDb`, fetch plus one events.db row per response; with `parse` as well, the least
 * reading of the body any client does (lib/least-client); with `ipc` too, the rows written by a
 * second process (lib/floor-ipc). CPU is the whole process's, the second process included.
 */
export async function bareFetch(
  url: string,
  bodyFile: string,
  seconds: number,
  eventsDb?: string,
  parse = false,
  ipc = false,
): Promise<FloorRun> {
  const modes = eventsDb ? [eventsDb, ...(parse ? ["parse", ...(ipc ? ["ipc"] : [])] : [])] : [];
  const args = [BUN, BARE_FETCH, `${url}/v1/chat/completions`, bodyFile, String(seconds), "64", ...modes];
  const proc = track(pinned(CLIENT_CPU, args), { stdout: "pipe" });
  const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout as ReadableStream).text()]);
  if (code !== 0) throw new Error(`bare-fetch.ts exited ${code}`);
  const result = JSON.parse(out) as { requests: number; seconds: number };
  return { reqPerS: result.requests / result.seconds, cpuUsPerReq: exitedCpuUs(proc) / result.requests };
}
