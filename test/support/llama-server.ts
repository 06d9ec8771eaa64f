/**
 * @module test/support/llama-server — llama.cpp's real server for end-to-end tests: found, started
 * on loopback pinned to one core, ready when its /health says so, stopped on every path.
 *
 * Found by `LLAMA_SERVER` (the binary) and `LLAMA_MODELS` (its models folder, with
 * `../tokenizer/tokenizer.json` beside it), else in `../shared/tools/llama-server/` next to the
 * clone. Tests skip with one line naming what is missing; with `CI=true` a missing engine fails.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { collectOutput, onServerCpu } from "../e2e/run-cli.ts";

export interface LlamaEngine {
  binary: string;
  models: string;
  tokenizer: string;
}

const SHARED = resolve(import.meta.dir, "..", "..", "..", "shared", "tools", "llama-server");

/** The engine, or the sentence saying what is missing. */
export function findLlamaEngine(env: NodeJS.ProcessEnv = process.env): LlamaEngine | { missing: string } {
  const binary = env.LLAMA_SERVER ?? join(SHARED, "llama-server");
  const models = env.LLAMA_MODELS ?? join(SHARED, "models");
  const tokenizer = join(models, "..", "tokenizer", "tokenizer.json");
  for (const [what, path] of [
    ["the llama-server binary (LLAMA_SERVER)", binary],
    ["its models folder (LLAMA_MODELS)", join(models, "tiny-64x2.gguf")],
    ["GPT-2's tokenizer.json beside the models", tokenizer],
  ] as const) {
    if (!existsSync(path)) return { missing: `${what} is not at ${path}` };
  }
  return { binary, models, tokenizer };
}

export interface LlamaServer {
  url: string;
  /** What the server printed so far (its log: one line per task, with its timings). */
  readonly log: string;
  stop(): Promise<void>;
}

interface StartOptions {
  model: "tiny-64x2.gguf" | "small-256x4.gguf" | "tiny-64x2-unguarded.gguf";
  slots: number;
  /** Context shared by all slots, tokens (per slot: context / slots). */
  context?: number;
  /** More of the server's flags, e.g. `--embeddings --pooling mean` for /v1/embeddings. */
  extraArgs?: readonly string[];
}

/** A free loopback port: the system's pick for a listener closed at once. */
function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/** Resolves once /health answers 200 (it answers 503 while the model loads); rejects if the server exits or 30 s pass. */
async function untilHealthy(url: string, proc: { exitCode: number | null }, printed: () => string): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`llama-server exited ${proc.exitCode}: ${printed().slice(-2000)}`);
    const status = await fetch(`${url}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (performance.now() > deadline)
      throw new Error(
        `llama-server never answered /health with 200 within 30 s; it printed: ${printed().slice(-2000)}`,
      );
    await Bun.sleep(25);
  }
}

/** Starts llama-server with `--metrics` and N slots on CPU 0 (taskset where the host has it). */
export async function startLlamaServer(engine: LlamaEngine, options: StartOptions): Promise<LlamaServer> {
  const port = freePort();
  const args = [
    engine.binary,
    "-m",
    join(engine.models, options.model),
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "-np",
    String(options.slots),
    "-c",
    String(options.context ?? 4096 * options.slots),
    "-t",
    "1",
    "--metrics",
    ...(options.extraArgs ?? []),
  ];
  const proc = Bun.spawn(onServerCpu(args), { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const out = collectOutput(proc.stdout);
  const err = collectOutput(proc.stderr);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill();
    await proc.exited;
  };
  try {
    await untilHealthy(url, proc, () => err.text);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    get log() {
      return out.text + err.text;
    },
    stop,
  };
}
