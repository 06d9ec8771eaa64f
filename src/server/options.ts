/** @module server/options — the mock server's settings: one zod schema with defaults, checked once at start-up. */
import { z } from "zod";
import { InputError } from "../errors.ts";
import { FaultSpecSchema } from "./fault-spec.ts";

/**
 * What the mock answers with:
 * - `echo`: the words of the prompt, one word per token;
 * - `fixed`: one pre-encoded response for every request (zero compute, for client throughput tests);
 * - `model`: `outputTokens` tokens paced by the TTFT/TPOT latency model.
 */
export const MockModeSchema = z.enum(["echo", "fixed", "model"]);
export type MockMode = z.infer<typeof MockModeSchema>;

const nonNegativeMs = z.number().finite().min(0);

export const MockServerOptionsSchema = z
  .object({
    host: z.string().min(1).default("127.0.0.1"),
    /** 0 picks a free port. */
    port: z.number().int().min(0).max(65_535).default(0),
    mode: MockModeSchema.default("echo"),
    modelName: z.string().min(1).default("mock-model"),
    /** The only model names answered, as vLLM's --served-model-name (others get vLLM's 404); empty = any name, echoed. */
    servedModelNames: z.array(z.string().min(1)).default([]),
    /** Mean time to first token (echo and model modes). */
    ttftMs: nonNegativeMs.default(0),
    /** Mean time between tokens (echo and model modes). */
    tpotMs: nonNegativeMs.default(0),
    /** Mean output length in model mode. */
    outputTokens: z.number().int().min(1).default(32),
    /** Mean TTFT and TPOT of each named model (server/model-latency); a model not named gets ttftMs and tpotMs. */
    modelLatency: z
      .record(z.string(), z.strictObject({ ttftMs: nonNegativeMs.optional(), tpotMs: nonNegativeMs.optional() }))
      .default({}),
    /** Half-width of the uniform spread around `ttftMs`, sampled once per request. */
    ttftSpreadMs: nonNegativeMs.default(0),
    /** Half-width of the uniform spread around `tpotMs`, sampled once per request. */
    tpotSpreadMs: nonNegativeMs.default(0),
    /** Half-width of the uniform spread around `outputTokens`. */
    outputTokensSpread: z.number().int().min(0).default(0),
    /** Tokens per SSE event after the first token (which always goes out alone, like vLLM's stream interval). */
    tokensPerChunk: z.number().int().min(1).default(1),
    /** Seed of the latency model's random generator. */
    seed: z.number().int().default(1),
    /** Components of each /v1/embeddings vector when the request names no `dimensions`. */
    embeddingDim: z.number().int().min(1).max(65_536).default(16),
    /** Output length of every response in fixed mode. */
    fixedTokens: z.number().int().min(1).default(32),
    /** JSONL of {prompt, response}: canned answers for known prompts (accuracy tests); null = none. */
    answers: z.string().min(1).nullable().default(null),
    /** tokenizer.json (dir, file or cached model id) to count prompt tokens with; null = count words. */
    tokenizer: z.string().min(1).nullable().default(null),
    /** Keep one ServerObservation per request in memory (tests and self-checks). */
    recordObservations: z.boolean().default(false),
    /** Answer a prompt seen before ten times faster, as a server that caches outputs would; POST /flush_cache or /reset_prefix_cache forgets them. */
    responseCache: z.boolean().default(false),
    /** Answer a chat request that carries `tools` with a call to its first tool (server/response-plan planToolCall). */
    toolCalls: z.boolean().default(false),
    /** Reasoning tokens before every answer, in each dialect's own form (server/reasoning-plan); 0 = none. */
    reasoningTokens: z.number().int().min(0).default(0),
    /** Serve at most this many requests at once (echo and model modes), queueing the rest (server/admission); null = no limit. */
    maxConcurrent: z.number().int().min(1).nullable().default(null),
    /** Faults to inject (server/fault-spec); each faulty request gets one of them, picked uniformly. */
    faults: z.array(FaultSpecSchema).default([]),
    /** Share of completion requests that get a fault (when `faults` is not empty). */
    faultRate: z.number().min(0).max(1).default(1),
    /** Seed of the fault draws: the same seed and arrival order give the same faults. */
    faultSeed: z.number().int().default(1),
  })
  .strict()
  .refine((o) => o.maxConcurrent === null || o.mode !== "fixed", {
    message: "maxConcurrent (--max-concurrent) needs --mode echo or model: fixed mode answers at once",
    path: ["maxConcurrent"],
  })
  .refine((o) => o.reasoningTokens === 0 || (o.mode !== "fixed" && !o.toolCalls), {
    message:
      "reasoningTokens (--reasoning-tokens) needs --mode echo or model and no --tool-calls: fixed mode's bodies are " +
      "pre-built, and a tool call's stream has no reasoning part",
    path: ["reasoningTokens"],
  })
  .refine((o) => Object.keys(o.modelLatency).length === 0 || o.mode !== "fixed", {
    message: "modelLatency (--model-latency) needs --mode echo or model: fixed mode answers at once",
    path: ["modelLatency"],
  });

export type MockServerOptions = z.infer<typeof MockServerOptionsSchema>;

/** Validates user options (unknown keys rejected) and fills defaults; throws InputError listing every problem. */
export function resolveMockServerOptions(input: unknown): MockServerOptions {
  const result = MockServerOptionsSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new InputError(`invalid mock server options:\n${z.prettifyError(result.error)}`, {
    hint: "see `inference-endpoint serve --help` for the accepted settings",
  });
}
