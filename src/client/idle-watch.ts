/**
 * @module client/idle-watch — notices a response that has been quiet for too long, cheaply.
 *
 * Two limits use it. A stall: a stream that sent no byte for --stall-timeout after its first
 * body byte is aborted (stalled_stream); so is a whole body, watched from its headers when they
 * declared its length (it was ready then). The watch starts at that byte, not at the headers:
 * vLLM, TensorRT-LLM and SGLang's `/generate` send the headers when they admit the request and
 * the first byte only after it has queued and been prefilled, so silence before it is queueing
 * (--request-timeout bounds it), not a stall. A tail: a response has ended at `[DONE]` (client/stream-accumulator), but
 * its connection is reusable only once the body's end is read too — normally microseconds
 * later — and some servers keep the body open after `[DONE]` (or send `: ping` comments); such a
 * tail is read for at most TAIL_GRACE_MS, then cut. Each kind has one sweep over the open
 * watches of this process instead of a timer per response, and a watch is a plain object with
 * no closures of its own: the hot path only stores a time. A sweep that finds nothing open
 * lingers a few periods before it stops, so a busy client does not start a timer per response.
 * A sweep runs every quarter of the shortest limit it watches (a stall sweep at least once a
 * second), so a limit is met within a quarter of itself, or within a second when that is less:
 * `--stall-timeout 0.3` cuts a silent stream 0.3 to 0.375 s after its last byte, 60 within 61 s.
 */
const TAIL_GRACE_MS = 20;
const STALL_SWEEP_MS = 1000;
const TAIL_SWEEP_MS = 5;

/** How often a sweep looks for watches of `limitNs`: a quarter of the limit, 1 ms at least, `longestMs` at most. */
export function sweepIntervalMs(limitNs: number, longestMs: number): number {
  return Math.min(longestMs, Math.max(1, Math.floor(limitNs / 4e6)));
}

/** Empty sweeps before a sweep's timer stops. */
const LINGER_SWEEPS = 100;

interface IdleWatch {
  /** When the watched response last made progress (ns on the run clock); the hot path sets it. */
  lastNs: number;
  stop(): void;
}

interface Watched {
  lastNs: number;
  readonly limitNs: number;
  onIdle(): void;
}

/** Watches that share one sweep, run while any is open, as often as the shortest limit it has met needs (sweepIntervalMs). */
class IdleSweep {
  private readonly open = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private intervalMs: number;
  private emptySweeps = 0;
  clock: () => number = () => 0;

  constructor(private readonly longestMs: number) {
    this.intervalMs = longestMs;
  }

  add(watched: Watched, now: () => number): void {
    this.clock = now;
    this.open.add(watched);
    const wanted = sweepIntervalMs(watched.limitNs, this.longestMs);
    if (this.timer !== null && wanted >= this.intervalMs) return;
    if (this.timer !== null) clearInterval(this.timer);
    this.intervalMs = wanted;
    this.timer = setInterval(() => this.sweep(), wanted);
    this.timer.unref?.();
  }

  remove(watched: Watched): void {
    this.open.delete(watched);
  }

  private sweep(): void {
    if (this.open.size === 0) {
      if (++this.emptySweeps >= LINGER_SWEEPS && this.timer !== null) {
        clearInterval(this.timer);
        this.timer = null;
        this.emptySweeps = 0;
        this.intervalMs = this.longestMs;
      }
      return;
    }
    this.emptySweeps = 0;
    const now = this.clock();
    for (const w of this.open) {
      if (now - w.lastNs > w.limitNs) {
        this.open.delete(w);
        w.onIdle();
      }
    }
  }
}

const stalls = new IdleSweep(STALL_SWEEP_MS);
const tails = new IdleSweep(TAIL_SWEEP_MS);

class StallTimer implements Watched {
  constructor(
    public lastNs: number,
    readonly limitNs: number,
    private readonly onStall: () => void,
  ) {}

  onIdle(): void {
    this.onStall();
  }
}

/** The stall watch of one stream: armed by its first body byte, then kept alive by every later read; `onStall` once it is silent for `limitNs` (0: never). */
export class StreamStallWatch {
  private timer: StallTimer | null = null;
  private stopped = false;

  constructor(
    private readonly limitNs: number,
    private readonly now: () => number,
    private readonly onStall: () => void,
  ) {}

  /** A read with bytes arrived at `arrivalNs`. */
  progress(arrivalNs: number): void {
    if (this.timer !== null) this.timer.lastNs = arrivalNs;
    else if (this.limitNs > 0 && !this.stopped) {
      this.timer = new StallTimer(arrivalNs, this.limitNs, this.onStall);
      stalls.add(this.timer, this.now);
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) stalls.remove(this.timer);
  }
}

/** What is left of a body after `[DONE]`: cut (its connection closed) once it stays open past the grace. */
export class BodyTail implements Watched, IdleWatch {
  lastNs: number;
  readonly limitNs = TAIL_GRACE_MS * 1e6;
  /** The grace ran out and the body was cancelled. */
  cut = false;

  constructor(
    private readonly reader: { cancel(): Promise<void> },
    now: () => number,
  ) {
    this.lastNs = now();
    tails.add(this, now);
  }

  onIdle(): void {
    this.cut = true;
    this.reader.cancel().catch(ignoreCancelFailure);
  }

  stop(): void {
    tails.remove(this);
  }
}

function ignoreCancelFailure(): void {
  // Cancelling a body whose connection already went away: nothing left to stop.
}
