/**
 * @module client/stream-accumulator — turns timestamped SSE events into a request's token timing.
 *
 * Each event arrives with the timestamp of the socket read that completed it (taken before any
 * decoding). The first event with non-empty content, reasoning or a tool call fixes TTFT; every
 * later choice event — one with no text too (an empty delta, a finish chunk) — adds one inter-chunk
 * gap, and tokens/chunk-tokens decides at the end which of them carried tokens (a chunk with no
 * text is a token when usage counts it; else its time goes to the next chunk with text). Events
 * with no text before the first token are counted apart, the role chunk excepted. The response ends
 * at `[DONE]`, or, for a dialect without it, at the last finish or usage event (`endNs`); events
 * after `[DONE]` are ignored and noted. An error object in an event (or any event named `error`) is
 * the server's error: it stops the stream as a StreamServerError. Tokens per chunk: see
 * tokens/chunk-tokens — reasoning tokens that usage counts but the stream never carried (hidden
 * reasoning) are kept out of the shared total, since no chunk carried them. Plain text chunks of a
 * shape already seen in this stream are read without JSON.parse (client/chunk-template), and
 * straight from the raw text when the splitter offers it (`takeWholeEvent`). SGLang's native
 * `/generate` events (client/sglang-response) carry the text so far (or, by a server option, the
 * new text: client/sglang-text) and a running token count: each event is a chunk, and the count is
 * continuous usage; an event whose finish reason is an abort is the server's error. Typed
 * dialects: client/responses-events, client/anthropic-events.
 */
import { mergeFigures, readServerFigures, responseIdOf, type ServerFigures } from "./server-figures.ts";
import { StructuredOutput, type KeepText } from "./structured-output.ts";
import { noteBit } from "../record/stream-notes.ts";
import { tokenChunks } from "../tokens/chunk-tokens.ts";
import { ChunkTemplate } from "./chunk-template.ts";
import {
  parseJsonObject,
  readChoice,
  readErrorEvent,
  readServerError,
  readUsage,
  type ChoicePart,
  type ServerError,
  type UsageCounts,
} from "./openai-response.ts";
import { isResponsesEvent, readResponsesEvent, type ResponsesEvent } from "./responses-events.ts";
import { readSglangOutput, type SglangOutput } from "./sglang-response.ts";
import { readAnthropicEvent, type AnthropicStep } from "./anthropic-events.ts";
import { SglangText } from "./sglang-text.ts";
import type { EventSink } from "./sse-splitter.ts";
import type { StreamTiming } from "./stream-timing.ts";

export class StreamProtocolError extends Error {}

/** The server reported an error inside a response it had started with status 200. */
export class StreamServerError extends Error {
  constructor(readonly serverError: ServerError) {
    super(serverError.message);
  }
}

const CONTENT_AFTER_DONE = noteBit("content_after_done");
const HIDDEN_REASONING = noteBit("hidden_reasoning");

export class StreamAccumulator implements EventSink {
  private firstTokenNs: number | null = null;
  private lastChunkNs = 0;
  /** Per chunk after the first token, text or not: the gap before it. */
  private readonly gaps: number[] = [];
  /** Per chunk from the first token on: its characters, 0 for a chunk with no text. */
  private readonly chunkChars: number[] = [];
  private readonly cumulativeTokens: number[] = [];
  private continuousUsage = true;
  /** Events with no text and no role before the first token: tokens of their own (vLLM's half of a character). */
  private tokensBeforeFirst = 0;
  private reasoningChars = 0;
  private usage: UsageCounts | null = null;
  private serverFigures: ServerFigures | null = null;
  private responseId: string | null = null;
  private finishReason: string | null = null;
  private notes = 0;
  private readonly textParts: string[] | null;
  private readonly structured: StructuredOutput | null;
  private readonly template = new ChunkTemplate();
  private sglangText: SglangText | null = null;
  /** `[DONE]` has arrived: the response is complete. */
  done = false;
  /** Arrival of `[DONE]`, else of the last finish or usage event so far; null before either. */
  endNs: number | null = null;
  /** Arrival of the read being split: the timestamp of the events it completes. */
  readNs = 0;

  constructor(keepText: KeepText) {
    this.textParts = keepText === true ? [] : null;
    this.structured = keepText === "structured" ? new StructuredOutput() : null;
  }

  /** A content-bearing event has arrived (a retry would repeat output). */
  get hasToken(): boolean {
    return this.firstTokenNs !== null;
  }

