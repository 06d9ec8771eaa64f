/**
 * @module dataset/pooling-api — the API types that return no generated text (embeddings, rerank): their names
 * and routes. A request of theirs is answered in one JSON body, so they are never streamed, and their
 * metrics are latency, requests/s and inputs/s, with no TTFT, TPOT, ITL or output tokens (docs/metrics.md).
 */

export const POOLING_API_TYPES = ["openai_embeddings", "rerank"] as const;
export type PoolingApiType = (typeof POOLING_API_TYPES)[number];

/**
 * Where each posts: OpenAI's `/v1/embeddings`; `/v1/rerank`, which llama.cpp's server and vLLM both
 * serve (vLLM also answers `/rerank` and `/v2/rerank` with the same body: `/v1/rerank` reaches both).
 */
export const POOLING_ROUTES = {
  openai_embeddings: "/v1/embeddings",
  rerank: "/v1/rerank",
} as const satisfies Record<PoolingApiType, string>;

export type PoolingRoute = (typeof POOLING_ROUTES)[PoolingApiType];

export function isPoolingApi(apiType: string): apiType is PoolingApiType {
  return (POOLING_API_TYPES as readonly string[]).includes(apiType);
}
