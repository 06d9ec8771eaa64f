/**
 * @module import/read-vllm — `vllm bench serve --save-result --save-detailed`'s JSON: per request its
 * TTFT, its chunks' gaps (`itls`), its lengths and its error, and its own figures, as a SourceRun (one
 * per result of an `--append-result` file).
 *
 * The file keeps no instant of its own: no request's send time, no end past its last content chunk
 * (its E2EL ends at the usage event after it). So every request is laid from one start — exact for
 * `--request-rate inf` without `--max-concurrency`, where vLLM sends all at once — its first token at
 * its TTFT, each chunk after its gap, done at its last content chunk. Output lengths are its usage's
 * `completion_tokens` (its request functions ask for stream usage), else its tokenizer's count.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { InputError } from "../errors.ts";
import { checked } from "./read-source-file.ts";
import { errorKindOf } from "./source-records.ts";
import type { SourceLoad, SourceRequest, SourceRun } from "./source-run.ts";
import { evenShares } from "./token-shares.ts";
import { vllmFigures } from "./vllm-figures.ts";

const EXPECTED = "vllm bench serve's --save-result --save-detailed JSON (ttfts, itls, input_lens, output_lens, errors)";

const VllmResultSchema = z.looseObject({
  backend: z.string().optional(),
  model_id: z.string().optional(),
  request_rate: z.union([z.number(), z.string()]).optional(),
  burstiness: z.number().optional(),
  max_concurrency: z.number().nullable().optional(),
  duration: z.number(),
  completed: z.number().int(),
  failed: z.number().int().optional(),
  input_lens: z.array(z.number()),
  output_lens: z.array(z.number()),
  ttfts: z.array(z.number()),
  itls: z.array(z.array(z.number())),
  errors: z.array(z.string()),
});
export type VllmResult = z.infer<typeof VllmResultSchema>;

const sAsNs = (s: number) => Math.round(s * 1e9);

function requestOf(result: VllmResult, i: number): SourceRequest {
  const error = result.errors[i] ?? "";
  const gaps = result.itls[i] ?? [];
  const output = result.output_lens[i] ?? null;
  if (error !== "") {
    const status = Number(/\b([1-5]\d\d)\b/.exec(error)?.[1] ?? Number.NaN);
    return {
      ...{ scheduledNs: 0, sentNs: 0, headersNs: null, firstTokenNs: null, doneNs: 0 },
      ...{ errorKind: errorKindOf(Number.isFinite(status) ? status : null, error), errorMessage: error.slice(0, 500) },
      ...{
        httpStatus: Number.isFinite(status) ? status : 0,
        inputTokens: null,
        outputTokens: null,
        tokenSource: "none",
      },
      ...{ chunkGapsNs: null, chunkTokens: null, tokensAfterFirst: null, finishReason: null, worker: 0 },
    };
  }
  const firstTokenNs = sAsNs(result.ttfts[i] ?? 0);
  const chunkGapsNs = Float64Array.from(gaps, sAsNs);
  const shares = evenShares(output, gaps.length + 1);
  return {
    scheduledNs: 0,
    sentNs: 0,
    headersNs: null,
    firstTokenNs,
    doneNs: chunkGapsNs.reduce((t, g) => t + g, firstTokenNs),
    errorKind: null,
    errorMessage: null,
    httpStatus: 200,
    inputTokens: result.input_lens[i] ?? null,
    outputTokens: output,
    tokenSource: output === null ? "none" : "server_usage",
    chunkGapsNs,
    chunkTokens: shares.later,
    tokensAfterFirst: null,
    finishReason: null,
    worker: 0,
  };
}

function loadOf(result: VllmResult): SourceLoad {
  const rate = typeof result.request_rate === "number" ? result.request_rate : null;
  const concurrency = result.max_concurrency ?? null;
  if (rate !== null)
    return {
      type: (result.burstiness ?? 1) === 1 ? "poisson" : "gamma",
      target_qps: rate,
      target_concurrency: concurrency,
    };
  if (concurrency !== null) return { type: "concurrency", target_qps: null, target_concurrency: concurrency };
  return { type: "max_throughput", target_qps: null, target_concurrency: null };
}

function runOf(result: VllmResult, file: string, index: number, count: number): SourceRun {
  const n = result.ttfts.length;
  for (const key of ["itls", "input_lens", "output_lens", "errors"] as const)
    if (result[key].length !== n)
      throw new InputError(`${file}: ${key} holds ${result[key].length} entries and ttfts ${n}; expected ${EXPECTED}`);
  const requests = Array.from({ length: n }, (_, i) => requestOf(result, i));
  const burst = loadOf(result).type === "max_throughput";
  return {
    tool: "vllm",
    version: null,
    files: [basename(file)],
    label: count > 1 ? `result ${index + 1} of ${count}` : null,
    t0EpochMs: null,
    windowStartNs: 0,
    load: loadOf(result),
    streaming: requests.some((r) => r.firstTokenNs !== null),
    requests,
    figures: vllmFigures(result, requests),
    notes: [
      "vllm bench serve saves no send instant: every request is laid from one start" +
        (burst ? " (exact for its --request-rate inf burst)" : "; its duration, QPS and TPS are the source's to trust"),
      "its file keeps no instant after a request's last content chunk: our latency ends there, its E2EL at the usage event after it",
      "the file names no vLLM version",
    ],
  };
}

/** Each result of the file: one JSON object, or several on lines of their own (`--append-result`). */
export function readVllm(file: string): SourceRun[] {
  const text = readFileSync(file, "utf8");
  let objects: unknown[];
  try {
    objects = [JSON.parse(text)];
  } catch {
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    objects = lines.map((line, i) => {
      try {
        return JSON.parse(line);
      } catch {
        const where = lines.length > 1 ? ` line ${i + 1}` : "";
        throw new InputError(`${file}${where}: is not JSON (truncated?); expected ${EXPECTED}`);
      }
    });
  }
  if (objects.length === 0) throw new InputError(`${file}: is empty; expected ${EXPECTED}`);
  const results = objects.map((o, i) =>
    checked(VllmResultSchema, o, file, EXPECTED, objects.length > 1 ? ` result ${i + 1}` : ""),
  );
  return results.map((r, i) => runOf(r, file, i, results.length));
}
