/**
 * @module server/timed-stream — writes SSE events at their due times, each as its own TCP write.
 *
 * Bun.serve sends everything a stream produces in one tick as one packet; waiting on a timer or
 * `setImmediate` between writes ends the tick, so every write below leaves on its own. Due times
 * are absolute (request arrival + offset), so lateness never accumulates. The header block
 * reaches the client together with the first write: Bun completes the response head only when
 * the body starts.
 */
import { waitUntilNs } from "./precise-wait.ts";
import type { SseWrite } from "./sse-writes.ts";

/** What the stream reports once it has ended (normally, or because the client or server went away). */
interface TimedStreamResult {
  firstChunkNs: number | null;
  doneNs: number;
  tokensWritten: number;
  /** After each flush of a write that carried tokens, when `keepWriteTimes`; else null. */
  contentWritesNs: number[] | null;
}

interface TimedStreamContext {
  /** `Bun.nanoseconds()` when the request arrived; write offsets count from here. */
  receivedNs: number;
  /** True once the client disconnected or the server is stopping. */
  cancelled: () => boolean;
  /** Keep every content write's time (observations only: tests check the server's own pacing with them). */
  keepWriteTimes?: boolean;
  onDone: (result: TimedStreamResult) => void;
}

/** A direct ReadableStream that paces `writes` and flushes after each one. */
export function createTimedSseStream(writes: SseWrite[], context: TimedStreamContext): ReadableStream {
  return new ReadableStream({
    type: "direct",
    async pull(controller) {
      let firstChunkNs: number | null = null;
      let tokensWritten = 0;
      const contentWritesNs: number[] | null = context.keepWriteTimes ? [] : null;
      for (const write of writes) {
        await waitUntilNs(context.receivedNs + write.offsetMs * 1e6, context.cancelled);
        if (context.cancelled()) break;
        // write() returns 0 once the client has gone away.
        if ((await controller.write(write.text)) === 0) break;
        await controller.flush();
        tokensWritten += write.tokenCount;
        if (write.tokenCount > 0) {
          const writtenNs = Bun.nanoseconds();
          if (firstChunkNs === null) firstChunkNs = writtenNs;
          contentWritesNs?.push(writtenNs);
        }
      }
      const doneNs = Bun.nanoseconds();
      try {
        controller.close();
      } catch {
        // The connection is already gone (client abort or forced stop): nothing left to close.
      }
      context.onDone({ firstChunkNs, doneNs, tokensWritten, contentWritesNs });
    },
  });
}
