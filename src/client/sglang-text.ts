/**
 * @module client/sglang-text — the text of an SGLang `/generate` stream, decided once per stream: the text so far in every event, or only the new part.
 *
 * By default SGLang repeats the whole text so far in every event; with
 * `--incremental-streaming-output` each event carries only its new text. Nothing in an event
 * names the mode, and one event cannot tell it: pieces "\n", "\n" look like a text so far that
 * did not grow, and "\n", "\n\n" like one that did. So the mode is decided once, from the first
 * event that proves it, and the events before that are held (a few short strings):
 *
 * - an event whose text does not start with the previous event's text proves the new-part mode
 *   (a text so far never loses what it had);
 * - an event whose text is longer than its tokens could be as new text (more than
 *   MAX_CHARS_PER_TOKEN characters per token it added, by meta_info's running
 *   completion_tokens) proves the text-so-far mode — such a text holds earlier tokens too.
 *
 * A stream that ends undecided (short, every event extending the last) is read as text so far,
 * SGLang's default. Until the decision each event's added characters are read as text so far;
 * they only weigh chunks when a stream has no token counts (tokens/chunk-tokens), and the first
 * event with text — TTFT — is the same in both modes.
 */

/** No tokenizer's single token is this long; a new part this long per token is a text so far. */
const MAX_CHARS_PER_TOKEN = 128;

type Mode = "undecided" | "text_so_far" | "new_part";

export class SglangText {
  private mode: Mode = "undecided";
  /** The previous event's text. */
  private previous = "";
  private previousTokens = 0;
  /** Event texts while undecided; then, in the new-part mode, the text so far. */
  private held: string[] = [];

  /** Takes one event's text and running completion-token count (null when absent); returns the characters it added. */
  next(text: string, completionTokens: number | null): number {
    const addedTokens = completionTokens === null ? 1 : Math.max(1, completionTokens - this.previousTokens);
    if (completionTokens !== null) this.previousTokens = completionTokens;
    if (this.mode === "undecided") this.decide(text, addedTokens);
    const previous = this.previous;
    this.previous = text;
    if (this.mode === "new_part") {
      this.held.push(text);
      return text.length;
    }
    return text.startsWith(previous) ? text.length - previous.length : text.length;
  }

  /** The response text, in the mode decided (text so far when undecided). */
  text(): string {
    return this.mode === "new_part" ? this.held.join("") : this.previous;
  }

  private decide(text: string, addedTokens: number): void {
    if (!text.startsWith(this.previous)) this.mode = "new_part";
    else if (text.length > MAX_CHARS_PER_TOKEN * addedTokens) this.mode = "text_so_far";
    if (this.mode === "text_so_far") this.held = [];
    else if (this.mode === "undecided") this.held.push(text);
  }
}
