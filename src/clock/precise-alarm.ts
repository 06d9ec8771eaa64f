/**
 * @module clock/precise-alarm — wakes the JS thread at a sub-millisecond instant without keeping it busy.
 *
 * `setTimeout` has 1 ms granularity; polling with `setImmediate` burns the core (and allocates
 * an Immediate per turn); blocking in `Atomics.wait` stops the JS thread from timestamping
 * responses. Instead one helper thread per process (clock/alarm-thread) sleeps until the
 * earliest armed deadline and posts a message; meanwhile the JS thread sits idle in its event
 * loop, so socket reads are handled the moment they arrive. The message lands a little after
 * the deadline even when the JS thread is idle (later after a long idle), so callers arm a
 * little early and wait out the rest themselves.
 *
 * Until the thread reports ready (shortly after the first alarm is created), or where it
 * cannot run (no bun:ffi / clock_gettime), `ready` is false and callers keep their own timers.
 * The thread is ref'd only while some alarm exists: Bun busy-polls its event loop (100% CPU)
 * when an unref'd Worker is all that is left, and an idle unref'd one must not hold the process.
 */
import { libcNames, monotonicClockId } from "./libc.ts";
import {
  alarmThreadSource,
  ALARM_BUFFER_BYTES,
  ALARM_COMMAND,
  ALARM_DEADLINE,
  ALARM_EXIT,
  ALARM_SEQ,
  type AlarmThreadInit,
  type AlarmThreadReady,
} from "./alarm-thread.ts";
import { clockSource, monoOffsetNs } from "./mono-clock.ts";

/** The helper thread polls its clock for the last this-long before a deadline. */
const SPIN_NS = 20_000;
/** Within this long of a deadline the helper thread naps instead of sleeping through. */
const NAP_WINDOW_NS = 1_000_000;
const NAP_MAX_NS = 100_000;
const OFFSET_ROUNDS = 9;

/** One process-wide helper thread, shared by every PreciseAlarm (the earliest deadline wins). */
class AlarmThread {
  private readonly worker: Worker;
  private readonly words: Int32Array;
  private readonly numbers: Float64Array;
  private readonly alarms = new Set<PreciseAlarm>();
  /** Helper-thread ns = this thread's Bun.nanoseconds() + toThreadNs; null until ready. */
  private toThreadNs: number | null = null;
  private armedLocalNs = Number.POSITIVE_INFINITY;
  /** Resolves once the thread has answered: ready, or given up (then `ready` stays false). */
  readonly started: Promise<void>;
  private resolveStarted!: () => void;

  constructor() {
    this.started = new Promise((resolve) => (this.resolveStarted = resolve));
    const buffer = new SharedArrayBuffer(ALARM_BUFFER_BYTES);
    this.words = new Int32Array(buffer);
    this.numbers = new Float64Array(buffer);
    this.numbers[ALARM_DEADLINE] = Number.POSITIVE_INFINITY;
    const url = URL.createObjectURL(new Blob([alarmThreadSource()], { type: "application/javascript" }));
    this.worker = new Worker(url);
    this.worker.unref();
    this.worker.onmessage = (event: MessageEvent) => this.onMessage(event.data as AlarmThreadReady | number);
    this.worker.postMessage({
      buffer,
      spinNs: SPIN_NS,
      napWindowNs: NAP_WINDOW_NS,
      napMaxNs: NAP_MAX_NS,
      libcNames: libcNames(),
      monotonicClockId: monotonicClockId(),
    } satisfies AlarmThreadInit);
  }

  get ready(): boolean {
    return this.toThreadNs !== null;
  }

  add(alarm: PreciseAlarm): void {
    this.alarms.add(alarm);
    if (this.alarms.size === 1) this.worker.ref();
  }

  remove(alarm: PreciseAlarm): void {
    this.alarms.delete(alarm);
    this.reschedule();
    if (this.alarms.size === 0) this.worker.unref();
  }