  event(data: string, name?: string): void {
    this.accept(data, this.readNs, name === "error");
  }

  takeWholeEvent(text: string, at: number): number {
    if (this.done) return -1;
    const { template } = this;
    const end = template.takeEventAt(text, at);
    if (end === -1) return -1;
    const chars = template.takenEnd - template.takenStart;
    if (chars > 0) {
      // Sliced only when kept: counting needs the length alone.
      if (this.textParts) this.textParts.push(text.slice(template.takenStart, template.takenEnd));
      else if (this.structured && template.field)
        this.structured.addText(template.field, text.slice(template.takenStart, template.takenEnd));
      this.count(chars, null, this.readNs);
    } else this.countEmpty(null, false, this.readNs);
    return end;
  }

  /** Consumes one event's data payload that arrived at `arrivalNs`; `errorEvent`: it was named `error`. */
  accept(data: string, arrivalNs: number, errorEvent = false): void {
    if (this.done) {
      // A proxy, or vLLM's /v1/messages, may add `[DONE]` after a typed end event: no content.
      if (data !== "[DONE]") this.notes |= CONTENT_AFTER_DONE;
      return;
    }
    if (data === "[DONE]") {
      this.done = true;
      this.endNs = arrivalNs;
      return;
    }
    const text = errorEvent ? null : this.template.match(data);
    if (text !== null) {
      this.addPlainText(text, arrivalNs);
      return;
    }
    const event = parseJsonObject(data);
    if (event && isResponsesEvent(event)) return this.acceptResponses(readResponsesEvent(event), arrivalNs);
    if (errorEvent)
      throw new StreamServerError(
        event ? readErrorEvent(event) : { message: data.slice(0, 300), status: null, type: null },
      );
    if (!event) throw new StreamProtocolError(`event is not a JSON object: ${data.slice(0, 120)}`);
    const serverError = readServerError(event);
    if (serverError !== null) throw new StreamServerError(serverError);
    const anthropic = readAnthropicEvent(event, this.usage);
    if (anthropic) return this.acceptAnthropic(anthropic, arrivalNs);
    const native = readSglangOutput(event);
    if (native) {
      this.acceptSglang(native, arrivalNs);
      return;
    }
    this.responseId ??= responseIdOf(event);
    const usage = readUsage(event);
    if (usage) {
      this.usage = usage;
      this.endNs = arrivalNs;
    }
    // llama.cpp's timings, vLLM's metrics (last event) and Dynamo's nvext.timing (finish chunk): events the fast path never takes.
    if (usage || "timings" in event || "nvext" in event)
      this.serverFigures = mergeFigures(this.serverFigures, readServerFigures(event));
    const choice = readChoice(event, true);
    if (!choice) return;
    if (choice.finishReason) {
      this.finishReason = choice.finishReason;
      this.endNs = arrivalNs;
    }
    this.template.learn(data, choice, usage !== null);
    this.addPart(choice, usage, arrivalNs);
  }

  /** One choice's (or Messages delta's) reasoning, content and tool-call text: a chunk. */
  private addPart(part: ChoicePart, usage: UsageCounts | null, arrivalNs: number): void {
    this.reasoningChars += part.reasoning.length;
    this.structured?.add(part);
    this.addChunk(part.reasoning + part.content + part.toolText, part.hasToolCall, usage, arrivalNs, part.hasRole);
  }

  /** One SGLang event: its new text is a chunk; its running completion-token count is usage. */
  private acceptSglang(output: SglangOutput, arrivalNs: number): void {
    if (output.abort) throw new StreamServerError(output.abort);
    this.sglangText ??= new SglangText();
    this.usage = output.usage;
    this.endNs = arrivalNs;
    if (output.finishReason) this.finishReason = output.finishReason;
    this.serverFigures = output.figures ?? this.serverFigures;
    this.responseId ??= output.id;
    const tokens = output.usage.completionTokens;
    const chars = this.sglangText.next(output.text, tokens);
    if (chars === 0) this.countEmpty(tokens, false, arrivalNs);
    else this.count(chars, tokens, arrivalNs);
  }

