/**
 * @module clock/alarm-thread — the body of the wake-up thread behind clock/precise-alarm.
 *
 * It runs in a Bun `Worker` created from a Blob of its own source (`alarmThreadSource`), so the
 * compiled binary needs no extra entrypoint. That makes `alarmThreadMain` special: it must be
 * self-contained (no imports, no outer names — the bundler renames those) and only use globals.
 *
 * Protocol over one SharedArrayBuffer (see ALARM_* below): the main thread writes a deadline on
 * this thread's `Bun.nanoseconds()` scale, then bumps the sequence number and notifies. The thread
 * sleeps in `Atomics.wait`, polls the clock for the last `spinNs`, and posts the sequence number
 * it fired for. Two things make a sleeping thread wake late:
 * - Linux pads every timed sleep by the thread's timer slack (50 µs by default). The thread sets
 *   its own slack to 1 ns (prctl PR_SET_TIMERSLACK).
 * - A vCPU that stays idle long is handed back to the host, and waking it costs more the longer
 *   it slept. So the thread sleeps until `napWindowNs` before the deadline, then takes naps of
 *   at most `napMaxNs`, which keep wake-ups quick for a little CPU.
 */

/** Int32 index of the sequence number; every arm, disarm or close bumps it. */
export const ALARM_SEQ = 0;
/** Int32 index of the command: 0 to run, or ALARM_EXIT (the thread's code, a string, uses the numbers). */
export const ALARM_COMMAND = 1;
/** Float64 index (byte offset 8) of the deadline, thread-local ns; Infinity when disarmed. */
export const ALARM_DEADLINE = 1;
export const ALARM_EXIT = 1;
export const ALARM_BUFFER_BYTES = 16;

export interface AlarmThreadInit {
  buffer: SharedArrayBuffer;
  /** Poll the clock for this long before a deadline instead of sleeping (ns). */
  spinNs: number;
  /** Within this long of a deadline, sleep in naps (ns). */
  napWindowNs: number;
  /** Longest nap (ns). */
  napMaxNs: number;
  /** C library file names to try (clock/libc), and CLOCK_MONOTONIC's id on this platform. */
  libcNames: string[];
  monotonicClockId: number;
}

/** First message from the thread: how its clock relates to CLOCK_MONOTONIC. */
export interface AlarmThreadReady {
  type: "ready";
  /** CLOCK_MONOTONIC minus this thread's Bun.nanoseconds(), ns, as a decimal string. */
  monoOffsetNs: string;
  /** Whether the 1 ns timer slack took effect. */
  slackSet: boolean;
}

/** Runs inside the Worker. Self-contained: see the module note. */
async function alarmThreadMain(): Promise<void> {
  // Literal copies of the ALARM_* constants: this function cannot close over module names.
  const SEQ = 0,
    COMMAND = 1,
    DEADLINE = 1,
    EXIT = 1;
  const PR_SET_TIMERSLACK = 29,
    CALIBRATION_ROUNDS = 9;
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown): void;
  };
  const init = await new Promise<AlarmThreadInit>((resolve) => {
    scope.onmessage = (event: MessageEvent) => resolve(event.data as AlarmThreadInit);
  });
  scope.onmessage = null;
  let monoOffsetNs = "";
  let slackSet = false;
  try {
    const ffi = await import("bun:ffi");
    const linux = process.platform === "linux";
    const symbols = {
      clock_gettime: { args: ["i32", "ptr"], returns: "i32" },
      ...(linux ? { prctl: { args: ["i32", "u64", "u64", "u64", "u64"], returns: "i32" } } : {}),
    } as const;
    type Libc = {
      symbols: {
        clock_gettime(id: number, timespec: unknown): number;
        prctl?(option: number, ...args: bigint[]): number;
      };
    };
    const open = (): Libc => {
      for (const name of init.libcNames) {
        try {
          return ffi.dlopen(name, symbols as never) as unknown as Libc;
        } catch {
          // Not this platform's C library: the next name.
        }
      }
      throw new Error("no C library");
    };
    const { clock_gettime, prctl } = open().symbols;
    const CLOCK_MONOTONIC = init.monotonicClockId;
    if (prctl) slackSet = prctl(PR_SET_TIMERSLACK, 1n, 0n, 0n, 0n) === 0;
    const timespec = new BigInt64Array(2);
    const pointer = ffi.ptr(timespec);
    let bestSpan = Number.POSITIVE_INFINITY;
    for (let i = 0; i < CALIBRATION_ROUNDS; i++) {
      const before = Bun.nanoseconds();
      if (clock_gettime(CLOCK_MONOTONIC, pointer) !== 0) throw new Error("clock_gettime failed");
      const after = Bun.nanoseconds();
      if (after - before < bestSpan) {
        bestSpan = after - before;
        const mono = (timespec[0] as bigint) * 1_000_000_000n + (timespec[1] as bigint);
        monoOffsetNs = String(mono - BigInt(Math.round((before + after) / 2)));
      }
    }
  } catch {
    // No FFI: the main thread sees an empty offset and keeps its own timers.
  }
  scope.postMessage({ type: "ready", monoOffsetNs, slackSet } satisfies AlarmThreadReady);
  if (monoOffsetNs === "") return;

  const words = new Int32Array(init.buffer);
  const numbers = new Float64Array(init.buffer);
  const { spinNs, napWindowNs, napMaxNs } = init;
  for (;;) {
    const seq = Atomics.load(words, SEQ);
    if (Atomics.load(words, COMMAND) === EXIT) return;
    const deadlineNs = numbers[DEADLINE] as number;
    if (Atomics.load(words, SEQ) !== seq) continue;
    if (deadlineNs === Number.POSITIVE_INFINITY) {
      Atomics.wait(words, SEQ, seq);
      continue;
    }
    let remainingNs = deadlineNs - Bun.nanoseconds();
    if (remainingNs > spinNs) {
      const sleepNs = remainingNs > napWindowNs ? remainingNs - napWindowNs : Math.min(napMaxNs, remainingNs - spinNs);
      Atomics.wait(words, SEQ, seq, sleepNs / 1e6);
      continue;
    }
    while (remainingNs > 0 && Atomics.load(words, SEQ) === seq) remainingNs = deadlineNs - Bun.nanoseconds();
    if (Atomics.load(words, SEQ) !== seq) continue;
    scope.postMessage(seq);
    // Fired: sleep until the main thread arms, disarms or closes (any of them bumps SEQ).
    Atomics.wait(words, SEQ, seq);
  }
}

/** JavaScript source that runs `alarmThreadMain` in a Worker. */
export function alarmThreadSource(): string {
  return `(${alarmThreadMain.toString()})();`;
}
