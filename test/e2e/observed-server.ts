/**
 * @module test/e2e/observed-server — the mock server with its observations on, in a process of its
 * own, so a timing test can pin it to a CPU away from the timed worker (as the bench does).
 *
 * Run as `bun observed-server.ts '<MockServerOptions JSON>' OUT.json`: prints its URL, and on
 * SIGTERM writes what it observed to OUT.json and exits.
 */
import { writeFileSync } from "node:fs";
import { startMockServer } from "../../src/server/index.ts";
import type { ServeProcess } from "../../src/server/serve-process.ts";
import { spawnServe } from "../../src/server/serve-process.ts";
import { onServerCpu } from "./run-cli.ts";
import type { ServerObservation } from "../../src/server/index.ts";

interface ObservedServer extends ServeProcess {
  /** Stops the server and returns every request it observed. */
  stopAndRead: () => Promise<ServerObservation[]>;
}

/** Starts the server on CPU 0 (where taskset exists), beside the run's main process and off its worker's CPU. */
export async function spawnObservedServer(options: object, outFile: string): Promise<ObservedServer> {
  const command = [process.execPath, import.meta.path, JSON.stringify(options), outFile];
  const server = await spawnServe(onServerCpu(command), "inherit");
  return {
    ...server,
    stopAndRead: async () => {
      await server.stop();
      return JSON.parse(await Bun.file(outFile).text()) as ServerObservation[];
    },
  };
}

if (import.meta.main) {
  const [optionsJson, outFile] = process.argv.slice(2) as [string, string];
  const server = await startMockServer({ ...JSON.parse(optionsJson), recordObservations: true });
  process.on("SIGTERM", async () => {
    writeFileSync(outFile, JSON.stringify(server.observations()));
    await server.stop();
    process.exit(0);
  });
  console.log(server.url);
}
