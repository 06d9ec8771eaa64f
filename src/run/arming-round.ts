/**
 * @module run/arming-round — waiting for every worker dealt a phase to say it holds its share.
 *
 * The session deals a phase, then waits here: `settled` resolves true once each receiver has
 * answered `phase-armed` for this phase, or false as soon as one of them dies first (the
 * session then deals the phase again among the workers still alive). Answers for another phase
 * and deaths of workers not dealt this phase change nothing.
 */
export class ArmingRound {
  readonly settled: Promise<boolean>;
  private resolve!: (allArmed: boolean) => void;
  private readonly waiting: Set<number>;
  private done = false;

  constructor(
    readonly phase: string,
    receivers: readonly number[],
  ) {
    this.waiting = new Set(receivers);
    this.settled = new Promise((resolve) => (this.resolve = resolve));
    if (this.waiting.size === 0) this.finish(true);
  }

  /** A worker answered `phase-armed`. */
  armed(workerId: number, phase: string): void {
    if (phase !== this.phase || !this.waiting.delete(workerId)) return;
    if (this.waiting.size === 0) this.finish(true);
  }

  /** A worker exited. */
  died(workerId: number): void {
    if (this.waiting.has(workerId)) this.finish(false);
  }

  private finish(allArmed: boolean): void {
    if (this.done) return;
    this.done = true;
    this.resolve(allArmed);
  }
}
