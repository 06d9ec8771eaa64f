/**
 * @module test/support/anthropic-bytes — the bytes of Anthropic Messages streams and bodies, built by hand for quirk scenarios.
 *
 * Shapes follow Anthropic's "Streaming Messages" and what llama.cpp's server writes on
 * `/v1/messages` (captured with curl): every event is `event: <type>` then `data: <json>`, the
 * opening events (`message_start`, `content_block_start`) go out with the first delta, and the
 * closing ones (`content_block_stop`, `message_delta`, `message_stop`) with the last.
 */
import { chunked, LAST_CHUNK, sseHead } from "./quirk-bytes.ts";
import type { Step } from "./quirk-server.ts";

type Json = Record<string, unknown>;

/** One named event with the chosen line ending. */
export function anthropicEvent(data: Json, lineEnd = "\n"): string {
  return `event: ${String(data.type)}${lineEnd}data: ${JSON.stringify(data)}${lineEnd}${lineEnd}`;
}

export const messageStart = (inputTokens = 7): Json => ({
  type: "message_start",
  message: {
    id: "msg_quirk",
    type: "message",
    role: "assistant",
    content: [],
    model: "m",
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: 0 },
  },
});
export const blockStart = (index: number, block: Json = { type: "text", text: "" }): Json => ({
  type: "content_block_start",
  index,
  content_block: block,
});
export const textDelta = (text: string, index = 0): Json => ({
  type: "content_block_delta",
  index,
  delta: { type: "text_delta", text },
});
export const blockDelta = (index: number, delta: Json): Json => ({ type: "content_block_delta", index, delta });
export const blockStop = (index = 0): Json => ({ type: "content_block_stop", index });
export const messageDelta = (outputTokens: number, stopReason = "max_tokens"): Json => ({
  type: "message_delta",
  delta: { stop_reason: stopReason, stop_sequence: null },
  usage: { output_tokens: outputTokens },
});
export const MESSAGE_STOP: Json = { type: "message_stop" };
export const PING: Json = { type: "ping" };
export const overloaded = (message = "Overloaded"): Json => ({
  type: "error",
  error: { type: "overloaded_error", message },
});

interface MessageStream {
  /** Text of each delta, in order. */
  pieces: string[];
  gapMs: number;
  ttftMs?: number;
  lineEnd?: string;
  /** A ping written on its own between deltas. */
  pings?: boolean;
  /** Each event written in two reads, cut inside its data line. */
  split?: boolean;
}

/** A chunked Messages stream: head, opening with the first delta, one write per delta `gapMs` apart, closing with the last. */
export function messageSteps(s: MessageStream): Step[] {
  const end = s.lineEnd ?? "\n";
  const steps: Step[] = [sseHead()];
  const write = (text: string) => {
    if (!s.split) return steps.push(chunked(text));
    const cut = text.indexOf("data: ") + 12;
    steps.push(chunked(text.slice(0, cut)), { waitMs: 1 }, chunked(text.slice(cut)));
  };
  if (s.ttftMs) steps.push({ waitMs: s.ttftMs });
  s.pieces.forEach((piece, i) => {
    if (i > 0) {
      if (s.pings) steps.push({ waitMs: s.gapMs / 2 }, chunked(anthropicEvent(PING, end)), { waitMs: s.gapMs / 2 });
      else steps.push({ waitMs: s.gapMs });
    }
    let text = anthropicEvent(textDelta(piece), end);
    if (i === 0) text = anthropicEvent(messageStart(), end) + anthropicEvent(blockStart(0), end) + text;
    if (i === s.pieces.length - 1)
      text +=
        anthropicEvent(blockStop(), end) +
        anthropicEvent(messageDelta(s.pieces.length), end) +
        anthropicEvent(MESSAGE_STOP, end);
    write(text);
  });
  steps.push(LAST_CHUNK);
  return steps;
}

/** A whole `type: "message"` body. */
export function messageBody(content: Json[], outputTokens: number, stopReason = "end_turn"): Json {
  return {
    id: "msg_quirk",
    type: "message",
    role: "assistant",
    model: "m",
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 7, output_tokens: outputTokens },
  };
}
