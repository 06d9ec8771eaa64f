/**
 * @module server/observations — what the server itself saw of each request, for checking a client's timing.
 *
 * Timestamps are `Bun.nanoseconds()` of the server process (they start at 0 per process), so only
 * differences between them mean anything; compare them with a client's differences, not values.
 */

export interface ServerObservation {
  /** When the handler started (before the body was read). */
  receivedNs: number;
  /** Just after the first content-bearing write was flushed; null without content or without streaming. */
  firstChunkNs: number | null;
  /** After the last write (streaming) or when the response was handed to the server (non-streaming). */
  doneNs: number;
  outputTokens: number;
  /** After each streamed write that carried tokens (chat, completions, Responses and Messages routes); absent otherwise. */
  contentWritesNs?: number[];
  /** Prompt tokens as the server counted them (its tokenizer, else words); 0 when not counted. */
  promptTokens?: number;
  streaming: boolean;
  /** Request path, e.g. "/v1/chat/completions". */
  path: string;
  /** Image, audio and video parts the request carried (server/request-media); absent when none. */
  media?: { image: number; audio: number; video: number };
  /** The model the response named (the request's, else `--model-name`); absent for faults. */
  model?: string;
  /**
   * The injected fault's label (e.g. "status:503", "refuse"); absent for a normal answer. For
   * the socket-level faults (refuse, reset-before-headers) the body is never parsed, so
   * `streaming` is false there.
   */
  fault?: string;
}

/** An in-memory list of observations; does nothing when disabled, so the hot path pays one branch. */
export class ObservationLog {
  readonly #entries: ServerObservation[] = [];

  constructor(readonly enabled: boolean) {}

  record(observation: ServerObservation): void {
    if (this.enabled) this.#entries.push(observation);
  }

  /** A copy, in completion order. */
  snapshot(): ServerObservation[] {
    return this.#entries.slice();
  }
}
