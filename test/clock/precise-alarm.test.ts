/**
 * @module test/clock/precise-alarm.test — the wake-up thread PhaseRunner waits with: never early, re-armable, cancellable.
 * (Its one user is the send loop, worker/phase-runner.)
 */
import { describe, expect, test } from "bun:test";
import { createRunClock, hostMonotonicNs } from "../../src/clock/mono-clock.ts";
import { PreciseAlarm } from "../../src/clock/precise-alarm.ts";
import { threadWakeFloor } from "../support/thread-wake-floor.ts";

const NS_PER_MS = 1e6;
const clock = createRunClock(hostMonotonicNs());

/** `started` resolves once the shared thread has answered; on Linux with glibc it is then ready. */
async function readyAlarm(onFire: () => void): Promise<PreciseAlarm> {
  const alarm = new PreciseAlarm(clock.now, onFire);
  await alarm.started;
  expect(alarm.ready).toBe(true);
  return alarm;
}

describe("clock/precise-alarm", () => {
  test("fires once, at or after its deadline, within a few milliseconds", async () => {
    let fired: number[] = [];
    const alarm = await readyAlarm(() => fired.push(clock.now()));
    const floor = threadWakeFloor();
    const lateNs: number[] = [];
    const floorLateNs: number[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        fired = [];
        const deadlineNs = clock.now() + 2 * NS_PER_MS;
        alarm.arm(deadlineNs);
        while (fired.length === 0) await Bun.sleep(1);
        expect(fired).toHaveLength(1);
        lateNs.push((fired[0] as number) - deadlineNs);
        floorLateNs.push(await floor.lateNs(2));
      }
    } finally {
      floor.close();
    }
    // Fired once each: a later alarm on the thread fires only after any second firing would have.
    let witnessed = false;
    const witness = await readyAlarm(() => (witnessed = true));
    witness.arm(clock.now() + 2 * NS_PER_MS);
    while (!witnessed) await Bun.sleep(1);
    expect(fired).toHaveLength(1);
    witness.dispose();
    alarm.dispose();
    lateNs.sort((a, b) => a - b);
    expect(lateNs[0]).toBeGreaterThanOrEqual(0);
    // A busy host can only add to a firing's lateness, and how often it preempts the helper thread
    // moves the median (by milliseconds with the cores oversubscribed): the best of the rounds is
    // our code's own (a wrong clock offset, sleeping through the deadline), held to 1 ms beyond the
    // best of a plain thread woken at the same instants in between.
    expect(lateNs[0]).toBeLessThan(NS_PER_MS + Math.min(...floorLateNs));
  });

  test("re-arming moves the deadline and disarming cancels it", async () => {
    const fired: number[] = [];
    const alarm = await readyAlarm(() => fired.push(clock.now()));
    const earlyNs = clock.now() + 5 * NS_PER_MS;
    alarm.arm(earlyNs);
    const laterNs = clock.now() + 20 * NS_PER_MS;
    alarm.arm(laterNs);
    while (fired.length === 0) await Bun.sleep(1);
    expect(fired[0]).toBeGreaterThanOrEqual(laterNs);

    // A disarmed deadline must not fire: a later alarm on the same thread fires in deadline
    // order, so once it has fired the disarmed one, had it been left armed, would have too.
    alarm.arm(clock.now() + 5 * NS_PER_MS);
    alarm.disarm();
    let witnessed = false;
    const witness = await readyAlarm(() => (witnessed = true));
    witness.arm(clock.now() + 10 * NS_PER_MS);
    while (!witnessed) await Bun.sleep(1);
    expect(fired).toHaveLength(1);
    witness.dispose();
    alarm.dispose();
  });

  test("alarms sharing the thread each fire at their own deadline", async () => {
    const order: string[] = [];
    const first = await readyAlarm(() => order.push("first"));
    const second = await readyAlarm(() => order.push("second"));
    second.arm(clock.now() + 10 * NS_PER_MS);
    first.arm(clock.now() + 3 * NS_PER_MS);
    while (order.length < 2) await Bun.sleep(1);
    expect(order).toEqual(["first", "second"]);
    first.dispose();
    second.dispose();
  });
});
