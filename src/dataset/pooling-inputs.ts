/**
 * @module dataset/pooling-inputs — what an embeddings or rerank body asks of the server: how many answers a full
 * response holds (vectors, or results: `top_n` of them) and how many inputs the server reads for it (texts, or
 * every document). The worker checks each answer against the first (client/pooling-response); the second is the
 * request's `input_count`, written after the run (record/events-db applyInputCounts).
 */
import { embeddingInputCount } from "./embeddings-body.ts";
import type { PoolingApiType } from "./pooling-api.ts";
import { rerankResultCount } from "./rerank-body.ts";

interface InputsAsked {
  answers: number;
  inputs: number;
}

/** The counts of `body`, one of our own embeddings or rerank bodies. */
export function inputsAsked(apiType: PoolingApiType, body: Record<string, unknown>): InputsAsked {
  if (apiType === "openai_embeddings") {
    const inputs = embeddingInputCount(body);
    return { answers: inputs, inputs };
  }
  const inputs = Array.isArray(body.documents) ? body.documents.length : 0;
  return { answers: rerankResultCount(body), inputs };
}

/** Inputs per dataset row of a workload's bodies (JSON texts), each parsed once on first use. */
export function inputCounter(apiType: PoolingApiType, bodies: readonly string[]): (row: number) => number {
  const known = new Map<number, number>();
  return (row) => {
    let count = known.get(row);
    if (count === undefined) {
      const body = bodies[row];
      count = body === undefined ? 0 : inputsAsked(apiType, JSON.parse(body) as Record<string, unknown>).inputs;
      known.set(row, count);
    }
    return count;
  };
}
