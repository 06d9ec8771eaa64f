/**
 * @module tuning/helper-tender — a worker's policy for the runtime's helper threads while its phases run.
 *
 * Helper threads (JIT compilers, the allocator's scavenger) appear during the run, so they are
 * tended every 10–100 ms (tuning/helper-threads): moved to main's CPU when there is one
 * (priority untouched). Else they stay on this core, at their normal priority until a timed
 * phase is armed — an offline or concurrency phase has no send instant to protect, and there a
 * nice-19 JIT only compiles late — then at nice 19 or — decided once a second — SCHED_IDLE while
 * every timed phase keeps up with its schedule (no send 10 ms late: a backlog rather than
 * jitter), because a saturated worker must not starve its JIT. Priorities only go down: raising
 * one back needs privileges. A compiler thread JSC starts mid-phase runs on this core until the
 * next tend, and JSC starts most of them in a phase's first second, so helpers are tended on
 * every 10 ms tick then and on every 10th tick after that (each tend takes the JS thread's time).
 */
import { HelperThreads, type HelperPriority } from "./helper-threads.ts";

const TICK_MS = 10;
const EAGER_TICKS = 100;
const CALM_EVERY = 10;
/** Ticks between priority decisions when helper threads share the worker's core (1 s). */
const PRIORITY_TICKS = 100;
const KEEPING_UP_LAG_NS = 10_000_000;

/** What the tender needs to know of a running phase. */
export interface TendedPhase {
  /** Sends are due at instants (a rate pattern), not as fast as slots allow. */
  readonly timed: boolean;
  /** The latest any send went out since the last call, ns. */
  takeMaxLagNs(): number;
}

export class HelperTender {
  private readonly helpers: HelperThreads;
  private priority: HelperPriority = "normal";
  private ticks = 0;
  private eagerUntilTick = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  /** `helperCpus`: where helper threads go (main's CPU); empty = they stay, at the priorities above. */
  constructor(
    helperCpus: readonly number[],
    private readonly phases: () => Iterable<TendedPhase>,
  ) {
    this.helpers = new HelperThreads(helperCpus);
    this.helpers.tend(this.priority);
  }

  /** A phase is armed: a timed one protects its send instants from here on. */
  phaseArmed(timed: boolean): void {
    if (timed && this.priority === "normal") this.priority = "nice";
    this.helpers.tend(this.priority);
  }

  /** A phase starts: tend eagerly for its first second. */
  phaseStarted(): void {
    this.eagerUntilTick = this.ticks + EAGER_TICKS;
    if (this.timer === null) {
      this.timer = setInterval(() => this.tick(), TICK_MS);
      this.timer.unref?.();
    }
  }

  private tick(): void {
    const tick = ++this.ticks;
    if (tick % PRIORITY_TICKS === 0) this.priority = this.decidePriority();
    if (tick <= this.eagerUntilTick || tick % CALM_EVERY === 0) this.helpers.tend(this.priority);
  }

  private decidePriority(): HelperPriority {
    let timed = false;
    let keepingUp = true;
    for (const phase of this.phases()) {
      if (!phase.timed) continue;
      timed = true;
      if (phase.takeMaxLagNs() > KEEPING_UP_LAG_NS) keepingUp = false;
    }
    if (!timed) return this.priority;
    return keepingUp ? "idle" : "nice";
  }
}
