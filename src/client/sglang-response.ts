/**
 * @module client/sglang-response — SGLang's native `/generate` output, streamed or whole:
 * `{"text", "output_ids", "meta_info": {"finish_reason": null | {"type": …}, "prompt_tokens",
 * "completion_tokens", …}}`. In a stream every event repeats the whole text so far and the
 * running completion-token count (its `output_ids` are the new ids only); the stream ends with
 * `[DONE]`. `SglangText` turns the repeated text into each event's new part.
 */
import { asCount, asObject, type UsageCounts } from "./openai-response.ts";

type Json = Record<string, unknown>;

export interface SglangOutput {
  /** The text so far (streamed) or all of it (whole). */
  text: string;
  finishReason: string | null;
  usage: UsageCounts;
}

/** The output an SGLang body or event carries, or null when it is not of that shape. */
export function readSglangOutput(body: Json): SglangOutput | null {
  const meta = asObject(body.meta_info);
  if (typeof body.text !== "string" || !meta) return null;
  const finish = meta.finish_reason;
  const finishType = asObject(finish)?.type;
  return {
    text: body.text,
    finishReason: typeof finishType === "string" ? finishType : typeof finish === "string" ? finish : null,
    usage: { promptTokens: asCount(meta.prompt_tokens), completionTokens: asCount(meta.completion_tokens), reasoningTokens: null },
  };
}

/**
 * The new text of each streamed event. SGLang repeats the text so far; started with
 * `--incremental-streaming-output` it sends only the new part, which shows as an event that does
 * not extend the text so far (taken as new text whole).
 */
export class SglangText {
  private sofar = "";
  private incremental = false;

  next(text: string): string {
    if (!this.incremental && text.startsWith(this.sofar)) {
      const added = text.slice(this.sofar.length);
      this.sofar = text;
      return added;
    }
    this.incremental = true;
    this.sofar += text;
    return text;
  }
}
