/**
 * @module run/worker-output — passes a worker's stderr and stdout on, without the runtime's per-request noise.
 *
 * Bun's fetch prints a line of its own to stderr for every response whose body it fails to
 * decompress ("Decompression error: ZlibError"); that request is already recorded as
 * `decode_error`, and a line per request would flood the terminal (even with --quiet). Such
 * lines are dropped; everything else a worker prints (a crash, a warning) is written as it
 * arrives, a whole line at a time, to wherever the pool routes it (run/worker-pool: our own
 * stderr and stdout, or the dashboard's log while it covers the screen).
 */
const RUNTIME_NOISE = /^Decompression error: \w+$/;

/** `everything`: the noise too (`log_level: DEBUG`, `-vv`, and stdout, which has none). */
export function forwardWorkerOutput(
  stream: ReadableStream<Uint8Array>,
  everything: boolean,
  write: (text: string) => void,
): Promise<void> {
  return (async () => {
    const decoder = new TextDecoder();
    let pending = "";
    const emit = (lines: string[]) => {
      const kept = everything ? lines : lines.filter((line) => !RUNTIME_NOISE.test(line));
      if (kept.length > 0) write(`${kept.join("\n")}\n`);
    };
    for await (const bytes of stream) {
      const text = pending + decoder.decode(bytes, { stream: true });
      const lines = text.split("\n");
      pending = lines.pop() ?? "";
      emit(lines);
    }
    pending += decoder.decode();
    if (pending.length > 0) emit([pending]);
  })();
}
