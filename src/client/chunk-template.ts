/**
 * @module client/chunk-template — reads the common streamed chunk without JSON.parse: exactly, or not at all.
 *
 * Within one stream, servers send the same JSON around a different piece of text each time:
 * vLLM, SGLang and TensorRT-LLM repeat id, created, model, index, logprobs and finish_reason
 * byte for byte, and only `delta.content` (or `delta.reasoning_content`) changes. Parsing every
 * event of a stream with JSON.parse is the largest per-response cost in a worker. So after the
 * slow path has parsed a plain text chunk, its text is cut out of the
 * raw event, leaving a prefix (up to the string's opening quote) and a suffix (from its closing
 * quote). A later event that is prefix + T + suffix, with T free of quotes, backslashes and
 * control characters, is exactly that chunk with text T: such a T is one JSON string token
 * whatever its letters, so the rest parses the same. Before a shape is trusted, a probe (the
 * prefix and suffix around other letters) is parsed and must give that text in that field and
 * nothing else — no usage, finish reason, tool call or error, the other text field empty — which
 * rules out a slot that is not the delta's text (a duplicate key, say). Anything else (escapes,
 * the final chunk, usage chunks, a server that changes other fields) takes the slow path, which
 * may learn again, up to MAX_LEARNS times per stream. `takeEventAt` finds the same shape in the
 * raw SSE text, as the single line `data: prefix T suffix` and a blank line, so the common
 * event is read without being cut into lines first: T is everything up to the next quote, and
 * is accepted only when the suffix follows that quote and T passes the same test.
 */
import { parseJsonObject, readChoice, readErrorMessage, readUsage, type ChoicePart } from "./openai-response.ts";

type TextField = "content" | "reasoning";

/** Characters a JSON string token cannot hold unescaped (and the escape character itself). */
const NOT_PLAIN = /["\\\u0000-\u001f]/;
/** The same, searched from `lastIndex` in the raw text, so the text need not be sliced out to be checked. */
const NEXT_NOT_PLAIN = new RegExp(NOT_PLAIN.source, "g");
const QUOTE = 34;
const PROBE = "probe text";
/** How a one-line event starts and ends in the raw text (the splitter also takes `data:` without the space, and CRLF: the slow path covers those). */
const RAW_FIELD = "data: ";
const RAW_END = "\n\n";
const LINE_BREAK = /[\r\n]/;
const MAX_LEARNS = 4;

/** Which text field a parsed chunk carries when it is plain text only, else null. */
function plainTextField(choice: ChoicePart, hasUsage: boolean, hasError: boolean): TextField | null {
  if (hasUsage || hasError || choice.hasToolCall || choice.finishReason !== null) return null;
  if (choice.content.length > 0 && choice.reasoning.length === 0) return "content";
  if (choice.reasoning.length > 0 && choice.content.length === 0) return "reasoning";
  return null;
}

export class ChunkTemplate {
  private prefix = "";
  private suffix = "";
  private slot: TextField | null = null;
  private learnsLeft = MAX_LEARNS;
  /** The learned shape as raw text; null when it spans lines (a multi-line `data:` event). */
  private rawPrefix: string | null = null;
  private rawSuffix = "";
  /** Where the text of the event `takeEventAt` last took starts and ends in the raw text. */
  takenStart = 0;
  takenEnd = 0;

  /** The field the learned shape carries; null until one is learned. */
  get field(): TextField | null {
    return this.slot;
  }

  /** The text of `data` when it has the learned shape; null when it must be parsed. */
  match(data: string): string | null {
    if (!this.hasShape(data)) return null;
    const text = data.slice(this.prefix.length, data.length - this.suffix.length);
    return NOT_PLAIN.test(text) ? null : text;
  }

  /**
   * When `raw` holds at `at` one whole event of the learned shape (`data: ` + prefix + T +
   * suffix + blank line, T plain), marks T's place (`takenStart`, `takenEnd`) and returns the
   * index past the event; else -1. The first character after the prefix that a plain T cannot
   * hold must be the suffix's opening quote: anything else (an escape, a control character)
   * means T is not plain, or not where the shape says.
   */
  takeEventAt(raw: string, at: number): number {
    if (this.rawPrefix === null || !raw.startsWith(this.rawPrefix, at)) return -1;
    const textStart = at + this.rawPrefix.length;
    NEXT_NOT_PLAIN.lastIndex = textStart;
    if (!NEXT_NOT_PLAIN.test(raw)) return -1;
    const quote = NEXT_NOT_PLAIN.lastIndex - 1;
    if (raw.charCodeAt(quote) !== QUOTE || !raw.startsWith(this.rawSuffix, quote)) return -1;
    this.takenStart = textStart;
    this.takenEnd = quote;
    return quote + this.rawSuffix.length;
  }

  private hasShape(data: string): boolean {
    const { prefix, suffix } = this;
    return (
      this.slot !== null &&
      data.length >= prefix.length + suffix.length &&
      data.startsWith(prefix) &&
      data.endsWith(suffix)
    );
  }

  /** Learns the shape of `data` — an event the slow path parsed into `choice`, with no error in it — when it is a plain text chunk. */
  learn(data: string, choice: ChoicePart, hasUsage: boolean): void {
    if (this.learnsLeft === 0 || this.hasShape(data)) return; // the known shape, with text that needed escapes
    const field = plainTextField(choice, hasUsage, false);
    if (field === null) return;
    this.learnsLeft--;
    const token = JSON.stringify(field === "content" ? choice.content : choice.reasoning);
    const at = data.indexOf(token);
    if (at < 0 || data.lastIndexOf(token) !== at) return; // not found as we would encode it, or ambiguous
    const prefix = data.slice(0, at + 1);
    const suffix = data.slice(at + token.length - 1);
    if (!probeReads(prefix + PROBE + suffix, field)) return;
    this.prefix = prefix;
    this.suffix = suffix;
    const oneLine = !LINE_BREAK.test(prefix) && !LINE_BREAK.test(suffix);
    this.rawPrefix = oneLine ? RAW_FIELD + prefix : null;
    this.rawSuffix = suffix + RAW_END;
    this.slot = field;
  }
}

/** The probe parses to a plain chunk carrying exactly PROBE in `field`. */
function probeReads(probe: string, field: TextField): boolean {
  const event = parseJsonObject(probe);
  const choice = event ? readChoice(event, true) : null;
  if (!event || !choice) return false;
  if (plainTextField(choice, readUsage(event) !== null, readErrorMessage(event) !== null) !== field) return false;
  return (field === "content" ? choice.content : choice.reasoning) === PROBE;
}
