/** @module test/report/html/synthetic-columns — big, deterministic PhaseColumns for report.html size and shape tests. */
import type { PhaseColumns } from "../../../src/metrics/phase-columns.ts";

const MS = 1e6;

/** A small linear congruential generator: the same numbers on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` streamed requests sent at `qps` from `startNs`; every `failEvery`-th fails with a
 * message carrying markup. Latencies spread over three decades so the charts use log axes.
 */
export function syntheticColumns(
  count: number,
  options: { qps?: number; startNs?: number; failEvery?: number; itlPerRequest?: number } = {},
): PhaseColumns {
  const { qps = 1000, startNs = 5e9, failEvery = 100, itlPerRequest = 2 } = options;
  const rand = lcg(7);
  const nan = () => new Float64Array(count).fill(Number.NaN);
  const cols: PhaseColumns = {
    count,
    scheduledNs: new Float64Array(count),
    sentNs: new Float64Array(count),
    responseHeadersNs: nan(),
    firstTokenNs: nan(),
    doneNs: new Float64Array(count),
    httpStatus: new Uint16Array(count),
    workerId: new Uint16Array(count),
    failed: new Uint8Array(count),
    errorKinds: new Array(count).fill(null),
    errorSamples: [],
    inputTokens: nan(),
    outputTokens: nan(),
    reasoningTokens: nan(),
    hiddenTokens: nan(),
    modelIndex: new Uint16Array(count),
    inputCount: nan(),
    images: nan(),
    audioNs: nan(),
    videos: nan(),
    requestBytes: nan(),
    streamNotes: new Uint16Array(count),
    tokenSources: new Array(count).fill("server_usage"),
    tokenizerOutputTokens: nan(),
    tokenizerTokensAfterFirst: nan(),
    tpotTokens: nan(),
    firstAnswerNs: nan(),
    reasoningChunks: nan(),
    tokenizerReasoningTokens: nan(),
    splitReasoningTokens: nan(),
    splitAnswerTokens: nan(),
    answerTpotTokens: nan(),
    chunkCount: new Uint32Array(count),
    itlNs: new Float64Array(count * itlPerRequest),
    finishReasons: new Array(count).fill("stop"),
  };
  for (let i = 0; i < count; i++) {
    const scheduled = startNs + (i / qps) * 1e9;
    const sent = scheduled + rand() * 0.5 * MS;
    const ttft = (1 + 1000 * rand() ** 4) * MS;
    cols.scheduledNs[i] = scheduled;
    cols.sentNs[i] = sent;
    if (failEvery > 0 && i % failEvery === failEvery - 1) {
      cols.failed[i] = 1;
      cols.errorKinds[i] = "http_5xx";
      cols.doneNs[i] = sent + rand() * 2 * MS;
      cols.httpStatus[i] = 500;
      if (cols.errorSamples.length < 3)
        cols.errorSamples.push({ kind: "http_5xx", message: `HTTP 500: <img src=x onerror=alert(${i})>` });
      continue;
    }
    const tokens = 8 + Math.floor(rand() * 120);
    cols.firstTokenNs[i] = sent + ttft;
    cols.doneNs[i] = sent + ttft + tokens * (0.5 + rand()) * MS;
    cols.httpStatus[i] = 200;
    cols.outputTokens[i] = tokens;
    cols.tpotTokens[i] = tokens - 1;
    cols.inputTokens[i] = 100;
  }
  for (let j = 0; j < cols.itlNs.length; j++) cols.itlNs[j] = (0.05 + 30 * rand() ** 3) * MS;
  return cols;
}
