/**
 * @module scripts/bench/lib/observed-server — the mock server with its observations on, pinned to the server CPU and tracked like every bench process.
 *
 * It runs test/e2e/observed-server.ts (the timing tests' own) by path: it prints its URL, and on
 * SIGTERM writes every request it observed (src/server/observations) to a file and exits. The
 * bench reads the server's side from there: when each request arrived, when its first chunk left.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerObservation } from "../../../src/server/index.ts";
import type { MockServerOptions } from "../../../src/server/options.ts";
import { BUN, ROOT, startServer } from "./procs.ts";

const OBSERVED_SERVER = join(ROOT, "test", "e2e", "observed-server.ts");

interface ObservedServer {
  url: string;
  /** Stops the server and returns every request it observed. */
  stopAndRead(): Promise<ServerObservation[]>;
}

/** Starts the observing mock server with `options` on CPU 0; its observations go to `outFile` when it stops. */
export async function startObservedServer(
  options: Partial<MockServerOptions>,
  outFile: string,
): Promise<ObservedServer> {
  const server = await startServer([BUN, OBSERVED_SERVER, JSON.stringify(options), outFile]);
  return {
    url: server.url,
    stopAndRead: async () => {
      await server.stop();
      return JSON.parse(readFileSync(outFile, "utf8")) as ServerObservation[];
    },
  };
}

/** Arrival instants the server saw (its own ns), ascending. */
export function arrivalsNs(observations: readonly ServerObservation[]): number[] {
  return observations.map((o) => o.receivedNs).sort((a, b) => a - b);
}
