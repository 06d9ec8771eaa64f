/**
 * @module run/worker-stderr — passes a worker's stderr on to ours, without the runtime's per-request noise.
 *
 * Bun's fetch prints a line of its own to stderr for every response whose body it fails to
 * decompress ("Decompression error: ZlibError"); that request is already recorded as
 * `decode_error`, and a line per request would flood the terminal (even with --quiet). Such
 * lines are dropped; everything else a worker prints (a crash, a warning) is written as it
 * arrives, a whole line at a time.
 */
const RUNTIME_NOISE = /^Decompression error: \w+$/;

/** `everything`: the noise too (`log_level: DEBUG`, `-vv`). */
export function forwardWorkerStderr(
  stream: ReadableStream<Uint8Array>,
  everything = false,
  write: (text: string) => void = (text) => process.stderr.write(text),
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
