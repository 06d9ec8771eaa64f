/**
 * @module client/check-reachable — fails fast, before any worker starts, when an endpoint is down.
 *
 * A TCP connect to each distinct host:port (no HTTP request, so nothing is counted by the
 * server). Refused, unresolvable or silent hosts become a SetupError naming the URL.
 */
import { SetupError } from "../errors.ts";
import { redactUrl } from "../config/redact.ts";

const CONNECT_TIMEOUT_MS = 5_000;

function hostPort(url: URL): { hostname: string; port: number } {
  const port = url.port ? Number(url.port) : url.protocol === "https:" || url.protocol === "wss:" ? 443 : 80;
  return { hostname: url.hostname.replace(/^\[|\]$/g, ""), port };
}

async function tryConnect(hostname: string, port: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>(
    (resolve) =>
      (timer = setTimeout(() => resolve(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`), CONNECT_TIMEOUT_MS)),
  );
  const attempt = Bun.connect({ hostname, port, socket: { data() {}, open() {}, error() {} } }).then(
    (socket) => {
      socket.end();
      return null;
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why nothing answers a TCP connect to `url`'s host and port, or null when something does. */
export function tcpProblem(url: string): Promise<string | null> {
  const { hostname, port } = hostPort(new URL(url));
  return tryConnect(hostname, port);
}

export async function checkEndpointsReachable(baseUrls: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  for (const base of baseUrls) {
    const url = new URL(base);
    const { hostname, port } = hostPort(url);
    const key = `${hostname}:${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const problem = await tryConnect(hostname, port);
    if (problem !== null) {
      throw new SetupError(`endpoint ${redactUrl(base)} is not reachable: ${problem}`, {
        hint: "is the server running and listening on that host and port? check --endpoints (the server root, e.g. http://host:8000)",
      });
    }
  }
}
