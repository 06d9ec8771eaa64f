/**
 * @module client/idle-watch — notices a response that has been quiet for too long, cheaply.
 *
 * Two limits use it. A stall: a stream that sent no byte for --stall-timeout is aborted
 * (stalled_stream). A tail: a response has ended at `[DONE]` (client/stream-accumulator), but
 * its connection is reusable only once the body's end is read too — normally microseconds
 * later — and some servers keep the body open after `[DONE]` (or send `: ping` comments); such a
 * tail is read for at most TAIL_GRACE_MS, then cut. Each kind has one sweep over the open
 * watches of this process instead of a timer per response, and a watch is a plain object with
 * no closures of its own: the hot path only stores a time. A sweep that finds nothing open
 * lingers a few periods before it stops, so a busy client does not start a timer per response.
 * A limit is met to within its sweep period.
 */
const TAIL_GRACE_MS = 20;
const STALL_SWEEP_MS = 1000;
const TAIL_SWEEP_MS = 5;
/** Empty sweeps before a sweep's timer stops. */
const LINGER_SWEEPS = 100;

export interface IdleWatch {
  /** When the watched response last made progress (ns on the run clock); the hot path sets it. */
  lastNs: number;
  stop(): void;
}

interface Watched {
  lastNs: number;
  readonly limitNs: number;
  onIdle(): void;
}

/** Watches that share one sweep, run every `intervalMs` while any is open. */
class IdleSweep {
  private readonly open = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private emptySweeps = 0;
  clock: () => number = () => 0;

  constructor(private readonly intervalMs: number) {}

  add(watched: Watched, now: () => number): void {
    this.clock = now;
    this.open.add(watched);
    if (this.timer === null) {
      this.timer = setInterval(() => this.sweep(), this.intervalMs);
      this.timer.unref?.();
    }
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

class StallWatch implements Watched, IdleWatch {
  constructor(public lastNs: number, readonly limitNs: number, private readonly onStall: () => void) {}

  onIdle(): void {
    this.onStall();
  }

  stop(): void {
    stalls.remove(this);
  }
}

/** Starts watching a stream whose response headers just arrived; `onStall` once it is silent for `limitNs`. */
export function watchStream(limitNs: number, now: () => number, onStall: () => void): IdleWatch {
  const watch = new StallWatch(now(), limitNs, onStall);
  stalls.add(watch, now);
  return watch;
}

/** What is left of a body after `[DONE]`: cut (its connection closed) once it stays open past the grace. */
export class BodyTail implements Watched, IdleWatch {
  lastNs: number;
  readonly limitNs = TAIL_GRACE_MS * 1e6;
  /** The grace ran out and the body was cancelled. */
  cut = false;

  constructor(private readonly reader: { cancel(): Promise<void> }, now: () => number) {
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
