/**
 * @module run/size-workers — how many worker processes and connections a run uses.
 *
 * Bun's fetch keeps at most 64 keep-alive sockets per process; above that it closes a
 * connection after each request. So a worker holds at most 64 requests in flight by default
 * and the connection budget decides the number of workers. Each worker's
 * BUN_CONFIG_MAX_HTTP_REQUESTS is set to its in-flight limit so fetch never queues a request out
 * of our sight. When the config fixes how many requests the run sends, auto sizing opens no more
 * connections than that: `--num-samples 1` starts one worker, not four, and starts sooner.
 *
 * A slow open-loop schedule (a rate pattern of at most CHURN_SAFE_RATE_PER_WORKER requests/s per
 * worker, connections auto) may hold up to SLOW_SCHEDULE_IN_FLIGHT_PER_WORKER requests per
 * worker: an LLM answering in seconds keeps rate × latency requests open (50 req/s × 2 s = 100),
 * and holding due requests back at 64 would make the client, not the server, the bottleneck.
 * Requests beyond the 64 kept-alive sockets open a connection of their own, at most one per
 * request, so at these rates the churn stays far below what exhausts ports or collapses an
 * open loop (that needs thousands of requests/s: see CONTRIBUTING's Bun limits).
 */
const KEEPALIVE_SOCKETS_PER_WORKER = 64;
const CHURN_SAFE_RATE_PER_WORKER = 200;
const SLOW_SCHEDULE_IN_FLIGHT_PER_WORKER = 1024;
const AUTO_CONNECTIONS = 256;
const MAX_AUTO_WORKERS = 32;

interface SizingInput {
  /** client.num_workers: -1 = auto. */
  numWorkers: number;
  /** client.max_connections: -1 = auto. */
  maxConnections: number;
  /** Requests the pattern keeps in flight at most (concurrency, or a rate pattern's ceiling); 0 = unbounded. */
  concurrency: number;
  /** A timed (rate) pattern: its workers wait actively before each send, so they want a core each. */
  timedSends?: boolean;
  /** CPUs this process may use (affinity), for sizing timed patterns. */
  cpus?: number;
  /** Requests the whole run sends, when the config alone fixes it; bounds auto connections. */
  requests?: number | null;
  /** A rate pattern's target requests/s (its peak with a ramp); null for other patterns. */
  targetRate?: number | null;
}

export interface Sizing {
  workers: number;
  /** Connections the workers keep alive between requests. */
  connections: number;
  /** Requests a worker holds in flight at most (for a slow schedule above its share of `connections`: the rest open their own). */
  maxInFlightPerWorker: number;
  warnings: string[];
}

export function sizeWorkers(input: SizingInput): Sizing {
  const warnings: string[] = [];
  let connections: number;
  if (input.maxConnections > 0) connections = input.maxConnections;
  else if (input.concurrency > 0) connections = input.concurrency;
  else if (input.numWorkers > 0) connections = input.numWorkers * KEEPALIVE_SOCKETS_PER_WORKER;
  else if (input.timedSends) {
    // Timed sends: no more auto workers than CPUs left after the main process, so workers never
    // queue for a core at their send instants (one worker per 64 connections up to that).
    const byCores = Math.max(1, (input.cpus ?? 2) - 1);
    connections = Math.min(AUTO_CONNECTIONS / KEEPALIVE_SOCKETS_PER_WORKER, byCores) * KEEPALIVE_SOCKETS_PER_WORKER;
  } else connections = AUTO_CONNECTIONS;
  const requests = input.requests ?? Number.POSITIVE_INFINITY;
  if (input.maxConnections <= 0) connections = Math.max(1, Math.min(connections, requests));
  if (input.concurrency > 0 && connections < Math.min(input.concurrency, requests)) {
    warnings.push(
      `--max-connections ${connections} is below --concurrency ${input.concurrency}: at most ${connections} requests will be in flight`,
    );
  }
  const workers =
    input.numWorkers > 0
      ? input.numWorkers
      : Math.min(MAX_AUTO_WORKERS, Math.max(1, Math.ceil(connections / KEEPALIVE_SOCKETS_PER_WORKER)));
  let maxInFlightPerWorker = Math.max(1, Math.ceil(connections / workers));
  const rate = input.targetRate ?? Number.POSITIVE_INFINITY;
  const slowSchedule =
    input.timedSends === true &&
    input.maxConnections <= 0 &&
    input.concurrency <= 0 &&
    rate / workers <= CHURN_SAFE_RATE_PER_WORKER;
  if (slowSchedule)
    maxInFlightPerWorker = Math.max(
      maxInFlightPerWorker,
      Math.min(SLOW_SCHEDULE_IN_FLIGHT_PER_WORKER, Math.ceil(requests / workers)),
    );
  if (maxInFlightPerWorker > KEEPALIVE_SOCKETS_PER_WORKER && !slowSchedule) {
    warnings.push(
      `${maxInFlightPerWorker} connections per worker: Bun keeps only ` +
        `${KEEPALIVE_SOCKETS_PER_WORKER} alive per process, so extra connections are re-opened ` +
        `per ` +
        `request (raise --workers to ${Math.ceil(connections / KEEPALIVE_SOCKETS_PER_WORKER)})`,
    );
  }
  return { workers, connections, maxInFlightPerWorker, warnings };
}

/** Requests the whole run holds in flight at most. */
export function inFlightOf(sizing: Pick<Sizing, "workers" | "maxInFlightPerWorker">): number {
  return sizing.workers * sizing.maxInFlightPerWorker;
}

/** "up to 64 connections", or for a slow schedule "64 connections kept alive, up to 1024 requests in flight". */
export function inFlightText(sizing: Pick<Sizing, "workers" | "connections" | "maxInFlightPerWorker">): string {
  const inFlight = inFlightOf(sizing);
  return inFlight > sizing.connections
    ? `${sizing.connections} connections kept alive, up to ${inFlight} requests in flight`
    : `up to ${sizing.connections} connections`;
}
