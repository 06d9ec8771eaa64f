/**
 * @module server/admitted-request — a request past admission (`--max-concurrent`, server/admission):
 * its place given back once, and what `/metrics` and the observations record of it when it is done.
 *
 * The routes that pace an answer share it: chat/completions, Responses, Messages, embeddings and
 * rerank. The place goes back when the answer is done or, sooner, when the client goes away: a
 * stream it stopped reading would hold it otherwise. `/metrics` counts as vLLM does, from the
 * request's arrival (server/server-metrics): a generating request once it produced a token, its
 * TTFT and end-to-end latency; a pooling one (embeddings, rerank), which generates nothing, once
 * answered.
 */
import type { MediaCounts } from "../dataset/media-parts.ts";
import type { ErrorResponder, HandlerContext } from "./handler-context.ts";
import { hasMedia } from "./request-media.ts";

/** The request as `/metrics` and its observation name it, known before it is admitted. */
interface Subject {
  /** `Bun.nanoseconds()` when the handler started, before the body was read. */
  receivedNs: number;
  promptTokens: number;
  path: string;
  model: string;
  /** False for embeddings and rerank: no token, so no TTFT, and counted whatever their output. */
  generates: boolean;
  /** The request's image, audio and video parts (server/request-media), counted on `/metrics` and in its observation. */
  media?: MediaCounts;
}

/** How the answer went, once its last byte is out. */
interface Done {
  /** The first content write's flush (streams); null for a whole body or a stream without content. */
  firstChunkNs: number | null;
  /** When `/metrics` takes the first token to exist; a stream's first content write unless given (a whole body's). */
  firstTokenNs?: number;
  doneNs: number;
  outputTokens: number;
  streaming: boolean;
  /** Each content write's flush (server/timed-stream `keepWriteTimes`); absent or null otherwise. */
  contentWritesNs?: number[] | null;
}

export interface AdmittedRequest {
  /** `Bun.nanoseconds()` at admission: token times count from here. */
  readonly startNs: number;
  /** True once the client went away or the server is stopping. */
  readonly cancelled: () => boolean;
  /** Gives the place back; only the first call counts. */
  readonly release: () => void;
  /** Gives the place back and records the request: `/metrics`, then its observation. */
  finish(done: Done): void;
}

/** Waits for a place; the dialect's 499 when the client went away first. */
export async function admitRequest(
  context: HandlerContext,
  request: Request,
  reject: ErrorResponder,
  subject: Subject,
): Promise<AdmittedRequest | Response> {
  if (!(await context.admission.admit(request.signal)))
    return reject(499, "client closed the request while it waited for admission");
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    context.admission.release();
  };
  request.signal.addEventListener("abort", release, { once: true });
  const { receivedNs, promptTokens, path, model, generates, media } = subject;
  return {
    startNs: Bun.nanoseconds(),
    cancelled: () => context.stopping() || request.signal.aborted,
    release,
    finish({ firstChunkNs, firstTokenNs, doneNs, outputTokens, streaming, contentWritesNs }) {
      release();
      // A counted stream wrote content, so its first write is there.
      if (generates && outputTokens > 0)
        context.metrics.firstToken(((firstTokenNs ?? firstChunkNs ?? doneNs) - receivedNs) / 1e9);
      if (!generates || outputTokens > 0)
        context.metrics.finished((doneNs - receivedNs) / 1e9, promptTokens, outputTokens);
      const withMedia = media && hasMedia(media) ? media : null;
      if (withMedia) context.metrics.mediaParts(withMedia);
      context.log.record({
        receivedNs,
        firstChunkNs,
        doneNs,
        outputTokens,
        ...(contentWritesNs ? { contentWritesNs } : {}),
        promptTokens,
        streaming,
        path,
        model,
        ...(withMedia ? { media: { ...withMedia } } : {}),
      });
    },
  };
}
