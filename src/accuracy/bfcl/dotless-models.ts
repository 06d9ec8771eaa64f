/**
 * @module accuracy/bfcl/dotless-models — the models bfcl-eval registers as unable to use `.` in a
 * function name (its `underscore_to_dot` flag), whose calls the checker expects with `_` instead:
 * OpenAI's tool names must match `^[a-zA-Z0-9_-]{1,64}$`, and Mistral, Google and others copy that.
 *
 * bfcl-eval looks the model up after turning `_` into `/` in its name (its file-name escaping), so
 * `meetkai_functionary-small-v3.1-FC` finds `meetkai/functionary-small-v3.1-FC`. A model missing
 * from its registry makes bfcl-eval raise KeyError on the first dotted function; here such a model
 * simply keeps dots. Being "-FC" is not the rule: Llama and Qwen FC models keep dots, Nova does not.
 */

const DOTLESS = new Set([
  "DeepSeek-V3.2-Exp-FC",
  "gpt-5.2-2025-12-11-FC",
  "gpt-5-mini-2025-08-07-FC",
  "gpt-5-nano-2025-08-07-FC",
  "gpt-4.1-2025-04-14-FC",
  "gpt-4.1-mini-2025-04-14-FC",
  "gpt-4.1-nano-2025-04-14-FC",
  "gpt-4o-2024-11-20-FC",
  "gpt-4o-mini-2024-07-18-FC",
  "o3-2025-04-16-FC",
  "o4-mini-2025-04-16-FC",
  "claude-opus-4-5-20251101-FC",
  "claude-sonnet-4-5-20250929-FC",
  "claude-haiku-4-5-20251001-FC",
  "nova-pro-v1.0",
  "nova-2-lite-v1.0",
  "nova-micro-v1.0",
  "open-mistral-nemo-2407-FC",
  "mistral-large-2411-FC",
  "mistral-small-2506-FC",
  "mistral-medium-2505-FC",
  "gemini-2.5-flash-lite-FC",
  "gemini-2.5-flash-FC",
  "gemini-3-pro-preview-FC",
  "gemini-3.1-flash-lite-preview-FC",
  "meetkai/functionary-small-v3.1-FC",
  "meetkai/functionary-medium-v3.1-FC",
  "command-r7b-12-2024-FC",
  "command-a-03-2025-FC",
  "command-a-reasoning-08-2025-FC",
  "grok-4-0709-FC",
  "grok-4-1-fast-reasoning-FC",
  "grok-4-1-fast-non-reasoning-FC",
  "qwen3-0.6b-FC",
  "qwen3-1.7b-FC",
  "qwen3-4b-FC",
  "qwen3-8b-FC",
  "qwen3-14b-FC",
  "qwen3-32b-FC",
  "qwen3-30b-a3b-instruct-2507-FC",
  "qwq-32b-FC",
  "glm-4.6-FC",
  "glm-4.5-FC",
  "glm-4.5-air-FC",
  "kimi-k2-0905-preview-FC",
  "Nanbeige3.5-Pro-Thinking-FC",
  "ibm-granite/granite-20b-functioncalling",
  "THUDM/glm-4-9b-chat",
  "openbmb/MiniCPM3-4B-FC",
  "openbmb/MiniCPM-SALA-FC",
  "meta-llama/llama-4-maverick-17b-128e-instruct-fp8-FC-novita",
  "meta-llama/llama-4-scout-17b-16e-instruct-FC-novita",
  "qwen/qwq-32b-FC-novita",
  "qwen3-4b-think-FC",
  "qwen3-4b-nothink-FC",
]);

/** The name the checker expects a model's call to use for a declared function. */
export function expectedCallName(functionName: string, modelName: string): string {
  return functionName.includes(".") && DOTLESS.has(modelName.replaceAll("_", "/"))
    ? functionName.replaceAll(".", "_")
    : functionName;
}
