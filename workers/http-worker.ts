/**
 * @module workers/http-worker — a load-generating worker process: thin glue around src/run.
 *
 * Started by the main process as `<binary> __worker <socketPath> <workerId>`. It connects back
 * over the unix socket, receives its init and phase shares, sends requests with PhaseRunner and
 * returns records in batched frames.
 */
import { isPoolingApi } from "../src/dataset/pooling-api.ts";
import { createRunClock } from "../src/clock/mono-clock.ts";
import { unpackBodies } from "../src/ipc/body-table.ts";
import { parseToWorker, type ToMain, type WorkerGo, type WorkerInit, type WorkerPhase } from "../src/ipc/messages.ts";
import { RecordBatchBuilder } from "../src/ipc/record-batch.ts";
import { SocketChannel } from "../src/ipc/socket-channel.ts";
import { ConversationRunner } from "../src/worker/conversation-runner.ts";
import { PhaseRunner, type PhaseTargets } from "../src/worker/phase-runner.ts";
import { tuneWorker, type HelperTender } from "../src/tuning/runtime-tuning.ts";
import { LoopHealthSampler } from "../src/worker/loop-health.ts";
import type { RequestRecord } from "../src/record/request-record.ts";

/** A results frame leaves at most this long after its first record (the IPC floor sends at the same pace). */
export const FLUSH_INTERVAL_MS = 10;
/** Records per results frame at most (the bench's floors write their rows in batches of this size too). */
export const FLUSH_BATCH = 512;
export async function runWorker(socketPath: string, workerId: number): Promise<void> {
  // A terminal's Ctrl-C and a scheduler's SIGTERM reach the whole process group: the main process
  // decides what they mean (stop issuing, drain) and ends this worker over the socket.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => undefined);
  let channel: SocketChannel | null = null;
  let init: WorkerInit | null = null;
  let initBodies: string[] = [];
  const runners = new Map<string, PhaseRunner | ConversationRunner>();
  const batch = new RecordBatchBuilder();
  let batchPhase = "";
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  const send = (message: ToMain) => channel?.send(message);
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    if (batch.size === 0) return;
    send({ type: "results", workerId, phase: batchPhase, records: batch.take() });
  };
  const onRecord = (record: RequestRecord) => {
    if (record.phase !== batchPhase) flush();
    batchPhase = record.phase;
    batch.add(record);
    if (batch.size >= FLUSH_BATCH) flush();
    else if (!flushTimer) flushTimer = setTimeout(flush, FLUSH_INTERVAL_MS);
  };

  /** Response work in any phase first lets every phase launch the sends that fell due. */
  const pollRunners = () => {
    for (const runner of runners.values()) runner.poll();
  };

  /** Phases whose share arrived and that wait for their `go`. */
  const armed = new Map<string, PhaseRunner | ConversationRunner>();

  const armPhase = (message: WorkerPhase) => {
    if (!init) throw new Error("phase before init");
    const clock = createRunClock(BigInt(init.t0MonoNs));
    const share = { ...message, workerId };
    const targets: PhaseTargets = {
      endpointUrls: init.endpointUrls,
      bodies: message.bodies ? unpackBodies(message.bodies) : initBodies,
      maxInFlight: init.maxInFlight,
      settings: {
        headers: init.headers,
        streaming: init.streaming,
        requestTimeoutMs: init.requestTimeoutMs,
        stallTimeoutMs: init.stallTimeoutMs,
        keepResponseText:
          message.keepResponseText === "structured" ? "structured" : init.keepResponseText || message.keepResponseText,
        insecure: init.insecure,
        recordIds: init.recordIds,
        thinkTags: init.thinkTags,
        poolingApi: isPoolingApi(init.poolingApi) ? init.poolingApi : null,
        now: clock.now,
        maxResponseBytes: init.maxResponseBytes,
        onProgress: pollRunners,
        // Retried and reconnected attempts become rows like any other; PhaseRunner records the last one.
        onSuperseded: onRecord,
        ...(init.retries > 0 ? { retry: { maxRetries: init.retries } } : {}),
      },
    };
    const conversations = message.conversations;
    const runner = conversations
      ? new ConversationRunner({ ...share, conversations }, targets, onRecord)
      : new PhaseRunner(share, targets, onRecord);
    armed.set(message.phase, runner);
    void runner.prepare().then(() => {
      tender?.phaseArmed(runner.timed);
      send({ type: "phase-armed", workerId, phase: message.phase });
    });
  };

  /** The runtime's helper threads, tended once init has named this worker's CPUs (tuning/runtime-tuning). */
  let tender: HelperTender | null = null;

  const startPhase = (message: WorkerGo) => {
    const runner = armed.get(message.phase);
    if (!runner) throw new Error(`go for phase ${message.phase}, which this worker does not hold`);
    armed.delete(message.phase);
    tender?.phaseStarted();
    runners.set(message.phase, runner);
    // A phase that does not drain overlaps the next one here: both runners stay in `runners`.
    void runner.issued.then(() => send({ type: "phase-issued", workerId, phase: message.phase }));
    const health = new LoopHealthSampler(createRunClock(BigInt((init as WorkerInit).t0MonoNs)).now, (samples) =>
      send({ type: "health", workerId, phase: message.phase, samples }),
    );
    health.start();
    void runner.run(message.startNs).then((outcome) => {
      health.stop();
      flush();
      runners.delete(message.phase);
      send({ type: "phase-done", workerId, phase: message.phase, sent: outcome.sent, unsent: outcome.unsent });
    });
  };

  const onMessage = (raw: unknown) => {
    const message = parseToWorker(raw);
    switch (message.type) {
      case "init":
        init = message;
        initBodies = unpackBodies(message.bodies);
        tender = tuneWorker(message.cpus, message.helperCpus, () => runners.values());
        send({ type: "ready", workerId });
        break;
      case "phase":
        armPhase(message);
        break;
      case "go":
        startPhase(message);
        break;
      case "stop":
        runners.get(message.phase)?.stop(message.abortInFlight);
        break;
      case "shutdown":
        flush();
        channel?.close(() => process.exit(0));
    }
  };

  await Bun.connect({
    unix: socketPath,
    socket: {
      open(socket) {
        channel = new SocketChannel(socket, (raw) => {
          try {
            onMessage(raw);
          } catch (error) {
            send({ type: "fatal", workerId, message: error instanceof Error ? error.message : String(error) });
          }
        });
        channel.send({ type: "hello", workerId } satisfies ToMain);
      },
      data(_socket, bytes) {
        channel?.receive(bytes);
      },
      drain() {
        channel?.flush();
      },
      close() {
        // Main went away: nothing left to report to.
        process.exit(0);
      },
      error() {
        process.exit(1);
      },
    },
  });
}
