/**
 * @module server/serve-process — the mock server (`serve`) in a process of its own, for the
 * demo, `doctor`'s loopback run and tests: it is ready once it prints its URL (its first line).
 */
export interface ServeProcess {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts `command` (a `serve` invocation) and resolves when it has printed its URL. */
export async function spawnServe(
  command: readonly string[],
  stderr: "inherit" | "ignore" = "ignore",
): Promise<ServeProcess> {
  const proc = Bun.spawn([...command], { stdout: "pipe", stderr });
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the mock server exited before it printed its URL (${command.join(" ")})`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return {
    url: text.trim().split("\n")[0] as string,
    pid: proc.pid,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
