/**
 * @module cli/commands/serve — `inference-endpoint serve`: the built-in OpenAI-compatible mock server.
 *
 * Runs until Ctrl-C/SIGTERM. Prints one line with the URL on stdout once it listens, so scripts
 * can wait for it (`read url < <(inference-endpoint serve --port 0)`). With `--fault`, it prints
 * the injected faults per kind on stderr when it stops (`faults injected: {"status:503":12}`).
 */
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import { FAULT_KINDS, parseFaultSpec, type FaultSpec } from "../../server/fault-spec.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../../config/reject-positionals.ts";
import { readModelLatencies } from "../../server/model-latency.ts";

const flag = (
  name: string,
  path: string,
  kind: FlagSpec["kind"],
  description: string,
  defaultText: string,
  choices?: string[],
): FlagSpec => ({
  flag: name,
  aliases: [],
  path,
  kind,
  description,
  defaultText,
  commands: ["serve"],
  ...(choices ? { choices } : {}),
});

const SERVE_FLAGS: readonly FlagSpec[] = [
  flag("--host", "host", "string", "address to listen on", "127.0.0.1"),
  flag("--port", "port", "integer", "port to listen on; 0 picks a free one", "8000"),
  flag(
    "--mode",
    "mockMode",
    "enum",
    "echo: the prompt's words back; fixed: one pre-built response (fastest); model: TTFT/TPOT latency model",
    "echo",
    ["echo", "fixed", "model"],
  ),
  flag(
    "--model-name",
    "modelName",
    "string",
    "model id /v1/models reports, and responses when a request names none",
    "mock-model",
  ),
  flag(
    "--served-model-name",
    "servedModelNames",
    "list",
    "answer only this model name (repeat for several; others get vLLM's 404); /v1/models lists them",
    "any name",
  ),
  flag("--ttft-ms", "ttftMs", "number", "time to first token (echo, model)", "0"),
  flag("--tpot-ms", "tpotMs", "number", "time per output token after the first (echo, model)", "0"),
  flag("--output-tokens", "outputTokens", "integer", "output length in model mode (capped by max_tokens)", "32"),
  flag(
    "--model-latency",
    "modelLatency",
    "list",
    "NAME=ttft:50ms,tpot:5ms: this model's own mean TTFT/TPOT (repeatable; the name ends at its last '='); others get --ttft-ms/--tpot-ms",
    "none",
  ),
  flag("--ttft-spread-ms", "ttftSpreadMs", "number", "uniform ± spread of the TTFT per request", "0"),
  flag("--tpot-spread-ms", "tpotSpreadMs", "number", "uniform ± spread of the TPOT per request", "0"),
  flag("--output-tokens-spread", "outputTokensSpread", "integer", "uniform ± spread of the output length", "0"),
  flag("--tokens-per-chunk", "tokensPerChunk", "integer", "tokens packed into each SSE event after the first", "1"),
  flag("--fixed-tokens", "fixedTokens", "integer", "output length in fixed mode", "32"),
  flag(
    "--embedding-dim",
    "embeddingDim",
    "integer",
    "components of each /v1/embeddings vector (a request's dimensions wins)",
    "16",
  ),
  flag("--seed", "seed", "integer", "seed of the latency model's spreads", "1"),
  flag(
    "--answers",
    "answers",
    "string",
    "JSONL of {prompt, response}: canned answers for known prompts (accuracy tests)",
    "none",
  ),
  flag(
    "--tokenizer",
    "tokenizer",
    "string",
    "count usage.prompt_tokens with this tokenizer.json (dir, file or cached model id)",
    "words",
  ),
  flag(
    "--response-cache",
    "responseCache",
    "boolean",
    "answer a prompt seen before 10× faster, as an output-caching server would (MLPerf TEST04 catches it); POST /flush_cache forgets",
    "off",
  ),
  flag(
    "--tool-calls",
    "toolCalls",
    "boolean",
    "answer a chat or Messages request that has tools with a call to its first tool, its one argument the last message's words (agents get calls to grade)",
    "off",
  ),
  flag(
    "--reasoning-tokens",
    "reasoningTokens",
    "integer",
    "N reasoning tokens before every answer: chat's reasoning_content, a Responses reasoning item, " +
      "a Messages thinking block, completions' text in <think>…</think> (echo, model)",
    "0",
  ),
  flag(
    "--max-concurrent",
    "maxConcurrent",
    "integer",
    "serve at most N requests at once and queue the rest, so latency grows with load (echo, model); /metrics reports running and waiting",
    "no limit",
  ),
  {
    ...flag(
      "--fault",
      "faults",
      "list",
      `inject a fault into chat and completions requests, KIND[:ARG]; repeat for several (each faulty request picks one). Kinds: ${FAULT_KINDS.join(", ")}`,
      "none",
    ),
    commaSeparated: true,
  },
  flag("--fault-rate", "faultRate", "number", "share of completion requests that get a fault, 0..1", "1"),
  flag(
    "--fault-seed",
    "faultSeed",
    "integer",
    "seed of the fault draws (same seed and arrival order, same faults)",
    "1",
  ),
];

