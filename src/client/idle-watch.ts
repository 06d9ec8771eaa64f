/**
 * @module client/idle-watch — notices a response that has been quiet for too long, cheaply.
 *
 * Two limits use it. A stall: a stream that sent no byte for --stall-timeout is aborted
 * (stalled_stream). A tail: a response has ended at `[DONE]` (client/stream-accumulator), but
 * its connection is reusable only once the body's end is read too — normally microseconds
 * later — and some servers keep the body open after `[DONE]` (or send `: ping` comments); such a
 * tail is read for at most TAIL_GRACE_MS, then cut. Each kind has one sweep over the open
 * watches of this process instead of a timer per response: the hot path only stores a time.
 * A limit is met to within its sweep period.
 */
export const TAIL_GRACE_MS = 20;
const STALL_SWEEP_MS = 1000;
const TAIL_SWEEP_MS = 5;

export interface IdleWatch {
  /** When the watched response last made progress (ns on the run clock); the hot path sets it. */
  lastNs: number;
  stop(): void;
}

interface Watched extends IdleWatch {
  limitNs: number;
  onIdle: () => void;
}

/** Watches that share one sweep, run every `intervalMs` while any is open. */
class IdleSweep {
  private readonly open = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private clock: () => number = () => 0;

  constructor(private readonly intervalMs: number) {}

  watch(limitNs: number, now: () => number, onIdle: () => void): IdleWatch {
    this.clock = now;
    const watched: Watched = { lastNs: now(), limitNs, onIdle, stop: () => this.open.delete(watched) };
    this.open.add(watched);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), this.intervalMs);
      this.timer.unref?.();
    }
    return watched;
  }

  private sweep(): void {
    const now = this.clock();
    for (const w of this.open) {
      if (now - w.lastNs > w.limitNs) {
        this.open.delete(w);
        w.onIdle();
      }
    }
    if (this.open.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

const stalls = new IdleSweep(STALL_SWEEP_MS);
const tails = new IdleSweep(TAIL_SWEEP_MS);

/** Starts watching a stream whose response headers just arrived; `onStall` once it is silent for `limitNs`. */
export function watchStream(limitNs: number, now: () => number, onStall: () => void): IdleWatch {
  return stalls.watch(limitNs, now, onStall);
}

/** Starts watching the tail of a body after `[DONE]`; `cut` once it is still open after TAIL_GRACE_MS. */
export function watchTail(now: () => number, cut: () => void): IdleWatch {
  return tails.watch(TAIL_GRACE_MS * 1e6, now, cut);
}
