/** @module server/openai-request — validates an OpenAI chat/completions request body and extracts what the mock needs. */
import { z } from "zod";

/** Which OpenAI API a request came in on. */
export type ApiKind = "chat" | "completions";

const TextPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
const MessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(TextPartSchema), z.null()]).optional(),
});
const tokenCount = z.number().int().min(1).nullish();

/** Fields both APIs share; everything else is accepted and ignored (`loose`). */
const commonFields = {
  model: z.string().optional(),
  stream: z.boolean().nullish(),
  max_tokens: tokenCount,
  max_completion_tokens: tokenCount,
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  ignore_eos: z.boolean().nullish(),
  min_tokens: z.number().int().min(0).nullish(),
};

const ChatRequestSchema = z.looseObject({ messages: z.array(MessageSchema).min(1), ...commonFields });
const CompletionRequestSchema = z.looseObject({
  prompt: z.union([
    z.string(),
    z.array(z.string()),
    z.array(z.number().int()),
    z.array(z.array(z.number().int())),
  ]),
  ...commonFields,
});

/** What the mock takes from a request. Words are the mock's tokens. */
export interface MockRequest {
  kind: ApiKind;
  stream: boolean;
  includeUsage: boolean;
  /** `max_completion_tokens` ?? `max_tokens`; null = no cap. */
  maxTokens: number | null;
  ignoreEos: boolean;
  minTokens: number;
  /** Words (or token ids) in the whole input. */
  promptTokens: number;
  /** The words echo mode answers with. */
  echoWords: string[];
  /** The last user message (chat) or the prompt string (completions), for canned answers. */
  promptText: string;
}

export type ParseResult = { ok: true; request: MockRequest } | { ok: false; message: string };

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

function chatInput(messages: z.infer<typeof MessageSchema>[], count: CountTokens): { promptTokens: number; echoWords: string[]; promptText: string } {
  const texts = messages.map((message) => messageText(message.content));
  const all = words(texts.join(" "));
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  const promptTokens = count ? texts.reduce((sum, text) => sum + count(text), 0) : all.length;
  const promptText = lastUser >= 0 ? (texts[lastUser] ?? "") : texts.join("\n");
  return { promptTokens, echoWords: lastUser >= 0 ? words(texts[lastUser] ?? "") : all, promptText };
}

function completionInput(prompt: z.infer<typeof CompletionRequestSchema>["prompt"], count: CountTokens): {
  promptTokens: number;
  echoWords: string[];
  promptText: string;
} {
  if (typeof prompt === "string") {
    const all = words(prompt);
    return { promptTokens: count ? count(prompt) : all.length, echoWords: all, promptText: prompt };
  }
  const parts: (string | number | number[])[] = prompt;
  const idCount = parts.reduce<number>(
    (sum, part) => sum + (typeof part === "number" ? 1 : Array.isArray(part) ? part.length : 0),
    0,
  );
  if (idCount > 0) return { promptTokens: idCount, echoWords: tokWords(idCount), promptText: "" };
  const all = words(parts.join(" "));
  return { promptTokens: all.length, echoWords: all, promptText: parts.join(" ") };
}

type CommonFields = z.infer<z.ZodObject<typeof commonFields>>;

function toMockRequest(kind: ApiKind, data: CommonFields, input: ReturnType<typeof chatInput>): MockRequest {
  return {
    kind,
    stream: data.stream === true,
    includeUsage: data.stream_options?.include_usage === true,
    maxTokens: data.max_completion_tokens ?? data.max_tokens ?? null,
    ignoreEos: data.ignore_eos === true,
    minTokens: data.min_tokens ?? 0,
    ...input,
  };
}

/** Checks a parsed JSON body against the API's schema; failures become a 400 message. */
export function parseMockRequest(kind: ApiKind, body: unknown, count: CountTokens = null): ParseResult {
  if (kind === "chat") {
    const result = ChatRequestSchema.safeParse(body);
    if (!result.success) return { ok: false, message: z.prettifyError(result.error) };
    return { ok: true, request: toMockRequest(kind, result.data, chatInput(result.data.messages, count)) };
  }
  const result = CompletionRequestSchema.safeParse(body);
  if (!result.success) return { ok: false, message: z.prettifyError(result.error) };
  return { ok: true, request: toMockRequest(kind, result.data, completionInput(result.data.prompt, count)) };
}
