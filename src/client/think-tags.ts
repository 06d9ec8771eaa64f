/**
 * @module client/think-tags — `--think-tags`: a response whose content opens with `<think>` reasons until `</think>`, then answers.
 *
 * A reasoning model served without a reasoning parser (DeepSeek-R1 or Qwen3 on vLLM or SGLang
 * without `--reasoning-parser`, or on /v1/completions, which no parser serves) writes its
 * reasoning into the content between `<think>` and `</think>`. With the flag on, each content
 * chunk is classified as it arrives: reasoning while inside the tags — the chunk that closes
 * them too, unless text other than whitespace follows the tag in it — and answer from the first
 * chunk with text after them. A content that does not open with `<think>` (leading whitespace
 * aside) is answer from its first chunk. Tags may be split across chunks: the open tag is held
 * until it is whole or ruled out, the close tag searched across the previous chunk's end. Off by
 * default: an answer that merely mentions `<think>` would otherwise be read as reasoning.
 */

const OPEN = "<think>";
const CLOSE = "</think>";
const NOT_SPACE = /\S/;

type State = "start" | "inside" | "closed" | "answer";

export class ThinkTags {
  private state: State = "start";
  /** Start: the content so far; inside: its last characters, where a close tag may have begun. */
  private pending = "";
  /** Characters of content fed so far. */
  private fed = 0;
  /** Where in the content the answer begins; null before it. */
  private answerAt: number | null = null;

  /** Characters of content before the answer (the reasoning, its tags and the whitespace after them); all of it while no answer came. */
  get reasoningChars(): number {
    return this.answerAt ?? this.fed;
  }

  /** Whether this content chunk is (or begins) the answer; false while it is reasoning. */
  isAnswer(text: string): boolean {
    if (this.state === "answer") return true;
    const start = this.fed;
    this.fed += text.length;
    const from = this.answerOffset(text);
    if (from < 0) return false;
    this.state = "answer";
    this.answerAt = start + from;
    return true;
  }

  /** Where in `text` the answer begins, or -1 when it is reasoning throughout. */
  private answerOffset(text: string): number {
    if (this.state === "inside") return this.closeOffset(text);
    if (this.state === "closed") return firstText(text, 0);
    // The opening is held until it is known to be `<think>` or not.
    const held = this.pending.length;
    this.pending += text;
    const trimmed = this.pending.trimStart();
    if (trimmed.length < OPEN.length && OPEN.startsWith(trimmed)) return -1;
    if (!trimmed.startsWith(OPEN)) return 0;
    const afterOpen = this.pending.length - trimmed.length + OPEN.length - held;
    this.pending = "";
    this.state = "inside";
    const rest = this.closeOffset(text.slice(afterOpen));
    return rest < 0 ? -1 : afterOpen + rest;
  }

  /** Inside the tags: the answer's offset past a close tag in `text` (which may have begun in the previous chunk), else -1. */
  private closeOffset(text: string): number {
    const seen = this.pending + text;
    const at = seen.indexOf(CLOSE);
    if (at < 0) {
      this.pending = seen.slice(-(CLOSE.length - 1));
      return -1;
    }
    const end = at + CLOSE.length - this.pending.length;
    this.pending = "";
    this.state = "closed";
    return firstText(text, end);
  }
}

/** The offset of the first character other than whitespace in `text` from `from`, else -1. */
function firstText(text: string, from: number): number {
  const k = text.slice(from).search(NOT_SPACE);
  return k < 0 ? -1 : from + k;
}
