/**
 * @module cli/commands/probe — `inference-endpoint probe`: is this endpoint alive, and how fast?
 *
 * Sends N small non-streaming requests one after another (in this process, no workers) and
 * prints each answer and the latency as it comes. Each request is cut at `--timeout` seconds
 * (10), so a server that accepts and never answers costs N × 10 s, not minutes. Succeeds when
 * at least half of them succeed.
 */
import { isPoolingApi } from "../../dataset/pooling-api.ts";
import { inputsAsked } from "../../dataset/pooling-inputs.ts";
import { checkEndpointsReachable } from "../../client/check-reachable.ts";
import { BYTES_PER_MB } from "../../client/body-limit.ts";
import { sendRequest } from "../../client/send-request.ts";
import { createRunClock, hostMonotonicNs } from "../../clock/mono-clock.ts";
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { checkBaseUrl } from "../../config/rules/endpoints.ts";
import { apiKeyHeaderNames, apiKeyHeaders, apiTypeHeaders } from "../../config/api-key-headers.ts";
import { buildRequestBody, joinEndpointUrl, routeFor, type ApiType } from "../../dataset/request-body.ts";
import { ExecutionError, InputError } from "../../errors.ts";
import { latencyNsOf } from "../../metrics/request-values.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../../config/reject-positionals.ts";
import { readHeaders, wireHeaders } from "../../config/http-headers.ts";

const PROBE: FlagSpec["commands"] = ["probe"];
const spec = (
  flag: string,
  aliases: string[],
  path: string,
  kind: FlagSpec["kind"],
  description: string,
  defaultText?: string,
  extra: Partial<FlagSpec> = {},
): FlagSpec => ({
  flag,
  aliases,
  path,
  kind,
  description,
  commands: PROBE,
  ...(defaultText !== undefined ? { defaultText } : {}),
  ...extra,
});

const PROBE_FLAGS: readonly FlagSpec[] = [
  spec(
    "--endpoints",
    ["--endpoint-config.endpoints"],
    "endpoints",
    "list",
    "server base URL(s), e.g. http://localhost:8000",
    undefined,
    { commaSeparated: true },
  ),
  spec("--model", ["--model-params.name"], "model", "string", "model name sent in the requests"),
  spec(
    "--api-type",
    [],
    "api_type",
    "enum",
    "openai (chat), openai_completions, sglang (native /generate, the prompt sent as text), " +
      "openai_responses (/v1/responses), anthropic_messages (/v1/messages), openai_embeddings or rerank (the prompt scored against itself)",
    "openai",
    {
      choices: [
        "openai",
        "openai_completions",
        "sglang",
        "openai_responses",
        "anthropic_messages",
        "openai_embeddings",
        "rerank",
      ],
    },
  ),
  spec(
    "--api-key",
    [],
    "api_key",
    "string",
    "sent as Authorization: Bearer <key> (anthropic_messages: also x-api-key)",
  ),
  spec(
    "--header",
    [],
    "headers",
    "list",
    "extra request header 'Name: value' (repeatable), as benchmark sends it",
    undefined,
    { commaSeparated: false },
  ),
  spec("--requests", [], "requests", "integer", "number of requests", "10"),
  spec("--prompt", [], "prompt", "string", "prompt text", '"Please write me a joke in 30 words."'),
  spec("--max-output-tokens", [], "max_tokens", "integer", "max output tokens per request", "50"),
  spec(
    "--timeout",
    [],
    "timeout_s",
    "number",
    "seconds each request may take before it counts as failed (timeout)",
    "10",
  ),
  spec("--insecure", [], "insecure", "boolean", "skip TLS certificate checks", undefined, { negatable: true }),
];

const DEFAULT_TIMEOUT_S = 10;

/**
 * One probe request's body. SGLang's /generate takes the prompt as `text` too: upstream sends
 * Harmony token ids there, which would need the gpt-oss tokenizer just to check a server answers.
 */
function probeBody(apiType: ApiType, prompt: string, model: string, maxTokens: number): string {
  if (apiType === "sglang")
    return JSON.stringify({ text: prompt, sampling_params: { max_new_tokens: maxTokens }, stream: false });
  // A rerank probe scores the prompt against itself: one document.
  const row = apiType === "rerank" ? { prompt, documents: [prompt] } : { prompt };
  return buildRequestBody(row, { apiType, model, maxNewTokens: maxTokens, streaming: false });
}

/**
 * The `--header` headers as benchmark checks them (config/http-headers); a header that carries
 * the key (config/api-key-headers) beside --api-key is refused, since one would replace the other.
 */
function probeHeaders(o: Record<string, unknown>, apiType: ApiType): Record<string, string> {
  if (o.headers === undefined) return {};
  const read = readHeaders(o.headers);
  if (!read.ok)
    throw new InputError(`--header: ${read.problems.join("; ")}`, { hint: "e.g. --header 'X-Route: pool-a'" });
  const wire = wireHeaders(read.headers);
  const keyHeader = apiKeyHeaderNames(apiType).find((name) => wire[name] !== undefined);
  if (keyHeader !== undefined && typeof o.api_key === "string")
    throw new InputError(`--header: '${keyHeader}' is also set by --api-key; give one of them`);
  return wire;
}

