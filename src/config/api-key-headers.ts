/**
 * @module config/api-key-headers — how the endpoint's API key (and the API's own version header) goes on the wire, per api_type.
 *
 * OpenAI-compatible servers take `Authorization: Bearer <key>`. Anthropic's Messages API takes
 * the key as `x-api-key` with an `anthropic-version` header, as the official `@anthropic-ai/sdk`
 * sends them (vLLM's and SGLang's `/v1/messages` accept either; a gateway in front of them may
 * not). The version header comes before the user's `--header`s, so one of those may replace it.
 */

/** The API version the Anthropic SDK sends. */
const ANTHROPIC_VERSION = "2023-06-01";

/** Headers the API type itself needs, before the user's own: Anthropic's version. */
export function apiTypeHeaders(apiType: string): Record<string, string> {
  return apiType === "anthropic_messages" ? { "anthropic-version": ANTHROPIC_VERSION } : {};
}

/** The header that carries `apiKey` for `apiType` (none when there is no key). */
export function apiKeyHeaders(apiType: string, apiKey: string | null | undefined): Record<string, string> {
  if (!apiKey) return {};
  return apiType === "anthropic_messages" ? { "x-api-key": apiKey } : { authorization: `Bearer ${apiKey}` };
}

/** The header name the API key is sent in for `apiType`. */
export function apiKeyHeaderName(apiType: string): string {
  return apiType === "anthropic_messages" ? "x-api-key" : "authorization";
}
