/**
 * @module run/server-key — the headers the main process's own requests carry to a server: the endpoint's API key, to the endpoint's own server only.
 *
 * The server-metrics scraper and the server-identity probe ask a server beside the run's
 * requests; a page elsewhere (an exporter, a proxy) never gets the key.
 */
import type { BenchmarkConfig } from "../config/schema/schema.ts";

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    // A URL that does not parse is no server's: send nothing to it.
    return false;
  }
}

/** `authorization` with the endpoint's key when `target` is on the first endpoint's server and the run has a key, else nothing. */
export function serverKeyHeaders(
  target: string,
  endpointConfig: Pick<BenchmarkConfig["endpoint_config"], "endpoints" | "api_key">,
): { headers: Record<string, string>; withheld: boolean } {
  const { endpoints, api_key: apiKey } = endpointConfig;
  const endpoint = endpoints[0] ?? "";
  const sameServer = target !== "" && sameOrigin(target, endpoint);
  if (!apiKey) return { headers: {}, withheld: false };
  return sameServer
    ? { headers: { authorization: `Bearer ${apiKey}` }, withheld: false }
    : { headers: {}, withheld: true };
}
