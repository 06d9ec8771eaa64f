/**
 * @module config/api-key-headers — how the endpoint's API key (and the API's own version header) goes on the wire, per api_type.
 *
 * OpenAI-compatible servers take `Authorization: Bearer <key>`. Anthropic's Messages API takes
 * the key as `x-api-key` with an `anthropic-version` header, as `@anthropic-ai/sdk` sent them
 * before 1.0; but the engines that serve `/v1/messages` check the key differently: vLLM's and
 * SGLang's API-key middleware read `Authorization: Bearer` only (for every route), llama.cpp's
 * server either, and the SDK since 1.0 sends Bearer too. So for `anthropic_messages` the key
 * goes in both, and a server reads the one it knows. The version header comes before the
 * user's `--header`s, so one of those may replace it.
 */

/** The API version `@anthropic-ai/sdk` sent before 1.0 (the one vLLM, SGLang and llama.cpp document). */
const ANTHROPIC_VERSION = "2023-06-01";

/** Headers the API type itself needs, before the user's own: Anthropic's version. */
export function apiTypeHeaders(apiType: string): Record<string, string> {
  return apiType === "anthropic_messages" ? { "anthropic-version": ANTHROPIC_VERSION } : {};
}

/** The headers that carry `apiKey` for `apiType` (none when there is no key). */
export function apiKeyHeaders(apiType: string, apiKey: string | null | undefined): Record<string, string> {
  if (!apiKey) return {};
  const bearer = { authorization: `Bearer ${apiKey}` };
  return apiType === "anthropic_messages" ? { "x-api-key": apiKey, ...bearer } : bearer;
}

/** The header names the API key is sent in for `apiType`, lowercase. */
export function apiKeyHeaderNames(apiType: string): readonly string[] {
  return apiType === "anthropic_messages" ? ["x-api-key", "authorization"] : ["authorization"];
}