/** `--fault` texts as specs; every bad one is reported at once. */
function parseFaults(texts: readonly string[]): FaultSpec[] {
  const problems: string[] = [];
  const specs = texts.flatMap((text) => {
    try {
      return [parseFaultSpec(text)];
    } catch (error) {
      problems.push(`--fault ${text}: ${(error as Error).message}`);
      return [];
    }
  });
  if (problems.length > 0)
    throw new InputError(problems.join("\n"), { hint: "e.g. --fault status:503 --fault stall:30 --fault-rate 0.1" });
  return specs;
}

export const serveCommand: Command = {
  words: ["serve"],
  summary: "run the built-in OpenAI-compatible mock server (echo, fixed, latency model)",
  help: () =>
    `Usage: inference-endpoint serve [flags]\n\nServes /v1/chat/completions, /v1/completions, /v1/responses, ` +
    `/v1/messages (Anthropic), /v1/embeddings, /v1/rerank, /generate (SGLang), /v1/models and /health, streaming or ` +
    `not, and (echo, model) /metrics with vLLM's names.\n\nFlags:\n${renderFlagHelp(SERVE_FLAGS)}\nExamples:\n  inference-endpoint serve ` +
    `--port 8765 --mode model --ttft-ms 20 --tpot-ms 5 --output-tokens 50\n  ` +
    `inference-endpoint serve --port 8765 --fault status:503 --fault reset-mid-stream ` +
    `--fault-rate 0.1 --fault-seed 7\n`,
  async run(argv, io) {
    const parsed = parseFlags(argv, "serve", SERVE_FLAGS);
    rejectPositionals(parsed.positionals, "serve");
    // "mode" is a reserved command-level key of the flag parser, hence mockMode here.
    const { mockMode, faults, modelLatency, ...rest } = parsed.overrides;
    const faultSpecs = parseFaults((faults as string[] | undefined) ?? []);
    const { latencies, problems } = readModelLatencies((modelLatency as string[] | undefined) ?? []);
    if (problems.length > 0)
      throw new InputError(problems.join("\n"), { hint: "e.g. --model-latency llama-8b=ttft:50ms,tpot:5ms" });
    if (Object.keys(latencies).length > 0 && mockMode === "fixed")
      throw new InputError("--model-latency needs --mode echo or model: fixed mode answers at once, with no latency");
    if (faultSpecs.length === 0 && (rest.faultRate !== undefined || rest.faultSeed !== undefined)) {
      throw new InputError("--fault-rate and --fault-seed need at least one --fault KIND[:ARG]");
    }
    const { resolveMockServerOptions, startMockServer } = await import("../../server/index.ts");
    const options = resolveMockServerOptions({
      port: 8000,
      ...rest,
      faults: faultSpecs,
      modelLatency: latencies,
      ...(mockMode === undefined ? {} : { mode: mockMode }),
    });
    const server = await startMockServer(options);
    io.stdout(`${server.url}\n`);
    io.stderr(`mock server (${options.mode}) listening on ${server.url}; Ctrl-C to stop\n`);
    // Faults are written in chat's and completions' own bytes; the other dialects' routes answer clean, and say so.
    if (faultSpecs.length > 0)
      io.stderr(
        "note: faults are injected on /v1/chat/completions and /v1/completions only; " +
          "/v1/responses, /v1/messages, /v1/embeddings, /v1/rerank and /generate answer without them\n",
      );
    // SGLang's native route has no reasoning field (its reasoning parser serves the OpenAI routes), so it answers without.
    if (options.reasoningTokens > 0)
      io.stderr(
        "note: /generate answers without reasoning; chat, completions, /v1/responses and /v1/messages put it first\n",
      );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await server.stop();
    if (faultSpecs.length > 0) io.stderr(`faults injected: ${JSON.stringify(server.faultCounts())}\n`);
    return 0;
  },
};
