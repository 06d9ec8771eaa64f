/** @module test/server/sse-test-client — posts to the mock and reads its SSE events with client-side arrival times. */
import { expect } from "bun:test";

/** One parsed SSE event: its JSON payload (or "[DONE]") and when its bytes arrived (ms after the request was sent). */
export interface ReceivedEvent {
  data: "[DONE]" | Record<string, unknown>;
  arrivedMs: number;
}

interface StreamResult {
  status: number;
  contentType: string | null;
  events: ReceivedEvent[];
}

export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Parses every `data: …\n\n` event; fails the test on anything that is not valid SSE + JSON. */
function parseEvents(text: string, arrivedMs: number): ReceivedEvent[] {
  expect(text.endsWith("\n\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\n\n")
    .map((block) => {
      expect(block.startsWith("data: ")).toBe(true);
      const payload = block.slice("data: ".length);
      const data = payload === "[DONE]" ? "[DONE]" : (JSON.parse(payload) as Record<string, unknown>);
      return { data, arrivedMs };
    });
}

/** Sends a streaming request and reads the body as it arrives, stamping each read. */
export async function streamRequest(url: string, body: unknown): Promise<StreamResult> {
  const sentMs = performance.now();
  const response = await postJson(url, body);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("response has no body");
  const decoder = new TextDecoder();
  const events: ReceivedEvent[] = [];
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const arrivedMs = performance.now() - sentMs;
    pending += decoder.decode(value, { stream: true });
    const cut = pending.lastIndexOf("\n\n");
    if (cut < 0) continue;
    events.push(...parseEvents(pending.slice(0, cut + 2), arrivedMs));
    pending = pending.slice(cut + 2);
  }
  expect(pending).toBe("");
  return { status: response.status, contentType: response.headers.get("content-type"), events };
}

/** The content text of a chat or completions chunk ("" for role, finish and usage chunks). */
export function chunkText(data: ReceivedEvent["data"]): string {
  if (data === "[DONE]") return "";
  const choices = data.choices as { delta?: { content?: string }; text?: string }[];
  const choice = choices[0];
  return choice?.delta?.content ?? choice?.text ?? "";
}

/** The finish_reason of a chunk, if any. */
export function finishReason(data: ReceivedEvent["data"]): string | null {
  if (data === "[DONE]") return null;
  const choices = data.choices as { finish_reason?: string | null }[];
  return choices[0]?.finish_reason ?? null;
}