  /** One Responses API event (client/responses-events): a delta is a chunk; the completion event ends the response, as `[DONE]` does. */
  private acceptResponses(event: ResponsesEvent, arrivalNs: number): void {
    if (event.error) throw new StreamServerError(event.error);
    this.responseId ??= event.responseId;
    if (event.end) {
      this.usage = event.usage;
      this.finishReason = event.finishReason;
      this.serverFigures = event.figures ?? this.serverFigures;
      if (event.toolCalls) this.structured?.add(event.toolCalls);
      this.done = true;
      this.endNs = arrivalNs;
    } else if (event.delta !== null) {
      if (event.reasoning) this.reasoningChars += event.delta.length;
      if (this.structured && !event.toolCall)
        this.structured.addText(event.reasoning ? "reasoning" : "content", event.delta);
      this.addChunk(event.delta, event.toolCall, null, arrivalNs);
    }
  }

  /** One Messages event (client/anthropic-events): a delta is a chunk; message_delta and message_stop end it. */
  private acceptAnthropic(step: AnthropicStep, arrivalNs: number): void {
    this.responseId ??= step.id;
    this.usage = step.usage ?? this.usage;
    this.finishReason = step.stopReason ?? this.finishReason;
    if (step.end) this.endNs = arrivalNs;
    this.done = step.stop;
    if (step.part) this.addPart(step.part, null, arrivalNs);
  }

  /** A plain text chunk of the learned shape: no usage, finish reason or tool call (client/chunk-template). */
  private addPlainText(text: string, arrivalNs: number): void {
    if (this.template.field === "reasoning") this.reasoningChars += text.length;
    if (this.structured && this.template.field) this.structured.addText(this.template.field, text);
    this.addChunk(text, false, null, arrivalNs);
  }

  /** One chunk's text and timing; a chunk with no text and no tool call is timed apart (countEmpty). */
  private addChunk(
    text: string,
    hasToolCall: boolean,
    usage: UsageCounts | null,
    arrivalNs: number,
    hasRole = false,
  ): void {
    if (text.length === 0 && !hasToolCall) return this.countEmpty(usage?.completionTokens ?? null, hasRole, arrivalNs);
    if (this.textParts) this.textParts.push(text);
    this.count(text.length, usage?.completionTokens ?? null, arrivalNs);
  }

  /**
   * A choice event with no text: before the first token it is counted (a token of its own) unless
   * it is the role chunk, and never fixes TTFT; after it, it is a chunk of 0 characters. Without
   * usage of its own it keeps the running count, so a bare finish chunk does not end continuous usage.
   */
  private countEmpty(cumulativeTokens: number | null, hasRole: boolean, arrivalNs: number): void {
    if (this.firstTokenNs === null) {
      if (!hasRole) this.tokensBeforeFirst++;
      return;
    }
    this.gaps.push(arrivalNs - this.lastChunkNs);
    this.lastChunkNs = arrivalNs;
    this.chunkChars.push(0);
    this.cumulativeTokens.push(cumulativeTokens ?? this.cumulativeTokens.at(-1) ?? 0);
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
    const reasoning = this.usage?.reasoningTokens ?? 0;
    const hiddenTokens = reasoning > 0 && this.reasoningChars === 0 ? reasoning : null;
    const total = this.usage?.completionTokens ?? null;
    const chunks = tokenChunks(
      {
        gapsNs: this.gaps,
        chars: this.chunkChars,
        cumulative: this.continuousUsage ? this.cumulativeTokens : null,
        tokensBeforeFirst: this.tokensBeforeFirst,
      },
      total === null ? null : total - (hiddenTokens ?? 0),
    );
    const chunkCount = chunks.chars.length;
    return {
      firstTokenNs: this.firstTokenNs,
      chunkCount,
      chunkGapsNs: chunkCount > 0 ? Float64Array.from(chunks.gapsNs) : null,
      chunkTokens: chunks.laterTokens,
      usage: this.usage,
      finishReason: this.finishReason,
      text: this.structured
        ? this.structured.json()
        : this.textParts
          ? (this.sglangText?.text() ?? this.textParts.join(""))
          : null,
      endNs: this.endNs,
      hiddenTokens,
      notes: this.notes | (hiddenTokens === null ? 0 : HIDDEN_REASONING),
      chunkChars: this.textParts && total === null && chunkCount > 1 ? Uint32Array.from(chunks.chars) : null,
      // SGLang's /generate repeats the text so far in every event: its parts are not chunks.
      firstChunkChars: this.textParts && !this.sglangText ? (this.textParts[0]?.length ?? null) : null,
      serverFigures: this.serverFigures,
      responseId: this.responseId,
    };
  }
}
