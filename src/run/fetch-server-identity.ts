/**
 * @module run/fetch-server-identity — asks the first endpoint's server what it is, before the performance phase, and stores the answer in events.db.
 *
 * Every path of server-metrics/server-identity is asked at once, each under the same short
 * limit, so the run waits IDENTITY_TIMEOUT_MS at most; an answer that fails, times out or runs
 * past MAX_ANSWER_CHARS is left out. Only the bodies are read (never a header), and the key goes
 * only where run/server-key sends it. A server that answers nothing useful costs one line.
 */
import { redactUrl } from "../config/redact.ts";
import {
  IDENTITY_PATHS,
  identifyServer,
  MAX_ANSWER_CHARS,
  SERVER_IDENTITY_META_KEY,
  type IdentityAnswers,
  type ServerIdentity,
} from "../server-metrics/server-identity.ts";
import { serverIdentityText } from "../report/server-identity-text.ts";
import type { OpenRun } from "./open-run.ts";
import { serverKeyHeaders } from "./server-key.ts";

/** The whole probe's time limit: the run starts no later than this after asking. */
const IDENTITY_TIMEOUT_MS = 2_000;

/** The server's root for an endpoint (also when the endpoint ends in /v1), as engines serve these paths there. */
const serverRoot = (endpoint: string) => endpoint.replace(/\/+$/, "").replace(/\/v1$/, "");

/** The body as text, stopping once it is past the limit (the pure side then ignores it). */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let body = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return body + decoder.decode();
    body += decoder.decode(value, { stream: true });
    if (body.length > MAX_ANSWER_CHARS) {
      await reader.cancel();
      return body;
    }
  }
}

interface ProbeOptions {
  headers: Record<string, string>;
  insecure: boolean;
  timeoutMs?: number;
}

/** Each path's answer from the server at `endpoint`; paths that did not answer in time are absent. */
export async function askServerIdentity(endpoint: string, options: ProbeOptions): Promise<IdentityAnswers> {
  const root = serverRoot(endpoint);
  const signal = AbortSignal.timeout(options.timeoutMs ?? IDENTITY_TIMEOUT_MS);
  const answers: IdentityAnswers = {};
  await Promise.all(
    IDENTITY_PATHS.map(async (path) => {
      try {
        // Never decompressed: a broken encoded body is no identity, not a runtime notice on stderr.
        const response = await fetch(`${root}${path}`, {
          headers: { ...options.headers, accept: "application/json", "accept-encoding": "identity" },
          signal,
          redirect: "manual",
          decompress: false,
          ...(options.insecure ? { tls: { rejectUnauthorized: false } } : {}),
        });
        answers[path] = { status: response.status, body: await boundedText(response) };
      } catch {
        // Refused, reset or past the limit: this path says nothing, and the run goes on.
      }
    }),
  );
  return answers;
}

/** Asks the first endpoint's server, stores what it said (server_identity in the run table) and logs one line. */
export async function recordServerIdentity(run: OpenRun, log: (line: string) => void): Promise<ServerIdentity | null> {
  const endpointConfig = run.config.endpoint_config;
  const endpoint = endpointConfig.endpoints[0];
  if (!endpoint) return null;
  const { headers } = serverKeyHeaders(endpoint, endpointConfig);
  const answers = await askServerIdentity(endpoint, { headers, insecure: run.config.settings.client.insecure });
  const identity = identifyServer(answers);
  if (identity === null) {
    log("server identity: not reported by the server");
    return null;
  }
  run.db.setMeta(SERVER_IDENTITY_META_KEY, JSON.stringify(identity));
  const others = endpointConfig.endpoints.length > 1 ? ` (asked ${redactUrl(serverRoot(endpoint))} only)` : "";
  log(`server identity: ${serverIdentityText(identity)}${others}`);
  return identity;
}
