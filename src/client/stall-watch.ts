/**
 * @module client/stall-watch — cuts streams that went silent (stalled_stream), cheaply.
 *
 * One sweep per second over the open streams of this process, instead of a timer per chunk:
 * the hot path only stores the time of the last read. A stream silent for longer than its limit
 * is aborted; the limit is met to within the sweep period.
 */
const SWEEP_INTERVAL_MS = 1000;

export interface StreamWatch {
  lastByteNs: number;
  stop(): void;
}

interface Watched extends StreamWatch {
  limitNs: number;
  onStall: () => void;
}

const open = new Set<Watched>();
let sweeper: ReturnType<typeof setInterval> | null = null;
let clock: () => number = () => 0;

function sweep(): void {
  const now = clock();
  for (const w of open) {
    if (now - w.lastByteNs > w.limitNs) {
      open.delete(w);
      w.onStall();
    }
  }
  if (open.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = null;
  }
}

/** Starts watching a stream whose response headers just arrived. */
export function watchStream(limitNs: number, now: () => number, onStall: () => void): StreamWatch {
  clock = now;
  const watched: Watched = { lastByteNs: now(), limitNs, onStall, stop: () => open.delete(watched) };
  open.add(watched);
  if (!sweeper) {
    sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweeper.unref?.();
  }
  return watched;
}
