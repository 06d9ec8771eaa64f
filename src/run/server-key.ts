/**
 * @module run/server-key — the headers the main process's own requests carry to a server: the endpoint's API key and
 * `--header`s, to the endpoint's own server only.
 *
 * The server-metrics scraper and the server-identity probe ask a server beside the run's
 * requests; a page elsewhere (an exporter, a proxy) never gets the key or the headers, which may hold credentials too.
 */
import { wireHeaders } from "../config/http-headers.ts";
import { apiKeyHeaders } from "../config/api-key-headers.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    // A URL that does not parse is no server's: send nothing to it.
    return false;
  }
}

/** The user's headers and the endpoint's key (config/api-key-headers) when `target` is on the first endpoint's server, else nothing. */
export function serverKeyHeaders(
  target: string,
  endpointConfig: Pick<BenchmarkConfig["endpoint_config"], "endpoints" | "api_key"> &
    Partial<Pick<BenchmarkConfig["endpoint_config"], "headers" | "api_type">>,
): { headers: Record<string, string>; withheld: boolean } {
  const { endpoints, api_key: apiKey } = endpointConfig;
  const endpoint = endpoints[0] ?? "";
  const sameServer = target !== "" && sameOrigin(target, endpoint);
  const headers = {
    ...wireHeaders(endpointConfig.headers),
    ...apiKeyHeaders(endpointConfig.api_type ?? "openai", apiKey),
  };
  if (Object.keys(headers).length === 0) return { headers, withheld: false };
  return sameServer ? { headers, withheld: false } : { headers: {}, withheld: true };
}
