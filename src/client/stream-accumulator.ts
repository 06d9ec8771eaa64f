/**
 * @module client/stream-accumulator — turns timestamped SSE events into a request's token timing.
 *
 * Each event arrives with the timestamp of the socket read that completed it (taken before any
 * decoding). The first event with non-empty content, reasoning or a tool call fixes TTFT; every
 * later such event adds one inter-chunk gap. Tokens per chunk come from vLLM-style continuous
 * usage (cumulative `usage.completion_tokens` on each chunk) when present; otherwise, when the
 * final usage says the server sent more tokens than chunks, the total is shared among the
 * chunks in proportion to their text length (see `apportionTokens`). Plain text chunks of a
 * shape already seen in this stream are read without JSON.parse (client/chunk-template), and
 * straight from the raw text when the splitter offers it (`takeWholeEvent`).
 */
import { ChunkTemplate } from "./chunk-template.ts";
import { parseJsonObject, readChoice, readErrorMessage, readUsage, type UsageCounts } from "./openai-response.ts";
import type { EventSink } from "./sse-splitter.ts";

export class StreamProtocolError extends Error {}

export interface StreamTiming {
  firstTokenNs: number | null;
  chunkCount: number;
  chunkGapsNs: Float64Array | null;
  chunkTokens: Uint16Array | null;
  usage: UsageCounts | null;
  finishReason: string | null;
  text: string | null;
}

export class StreamAccumulator implements EventSink {
  private firstTokenNs: number | null = null;
  private lastChunkNs = 0;
  private readonly gaps: number[] = [];
  private readonly chunkChars: number[] = [];
  private readonly cumulativeTokens: number[] = [];
  private continuousUsage = true;
  private usage: UsageCounts | null = null;
  private finishReason: string | null = null;
  private readonly textParts: string[] | null;
  private readonly template = new ChunkTemplate();
  done = false;
  /** Arrival of the read being split: the timestamp of the events it completes. */
  readNs = 0;

  constructor(keepText: boolean) {
    this.textParts = keepText ? [] : null;
  }

  /** A content-bearing event has arrived (a retry would repeat output). */
  get hasToken(): boolean {
    return this.firstTokenNs !== null;
  }

  event(data: string): void {
    this.accept(data, this.readNs);
  }

  takeWholeEvent(text: string, at: number): number {
    const { template } = this;
    const end = template.takeEventAt(text, at);
    if (end === -1) return -1;
    const chars = template.takenEnd - template.takenStart;
    if (chars > 0) {
      // Sliced only when kept: counting needs the length alone.
      if (this.textParts) this.textParts.push(text.slice(template.takenStart, template.takenEnd));
      this.count(chars, null, this.readNs);
    }
    return end;
  }

  /** Consumes one event's data payload that arrived at `arrivalNs`. */
  accept(data: string, arrivalNs: number): void {
    if (data === "[DONE]") {
      this.done = true;
      return;
    }
    const text = this.template.match(data);
    if (text !== null) {
      this.addPlainText(text, arrivalNs);
      return;
    }
    const event = parseJsonObject(data);
    if (!event) throw new StreamProtocolError(`event is not a JSON object: ${data.slice(0, 120)}`);
    const serverError = readErrorMessage(event);
    if (serverError !== null) throw new StreamProtocolError(`server error in stream: ${serverError.slice(0, 200)}`);
    const usage = readUsage(event);
    if (usage) this.usage = usage;
    const choice = readChoice(event, true);
    if (!choice) return;
    if (choice.finishReason) this.finishReason = choice.finishReason;
    this.template.learn(data, choice, usage !== null);
    this.addChunk(choice.content, choice.reasoning, choice.hasToolCall, usage, arrivalNs);
  }

  /** A plain text chunk of the learned shape: no usage, finish reason or tool call (client/chunk-template). */
  private addPlainText(text: string, arrivalNs: number): void {
    if (this.template.field === "content") this.addChunk(text, "", false, null, arrivalNs);
    else this.addChunk("", text, false, null, arrivalNs);
  }

  /** One chunk's text and timing; chunks with no text and no tool call do not count. */
  private addChunk(content: string, reasoning: string, hasToolCall: boolean, usage: UsageCounts | null, arrivalNs: number): void {
    const chars = content.length + reasoning.length;
    if (chars === 0 && !hasToolCall) return;
    if (this.textParts) this.textParts.push(reasoning, content);
    this.count(chars, usage?.completionTokens ?? null, arrivalNs);
  }

  /** Timing bookkeeping of one counted chunk of `chars` characters. */
  private count(chars: number, cumulativeTokens: number | null, arrivalNs: number): void {
    if (this.firstTokenNs === null) this.firstTokenNs = arrivalNs;
    else this.gaps.push(arrivalNs - this.lastChunkNs);
    this.lastChunkNs = arrivalNs;
    this.chunkChars.push(Math.max(chars, 1));
    if (cumulativeTokens !== null) this.cumulativeTokens.push(cumulativeTokens);
    else this.continuousUsage = false;
  }

  result(): StreamTiming {
    const chunkCount = this.chunkChars.length;
    return {
      firstTokenNs: this.firstTokenNs,
      chunkCount,
      chunkGapsNs: chunkCount > 0 ? Float64Array.from(this.gaps) : null,
      chunkTokens: this.tokensPerLaterChunk(),
      usage: this.usage,
      finishReason: this.finishReason,
      text: this.textParts ? this.textParts.join("") : null,
    };
  }

  /** Tokens carried by chunks 2..n, or null when every chunk carries exactly one. */
  private tokensPerLaterChunk(): Uint16Array | null {
    const n = this.chunkChars.length;
    if (n < 2) return null;
    let perChunk: number[];
    if (this.continuousUsage && this.cumulativeTokens.length === n) {
      perChunk = this.cumulativeTokens.map((total, i) => Math.max(1, total - (i === 0 ? 0 : (this.cumulativeTokens[i - 1] as number))));
    } else {
      const total = this.usage?.completionTokens ?? null;
      if (total === null || total <= n) return null;
      perChunk = apportionTokens(total, this.chunkChars);
    }
    const later = perChunk.slice(1);
    return later.every((k) => k === 1) ? null : Uint16Array.from(later, (k) => Math.min(k, 65535));
  }
}

/**
 * Shares `total` tokens among chunks in proportion to their weights (text length), each chunk
 * at least one token, using largest remainders so the shares sum to `total` exactly.
 */
export function apportionTokens(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (total <= n) return weights.map(() => 1);
  const spare = total - n;
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (spare * w) / weightSum);
  const shares = exact.map((x) => 1 + Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let j = 0; left > 0; j = (j + 1) % n, left--) shares[(byRemainder[j] as readonly [number, number])[1]]! += 1;
  return shares;
}
