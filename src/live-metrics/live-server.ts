/**
 * @module live-metrics/live-server — `--live-metrics HOST:PORT`: the main process serves the live page at `/metrics` while the run runs.
 *
 * Bound before the workers are dealt their first phase, so an address in use is a setup error
 * (exit 3) before any request; `HOST:0` lets the system pick a port, and the URL goes to stderr
 * either way. A scrape renders the page from the state at that moment and costs the send path
 * nothing: the workers never see it. The page stays up until the report is written, so that a
 * scrape after the last request sees the final counts (phase `finishing`).
 */
import { type ListenAddress, parseListenAddress } from "../config/listen-address.ts";
import { SetupError } from "../errors.ts";
import { EXPOSITION_CONTENT_TYPE, renderExposition } from "./exposition-page.ts";
import { LiveState } from "./live-state.ts";

export interface LiveMetricsServer {
  url: string;
  state: LiveState;
  stop: () => void;
}

/** A host as a URL writes it: an IPv6 address in brackets. */
const urlHost = (host: string) => (host.includes(":") ? `[${host}]` : host);

/** Serves `state` at `http://HOST:PORT/metrics`; `constant` labels (a shard's) go on every series. */
function serveLiveMetrics(
  address: ListenAddress,
  state: LiveState,
  constant: Readonly<Record<string, string>>,
): LiveMetricsServer {
  const named = `${urlHost(address.host)}:${address.port}`;
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname: address.host,
      port: address.port,
      fetch: (req) =>
        new URL(req.url).pathname === "/metrics"
          ? new Response(renderExposition(state.read(), constant), {
              headers: { "content-type": EXPOSITION_CONTENT_TYPE },
            })
          : new Response("the live metrics are at /metrics\n", { status: 404 }),
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === "EADDRINUSE" ? "the port is in use" : code === "EADDRNOTAVAIL" ? "no such address here" : String(error);
    throw new SetupError(`--live-metrics ${named}: cannot listen: ${why}`, {
      hint: "give another port, or port 0 to pick a free one (shards on one host need a port each)",
      cause: error,
    });
  }
  return {
    url: `http://${urlHost(address.host)}:${server.port}/metrics`,
    state,
    stop: () => void server.stop(true),
  };
}

/** `--live-metrics`'s server for a run of these phases, its URL said on stderr; `shard`: this host's index, a label on every series. */
export function startLiveMetrics(
  setting: string,
  phases: readonly string[],
  maxInFlight: number,
  shard: number | null,
  log: (line: string) => void,
): LiveMetricsServer {
  const address = parseListenAddress(setting);
  if ("problem" in address) throw new SetupError(`--live-metrics: ${address.problem}`);
  const server = serveLiveMetrics(
    address,
    new LiveState(phases, maxInFlight),
    shard === null ? {} : { shard: String(shard) },
  );
  log(`live metrics: ${server.url}`);
  return server;
}
