/** @module server/openai-request — validates an OpenAI chat/completions request body and extracts what the mock needs. */
import { z } from "zod";
import type { MediaCounts } from "../dataset/media-parts.ts";
import { readRequestMedia } from "./request-media.ts";

/** Which OpenAI API a request came in on. */
export type ApiKind = "chat" | "completions";

const TextPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const MessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(TextPartSchema), z.null()]).optional(),
});
const tokenCount = z.number().int().min(1).nullish();
const MAX_CHOICES = 128;

/** Fields both APIs share; everything else is accepted and ignored (`loose`). */
const commonFields = {
  model: z.string().optional(),
  stream: z.boolean().nullish(),
  max_tokens: tokenCount,
  max_completion_tokens: tokenCount,
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  ignore_eos: z.boolean().nullish(),
  min_tokens: z.number().int().min(0).nullish(),
  /** Choices per prompt; capped so that one request cannot make the mock build a huge answer. */
  n: z.number().int().min(1).max(MAX_CHOICES).nullish(),
};

const ToolSchema = z.looseObject({
  function: z.looseObject({ name: z.string().min(1), parameters: z.looseObject({}).nullish() }).nullish(),
});
const ChatRequestSchema = z.looseObject({
  messages: z.array(MessageSchema).min(1),
  tools: z.array(ToolSchema).nullish(),
  ...commonFields,
});
const CompletionRequestSchema = z.looseObject({
  prompt: z.union([z.string(), z.array(z.string()), z.array(z.number().int()), z.array(z.array(z.number().int()))]),
  ...commonFields,
});

/** One prompt to answer: a chat conversation, or one element of a completions prompt array. */
export interface PromptInput {
  /** Words (or token ids) in this prompt. */
  promptTokens: number;
  /** The words echo mode answers with. */
  echoWords: string[];
  /** The last user message (chat) or the prompt string (completions), for canned answers. */
  promptText: string;
  /** Chat: the words of the last message, whatever its role (a tool call's arguments under `--tool-calls`). */
  lastWords?: string[];
}

/** The function a `--tool-calls` answer calls: the request's first tool, and the argument it fills. */
export interface ToolTarget {
  name: string;
  /** The first required parameter, else the first one, else `input`. */
  argument: string;
}

/** What the mock takes from a request. Words are the mock's tokens. */
export interface MockRequest {
  kind: ApiKind;
  /** The model the request names; null when it names none. */
  model: string | null;
  stream: boolean;
  includeUsage: boolean;
  /** `max_completion_tokens` ?? `max_tokens`; null = no cap. */
  maxTokens: number | null;
  ignoreEos: boolean;
  minTokens: number;
  /** Choices per prompt (`n`). */
  n: number;
  /** The prompts: one for chat; one per element of a completions prompt array. */
  inputs: PromptInput[];
  /** Words (or token ids) in all prompts together: usage.prompt_tokens. */
  promptTokens: number;
  /** Chat requests with `tools`: the first one; null otherwise. */
  tool?: ToolTarget | null;
  /** Image, audio and video parts of the messages (server/request-media); absent for completions and SGLang. */
  media?: MediaCounts;
}

type ParseResult = { ok: true; request: MockRequest } | { ok: false; message: string };

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

function messageText(content: z.infer<typeof MessageSchema>["content"]): string {
  if (typeof content === "string") return content;
  if (!content) return "";
  return content.map((part) => part.text ?? "").join(" ");
}

/** Token-id prompts have no words; echo answers with one "tok" per id. */
function tokWords(count: number): string[] {
  return Array.from({ length: count }, () => "tok");
}

type CountTokens = ((text: string) => number) | null;

function chatInput(messages: z.infer<typeof MessageSchema>[], count: CountTokens): PromptInput {
  const texts = messages.map((message) => messageText(message.content));
  const all = words(texts.join(" "));
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  const promptTokens = count ? texts.reduce((sum, text) => sum + count(text), 0) : all.length;
  const promptText = lastUser >= 0 ? (texts[lastUser] ?? "") : texts.join("\n");
  return {
    promptTokens,
    echoWords: lastUser >= 0 ? words(texts[lastUser] ?? "") : all,
    promptText,
    lastWords: words(texts.at(-1) ?? ""),
  };
}

function toolTarget(tools: z.infer<typeof ToolSchema>[] | null | undefined): ToolTarget | null {
  const fn = tools?.find((tool) => tool.function)?.function;
  if (!fn) return null;
  const parameters = (fn.parameters ?? {}) as { required?: unknown; properties?: unknown };
  const required =
    Array.isArray(parameters.required) && typeof parameters.required[0] === "string" ? parameters.required[0] : null;
  const first =
    parameters.properties && typeof parameters.properties === "object"
      ? Object.keys(parameters.properties)[0]
      : undefined;
  return { name: fn.name, argument: required ?? first ?? "input" };
}

function textInput(prompt: string, count: CountTokens): PromptInput {
  const all = words(prompt);
  return { promptTokens: count ? count(prompt) : all.length, echoWords: all, promptText: prompt, lastWords: all };
}

function idsInput(ids: readonly number[]): PromptInput {
  return { promptTokens: ids.length, echoWords: tokWords(ids.length), promptText: "", lastWords: [] };
}

/** A string, a list of token ids, a list of strings or a list of id lists: one input per prompt, as the OpenAI API batches them. */
function completionInputs(
  prompt: z.infer<typeof CompletionRequestSchema>["prompt"],
  count: CountTokens,
): PromptInput[] {
  if (typeof prompt === "string") return [textInput(prompt, count)];
  const parts: (string | number | number[])[] = prompt;
  if (parts.length === 0) return [textInput("", count)];
  if (parts.every((part) => typeof part === "number")) return [idsInput(parts as number[])];
  return parts.map((part) => (typeof part === "string" ? textInput(part, count) : idsInput(part as number[])));
}

type CommonFields = z.infer<z.ZodObject<typeof commonFields>>;

function toMockRequest(kind: ApiKind, data: CommonFields, inputs: PromptInput[]): MockRequest {
  return {
    kind,
    model: data.model ?? null,
    stream: data.stream === true,
    includeUsage: data.stream_options?.include_usage === true,
    maxTokens: data.max_completion_tokens ?? data.max_tokens ?? null,
    ignoreEos: data.ignore_eos === true,
    minTokens: data.min_tokens ?? 0,
    n: data.n ?? 1,
    inputs,
    promptTokens: inputs.reduce((sum, input) => sum + input.promptTokens, 0),
    tool: null,
  };
}

/** zod's issues as one line: `messages: Invalid input: expected array, received string; n: …`. */
function oneLine(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`)
    .join("; ");
}

/** Checks a parsed JSON body against the API's schema; failures become a one-line 400 message. */
export function parseMockRequest(kind: ApiKind, body: unknown, count: CountTokens = null): ParseResult {
  if (kind === "chat") {
    const result = ChatRequestSchema.safeParse(body);
    if (!result.success) return { ok: false, message: oneLine(result.error) };
    const media = readRequestMedia(result.data.messages);
    if (!media.ok) return { ok: false, message: media.message };
    return {
      ok: true,
      request: {
        ...toMockRequest(kind, result.data, [chatInput(result.data.messages, count)]),
        tool: toolTarget(result.data.tools),
        media: media.counts,
      },
    };
  }
  const result = CompletionRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, message: oneLine(result.error) };
  return { ok: true, request: toMockRequest(kind, result.data, completionInputs(result.data.prompt, count)) };
}
