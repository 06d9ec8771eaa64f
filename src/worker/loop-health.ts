/**
 * @module worker/loop-health — how late the worker's event loop ran and how busy its CPU was,
 * sampled through a phase: the read side's own share of TTFT, ITL and latency.
 *
 * Bytes are stamped when their read callback runs; a loop that is late runs every callback late
 * by as much, so the lateness of a short timer bounds the delay the client added to each stamp.
 * Every TICK_MS a timer notes how late it fired; every WINDOW_MS the window's worst lateness and
 * the process's CPU use (user + system time over wall time, helper threads included) become one
 * sample, and samples go to main about once a second (main writes them to events.db as they come,
 * so a worker that dies keeps what it sent).
 */

/** The timer's period: short enough to see a stall of a few ms, rare enough to cost nothing. */
const TICK_MS = 10;
/** One sample per window: a 10-minute phase is 2,400 samples per worker. */
const WINDOW_MS = 250;
/** Samples sent at once. */
const SAMPLES_PER_FLUSH = 4;

export class LoopHealthSampler {
  readonly #now: () => number;
  readonly #flush: (samples: Float64Array) => void;
  #timer: ReturnType<typeof setInterval> | null = null;
  #expectedNs = 0;
  #windowStartNs = 0;
  #windowCpuUs = 0;
  #worstLateNs = 0;
  /** Flattened (end of window, worst lateness ns, CPU fraction) triples not yet sent. */
  #pending: number[] = [];

  /** `now`: the run clock (ns); `flush`: hands a batch of samples to main. */
  constructor(now: () => number, flush: (samples: Float64Array) => void) {
    this.#now = now;
    this.#flush = flush;
  }

  start(): void {
    if (this.#timer) return;
    const now = this.#now();
    this.#expectedNs = now + TICK_MS * 1e6;
    this.#windowStartNs = now;
    this.#windowCpuUs = cpuMicros();
    this.#worstLateNs = 0;
    this.#timer = setInterval(() => this.#tick(), TICK_MS);
  }

  /** Stops sampling and sends what is left, the window in progress included. */
  stop(): void {
    if (!this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = null;
    this.#closeWindow(this.#now());
    this.#send();
  }

  #tick(): void {
    const now = this.#now();
    this.#worstLateNs = Math.max(this.#worstLateNs, now - this.#expectedNs);
    this.#expectedNs = now + TICK_MS * 1e6;
    if (now - this.#windowStartNs >= WINDOW_MS * 1e6) {
      this.#closeWindow(now);
      if (this.#pending.length >= 3 * SAMPLES_PER_FLUSH) this.#send();
    }
  }

  #closeWindow(now: number): void {
    const wallNs = now - this.#windowStartNs;
    if (wallNs <= 0) return;
    const cpu = cpuMicros();
    this.#pending.push(now, Math.max(this.#worstLateNs, 0), ((cpu - this.#windowCpuUs) * 1e3) / wallNs);
    this.#windowStartNs = now;
    this.#windowCpuUs = cpu;
    this.#worstLateNs = 0;
  }

  #send(): void {
    if (this.#pending.length === 0) return;
    this.#flush(Float64Array.from(this.#pending));
    this.#pending = [];
  }
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
