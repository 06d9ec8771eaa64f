/**
 * @module client/structured-output — a response kept as its parts (content, reasoning, merged tool calls), for scorers that grade tool calls.
 *
 * Kept only when a phase asks for it (the conversation runs' inline scorer): the record's
 * response text is then this JSON, `{content, reasoning_content, tool_calls}`. Streamed tool
 * calls arrive as deltas; as upstream's accumulator does, deltas with the same `index` are one
 * call: id, type and name take the latest value given, argument text is concatenated.
 */
import { asObject, type ChoicePart } from "./openai-response.ts";

/** Plain text (`true`), the parts as JSON (`"structured"`), or nothing (`false`). */
export type KeepText = boolean | "structured";

interface MergedCall {
  id?: string;
  type?: string;
  function: { name: string; arguments: string | Record<string, unknown> };
}

export class StructuredOutput {
  private content = "";
  private reasoning = "";
  private readonly calls = new Map<number, MergedCall>();

  add(choice: ChoicePart): void {
    this.content += choice.content;
    this.reasoning += choice.reasoning;
    choice.toolCalls?.forEach((raw, position) => this.addCall(raw, position));
  }

  /** Text from a chunk read without parsing it (client/chunk-template), in its field. */
  addText(field: "content" | "reasoning", text: string): void {
    if (field === "content") this.content += text;
    else this.reasoning += text;
  }

  private addCall(raw: unknown, position: number): void {
    const delta = asObject(raw);
    if (!delta) return;
    const index = typeof delta.index === "number" ? delta.index : position;
    const call = this.calls.get(index) ?? { function: { name: "", arguments: "" } };
    if (typeof delta.id === "string") call.id = delta.id;
    if (typeof delta.type === "string") call.type = delta.type;
    const fn = asObject(delta.function);
    if (fn) {
      if (typeof fn.name === "string" && fn.name !== "") call.function.name = fn.name;
      const args = fn.arguments;
      if (typeof args === "string")
        call.function.arguments = typeof call.function.arguments === "string" ? call.function.arguments + args : args;
      else if (asObject(args)) call.function.arguments = args as Record<string, unknown>;
    }
    this.calls.set(index, call);
  }

  json(): string {
    const toolCalls = [...this.calls.entries()].sort((a, b) => a[0] - b[0]).map(([, call]) => call);
    return JSON.stringify({ content: this.content, reasoning_content: this.reasoning, tool_calls: toolCalls });
  }
}

/** A response kept structured, read back; null when the text is not one. */
export function parseStructuredOutput(
  text: string | null,
): { content: string; reasoningContent: string; toolCalls: MergedCall[] } | null {
  if (text === null) return null;
  try {
    const value = asObject(JSON.parse(text));
    if (!value) return null;
    return {
      content: typeof value.content === "string" ? value.content : "",
      reasoningContent: typeof value.reasoning_content === "string" ? value.reasoning_content : "",
      toolCalls: Array.isArray(value.tool_calls) ? (value.tool_calls as MergedCall[]) : [],
    };
  } catch {
    // Not structured (plain text kept by another phase): nothing to read.
    return null;
  }
}
