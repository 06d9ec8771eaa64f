/**
 * @module client/sglang-response — SGLang's native `/generate` output, streamed or whole:
 * `{"text", "output_ids", "meta_info": {"finish_reason": null | {"type": …}, "prompt_tokens",
 * "completion_tokens", …}}`. In a stream every event repeats the whole text so far and the
 * running completion-token count; the stream ends with `[DONE]`. client/sglang-text turns the
 * events' texts into the response text, whichever way the server streams them.
 *
 * A request the scheduler aborts (input too long: status 400; queue full, timeout or out of
 * memory: 503 or 500) ends, in a stream, with an ordinary-looking event whose finish reason is
 * `{"type": "abort", "message", "status_code"}` and no output: SGLang's own OpenAI routes turn
 * exactly this into an error, and so do we (`abort`), classified by its status like an HTTP error.
 */
import { asCount, asObject, type ServerError, type UsageCounts } from "./openai-response.ts";
import { readSglangFigures, type ServerFigures } from "./server-figures.ts";

type Json = Record<string, unknown>;

export interface SglangOutput {
  /** The text so far (streamed) or all of it (whole). */
  text: string;
  finishReason: string | null;
  usage: UsageCounts;
  /** The scheduler aborted the request (finish reason type "abort"): the server's error; else null. */
  abort: ServerError | null;
  /** The server's own figures (client/server-figures), read from the finishing event only: the times arrive there. */
  figures: ServerFigures | null;
  /** meta_info's `id` (the request's id in SGLang's log), read from the finishing event only. */
  id: string | null;
}

/** The output an SGLang body or event carries, or null when it is not of that shape. */
export function readSglangOutput(body: Json): SglangOutput | null {
  const meta = asObject(body.meta_info);
  if (typeof body.text !== "string" || !meta) return null;
  const finish = meta.finish_reason;
  const finishType = asObject(finish)?.type;
  const finishReason = typeof finishType === "string" ? finishType : typeof finish === "string" ? finish : null;
  return {
    text: body.text,
    finishReason,
    usage: {
      promptTokens: asCount(meta.prompt_tokens),
      completionTokens: asCount(meta.completion_tokens),
      reasoningTokens: null,
    },
    abort: finishReason === "abort" ? abortError(asObject(finish)) : null,
    figures: finishReason === null ? null : readSglangFigures(meta),
    id: finishReason !== null && typeof meta.id === "string" && meta.id.length > 0 ? meta.id.slice(0, 200) : null,
  };
}

/** The error an abort finish reason carries: its message and status_code (absent for an abort without one, e.g. by /abort_request). */
function abortError(finish: Json | null): ServerError {
  const message =
    typeof finish?.message === "string" && finish.message !== "" ? finish.message : "the server aborted the request";
  const code = finish?.status_code;
  const status = typeof code === "number" && Number.isInteger(code) && code >= 400 && code <= 599 ? code : null;
  return { message, status, type: "abort" };
}