  /** Points the thread at the earliest armed deadline (no-op when that is already armed). */
  reschedule(): void {
    if (this.toThreadNs === null) return;
    let earliestLocalNs = Number.POSITIVE_INFINITY;
    for (const alarm of this.alarms)
      if (alarm.localDeadlineNs < earliestLocalNs) earliestLocalNs = alarm.localDeadlineNs;
    if (earliestLocalNs === this.armedLocalNs) return;
    this.armedLocalNs = earliestLocalNs;
    this.numbers[ALARM_DEADLINE] = earliestLocalNs + this.toThreadNs;
    Atomics.add(this.words, ALARM_SEQ, 1);
    Atomics.notify(this.words, ALARM_SEQ);
  }

  private onMessage(message: AlarmThreadReady | number): void {
    if (typeof message !== "number") {
      this.resolveStarted();
      if (message.monoOffsetNs === "" || clockSource !== "clock_gettime") return this.close();
      // Both threads calibrated Bun.nanoseconds() against CLOCK_MONOTONIC.
      this.toThreadNs = Number(monoOffsetNs - BigInt(message.monoOffsetNs));
      return this.reschedule();
    }
    // Stale: the deadline moved after the thread woke; it is already waiting for the new one.
    if (message !== Atomics.load(this.words, ALARM_SEQ)) return;
    const firedLocalNs = this.armedLocalNs;
    this.armedLocalNs = Number.POSITIVE_INFINITY;
    for (const alarm of this.alarms) if (alarm.localDeadlineNs <= firedLocalNs) alarm.fire();
    this.reschedule();
  }

  private close(): void {
    Atomics.store(this.words, ALARM_COMMAND, ALARM_EXIT);
    Atomics.add(this.words, ALARM_SEQ, 1);
    Atomics.notify(this.words, ALARM_SEQ);
    this.worker.terminate();
  }
}

let shared: AlarmThread | null = null;

/** Bun.nanoseconds() minus now(), from the tightest of a few bracketed readings (a cold first call lags). */
function offsetToLocalNs(now: () => number): number {
  let bestSpanNs = Number.POSITIVE_INFINITY;
  let offsetNs = 0;
  for (let i = 0; i < OFFSET_ROUNDS; i++) {
    const before = Bun.nanoseconds();
    const reading = now();
    const after = Bun.nanoseconds();
    if (after - before < bestSpanNs) {
      bestSpanNs = after - before;
      offsetNs = (before + after) / 2 - reading;
    }
  }
  return offsetNs;
}

/**
 * One caller's alarm. Deadlines are on the caller's clock `now` (ns), which must advance with
 * `Bun.nanoseconds()` (a RunClock does); the offset between the two is taken once. Call
 * `dispose()` when done: a live alarm keeps the process running.
 */
export class PreciseAlarm {
  /** Armed deadline on this thread's Bun.nanoseconds() scale; Infinity when disarmed. */
  localDeadlineNs = Number.POSITIVE_INFINITY;
  private readonly thread: AlarmThread;
  private readonly nowToLocalNs: number;

  constructor(
    now: () => number,
    private readonly onFire: () => void,
  ) {
    shared ??= new AlarmThread();
    this.thread = shared;
    this.thread.add(this);
    this.nowToLocalNs = offsetToLocalNs(now);
  }

  /** False until the helper thread is running; callers fall back to their own timers. */
  get ready(): boolean {
    return this.thread.ready;
  }

  /** Resolves when the helper thread has started (or could not): from then on `ready` is final. */
  get started(): Promise<void> {
    return this.thread.started;
  }

  /** Calls onFire once, at or a few µs after deadlineNs; arming again replaces the deadline. */
  arm(deadlineNs: number): void {
    this.localDeadlineNs = deadlineNs + this.nowToLocalNs;
    this.thread.reschedule();
  }

  disarm(): void {
    if (this.localDeadlineNs === Number.POSITIVE_INFINITY) return;
    this.localDeadlineNs = Number.POSITIVE_INFINITY;
    this.thread.reschedule();
  }

  /** Disarms for good; the shared thread stays, asleep and unref'd, for the process's next alarm. */
  dispose(): void {
    this.localDeadlineNs = Number.POSITIVE_INFINITY;
    this.thread.remove(this);
  }

  /** Called by the shared thread once the deadline has passed. */
  fire(): void {
    this.localDeadlineNs = Number.POSITIVE_INFINITY;
    this.onFire();
  }
}
