/**
 * @module metrics/interactivity — tokens per second one user sees: 1000 ÷ TPOT p50 in ms.
 *
 * InferenceMAX's x-axis ("interactivity", tok/s/user) against throughput per GPU: the rate a single stream
 * delivers its tokens after the first, from the median TPOT as metrics/request-values defines it. Null without a
 * TPOT (no streamed request had a token after its first chunk). Pure.
 */

const NS_PER_S = 1e9;

/** Tokens/s per user from TPOT p50 in ns/token (1000 ÷ ms = 10⁹ ÷ ns); null without a positive TPOT. */
export function interactivity(tpotP50Ns: number | null | undefined): number | null {
  return typeof tpotP50Ns === "number" && tpotP50Ns > 0 && Number.isFinite(tpotP50Ns) ? NS_PER_S / tpotP50Ns : null;
}