export const probeCommand: Command = {
  words: ["probe"],
  summary: "send a few requests to check an endpoint answers, and how fast",
  help: () =>
    `Usage: inference-endpoint probe --endpoints URL --model NAME [flags]\n\nFlags:\n${renderFlagHelp(PROBE_FLAGS)}`,
  async run(argv, io) {
    const { overrides: o, positionals } = parseFlags(argv, "probe", PROBE_FLAGS);
    rejectPositionals(positionals, "probe");
    const endpoints = (o.endpoints as string[] | undefined) ?? [];
    const model = typeof o.model === "string" ? o.model.trim() : "";
    const problems = [
      endpoints.length === 0 ? "missing --endpoints URL" : "",
      model === "" ? "missing --model NAME" : "",
    ].filter(Boolean);
    if (problems.length > 0)
      throw new InputError(problems.join("; "), {
        hint: "e.g. inference-endpoint probe --endpoints http://localhost:8000 --model Qwen/Qwen3-8B",
      });
    const urlProblem = endpoints.map(checkBaseUrl).find((p) => p !== undefined);
    if (urlProblem)
      throw new InputError(`--endpoints: ${urlProblem}`, {
        hint: "give the server root, e.g. --endpoints http://localhost:8000",
      });
    const requests = (o.requests as number | undefined) ?? 10;
    if (requests < 1) throw new InputError("--requests must be at least 1");
    const timeoutS = (o.timeout_s as number | undefined) ?? DEFAULT_TIMEOUT_S;
    if (!(timeoutS > 0))
      throw new InputError("--timeout must be a number of seconds above 0", { hint: "e.g. --timeout 30" });
    await checkEndpointsReachable(endpoints);
    const apiType = ((o.api_type as string | undefined) ?? "openai") as ApiType;
    const body = probeBody(
      apiType,
      (o.prompt as string | undefined) ?? "Please write me a joke in 30 words.",
      model,
      (o.max_tokens as number | undefined) ?? 50,
    );
    const headers: Record<string, string> = {
      "content-type": "application/json",
      ...apiTypeHeaders(apiType),
      ...probeHeaders(o, apiType),
      ...apiKeyHeaders(apiType, typeof o.api_key === "string" ? o.api_key : null),
    };
    const clock = createRunClock(hostMonotonicNs());
    const settings = {
      headers,
      streaming: false,
      requestTimeoutMs: Math.round(timeoutS * 1000),
      stallTimeoutMs: 0,
      keepResponseText: true,
      insecure: o.insecure === true,
      now: clock.now,
      maxResponseBytes: 64 * BYTES_PER_MB,
      poolingApi: isPoolingApi(apiType) ? apiType : null,
    };
    const latenciesMs: number[] = [];
    const errors: string[] = [];
    for (let i = 0; i < requests; i++) {
      const endpointIndex = i % endpoints.length;
      const url = joinEndpointUrl(endpoints[endpointIndex] as string, routeFor(apiType));
      const r = await sendRequest(
        {
          phase: "probe",
          workerId: 0,
          planIndex: i,
          sampleIndex: 0,
          endpointIndex,
          url,
          body,
          scheduledNs: clock.now(),
        },
        settings,
        () => () => {},
      );
      const ms = latencyNsOf(r) / 1e6;
      if (r.errorKind === null) {
        latenciesMs.push(ms);
        io.stdout(
          settings.poolingApi
            ? `probe-${i}: ${ms.toFixed(1)} ms, ${inputsAsked(settings.poolingApi, JSON.parse(body)).inputs} inputs, ${r.inputTokens ?? "?"} input tokens\n`
            : `probe-${i}: ${ms.toFixed(1)} ms, ${r.outputTokens ?? "?"} tokens: ${(r.responseText ?? "").replace(/\s+/g, " ").slice(0, 100)}\n`,
        );
      } else {
        errors.push(`probe-${i}: ${r.errorKind}: ${r.errorMessage ?? ""}`);
        io.stdout(`probe-${i}: failed after ${ms.toFixed(1)} ms (${r.errorKind})\n`);
      }
    }
    if (latenciesMs.length > 0) {
      const avg = latenciesMs.reduce((a, b) => a + b, 0) / latenciesMs.length;
      io.stdout(
        `latency ms: avg ${avg.toFixed(1)}, min ${Math.min(...latenciesMs).toFixed(1)}, max ${Math.max(...latenciesMs).toFixed(1)}\n`,
      );
    }
    io.stdout(`${latenciesMs.length}/${requests} requests succeeded\n`);
    for (const e of errors.slice(0, 3)) io.stderr(`${e}\n`);
    if (latenciesMs.length * 2 < requests) {
      throw new ExecutionError(`probe failed: ${errors.length} of ${requests} requests failed`, { hint: errors[0] });
    }
    return 0;
  },
};
