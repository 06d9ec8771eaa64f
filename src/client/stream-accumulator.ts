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
import { ChunkTimeline } from "./chunk-timeline.ts";
import { ThinkTags } from "./think-tags.ts";

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
  private readonly timeline = new ChunkTimeline();
  private reasoningChars = 0;
  /** Kept text before the first answer chunk (the reasoning), for the tokenizer to count apart; -1 before that chunk. */
  private keptCharsBeforeAnswer = -1;
  private keptChars = 0;
  /** `--think-tags`: content between `<think>` and `</think>` is reasoning (client/think-tags); null = off. */
  private readonly thinkTags: ThinkTags | null;
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

  constructor(keepText: KeepText, thinkTags = false) {
    this.textParts = keepText === true ? [] : null;
    this.structured = keepText === "structured" ? new StructuredOutput() : null;
    this.thinkTags = thinkTags ? new ThinkTags() : null;
  }

  /** A content-bearing event has arrived (a retry would repeat output). */
  get hasToken(): boolean {
    return this.timeline.firstTokenNs !== null;
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
      // Sliced only when kept, or read for think tags: counting needs the length alone.
      const content = template.field === "content";
      const taken = this.textParts || this.structured || (this.thinkTags && content);
      const piece = taken ? text.slice(template.takenStart, template.takenEnd) : "";
      if (this.textParts) this.textParts.push(piece);
      else if (this.structured && template.field) this.structured.addText(template.field, piece);
      if (!content) this.reasoningChars += chars;
      this.count(chars, null, this.readNs, content && this.isAnswer(piece));
    } else this.timeline.empty(null, false, this.readNs);
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

  /** One choice's (or Messages delta's) reasoning, content and tool-call text: a chunk, the answer's when it has content or a call. */
  private addPart(part: ChoicePart, usage: UsageCounts | null, arrivalNs: number): void {
    this.reasoningChars += part.reasoning.length;
    this.structured?.add(part);
    const answer = part.hasToolCall || (part.content.length > 0 && this.isAnswer(part.content));
    const text = part.reasoning + part.content + part.toolText;
    this.addChunk(text, part.hasToolCall, usage, arrivalNs, answer, part.hasRole);
  }

  /** Whether content text is the answer: always, but inside `<think>` tags under `--think-tags`. */
  private isAnswer(content: string): boolean {
    return this.thinkTags === null || this.thinkTags.isAnswer(content);
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
    // /generate has no reasoning field, and its text may be the text so far: every chunk is the answer's.
    if (chars === 0) this.timeline.empty(tokens, false, arrivalNs);
    else this.count(chars, tokens, arrivalNs, true);
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
      this.addChunk(event.delta, event.toolCall, null, arrivalNs, !event.reasoning && this.isAnswer(event.delta));
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
    const content = this.template.field === "content";
    if (!content) this.reasoningChars += text.length;
    if (this.structured && this.template.field) this.structured.addText(this.template.field, text);
    this.addChunk(text, false, null, arrivalNs, content && this.isAnswer(text));
  }

  /** One chunk's text and timing; a chunk with no text and no tool call is timed apart (ChunkTimeline.empty). */
  private addChunk(
    text: string,
    hasToolCall: boolean,
    usage: UsageCounts | null,
    arrivalNs: number,
    answer: boolean,
    hasRole = false,
  ): void {
    const cumulative = usage?.completionTokens ?? null;
    if (text.length === 0 && !hasToolCall) return this.timeline.empty(cumulative, hasRole, arrivalNs);
    if (this.textParts) this.textParts.push(text);
    this.count(text.length, cumulative, arrivalNs, answer);
  }

  /** One counted chunk of `chars` characters: its timing, and the kept text before the answer. */
  private count(chars: number, cumulativeTokens: number | null, arrivalNs: number, answer: boolean): void {
    if (answer && this.keptCharsBeforeAnswer < 0) this.keptCharsBeforeAnswer = this.keptChars;
    this.keptChars += chars;
    this.timeline.chunk(chars, cumulativeTokens, arrivalNs, answer);
  }

  result(): StreamTiming {
    const reasoning = this.usage?.reasoningTokens ?? 0;
    // Reasoning that usage counts but no chunk carried (in a field or, under --think-tags, in tags) was hidden.
    const streamedReasoning = this.reasoningChars + (this.thinkTags?.reasoningChars ?? 0);
    const hiddenTokens = reasoning > 0 && streamedReasoning === 0 ? reasoning : null;
    const total = this.usage?.completionTokens ?? null;
    const chunks = this.timeline.result(total === null ? null : total - (hiddenTokens ?? 0));
    const { chunkCount, reasoningChunks } = chunks;
    return {
      firstTokenNs: chunks.firstTokenNs,
      firstAnswerNs: chunks.firstAnswerNs,
      reasoningChunks,
      // With think tags the answer may begin inside its first chunk: the tags' own count of what came before it.
      reasoningTextChars:
        this.textParts === null || reasoningChunks === null
          ? null
          : (this.thinkTags?.reasoningChars ??
            (this.keptCharsBeforeAnswer < 0 ? this.keptChars : this.keptCharsBeforeAnswer)),
      chunkCount,
      chunkGapsNs: chunks.chunkGapsNs,
      chunkTokens: chunks.chunkTokens,
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
