/**
 * @module server/read-json-body — a route's request body parsed as JSON, or the 400 its dialect
 * answers a body that is not JSON with.
 *
 * Every parsing route (chat/completions, SGLang's /generate, Responses, Messages, embeddings and
 * rerank) refuses such a body with `Invalid JSON body: <the parser's message>`; only the error's
 * shape is the dialect's (OpenAI's `{error: {…}}`, Anthropic's `{type: "error", error: {…}}`),
 * so the handler passes its responder. Fixed mode scans rather than parses (server/request-scan).
 */
import type { ErrorResponder } from "./handler-context.ts";

type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

/** The body as JSON, or `reject(400, "Invalid JSON body: …")`. */
export async function readJsonBody(request: Request, reject: ErrorResponder): Promise<JsonBody> {
  try {
    return { ok: true, body: JSON.parse(await request.text()) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, response: reject(400, `Invalid JSON body: ${reason}`) };
  }
}
