/**
 * @module clock/mono-clock — one monotonic nanosecond clock shared by every process on a host.
 *
 * `Bun.nanoseconds()` (and Bun's `process.hrtime`) count from each process's own start, so two
 * processes cannot compare them. We calibrate once per process against the kernel's
 * CLOCK_MONOTONIC (through libc's clock_gettime via bun:ffi), which every process on the host
 * shares, and then read the cheap `Bun.nanoseconds()` on the hot path (glibc, musl and macOS:
 * clock/libc). Where no C library opens we fall back to `performance.timeOrigin`, which is
 * wall-clock based and good to well under a millisecond between processes started within one run.
 */
import { monotonicClockId, openLibc } from "./libc.ts";

const CALIBRATION_ROUNDS = 9;

/** Offset (ns, as bigint) such that CLOCK_MONOTONIC ≈ Bun.nanoseconds() + offset. */
function calibrateMonotonicOffset(): { offsetNs: bigint; source: "clock_gettime" | "time_origin" } {
  const libc = openLibc({ clock_gettime: { args: ["i32", "ptr"], returns: "i32" } });
  try {
    if (!libc) throw new Error("no C library");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    const clockId = monotonicClockId();
    const timespec = new BigInt64Array(2);
    const pointer = ffi.ptr(timespec);
    let bestSpan = Number.POSITIVE_INFINITY;
    let offsetNs = 0n;
    for (let i = 0; i < CALIBRATION_ROUNDS; i++) {
      const before = Bun.nanoseconds();
      if (libc.library.symbols.clock_gettime(clockId, pointer) !== 0) throw new Error("clock_gettime failed");
      const after = Bun.nanoseconds();
      const monoNs = (timespec[0] as bigint) * 1_000_000_000n + (timespec[1] as bigint);
      if (after - before < bestSpan) {
        bestSpan = after - before;
        offsetNs = monoNs - BigInt(Math.round((before + after) / 2));
      }
    }
    libc.library.close();
    return { offsetNs, source: "clock_gettime" };
  } catch {
    // FFI or libc missing: fall back to the wall-clock origin of this process (see module doc).
    const originNs = BigInt(Math.round(performance.timeOrigin * 1e6));
    return { offsetNs: originNs, source: "time_origin" };
  }
}

const calibration = calibrateMonotonicOffset();

/** Which source the host clock was calibrated from (reported by `info`). */
export const clockSource = calibration.source;

/** Host-monotonic ns minus this thread's `Bun.nanoseconds()` (each thread's count starts at its own start). */
export const monoOffsetNs: bigint = calibration.offsetNs;

/** Current host-monotonic time in ns as a bigint (for choosing a run's T0; not for the hot path). */
export function hostMonotonicNs(): bigint {
  return BigInt(Math.round(Bun.nanoseconds())) + calibration.offsetNs;
}

/**
 * A clock reading integer ns relative to a run's T0 (a host-monotonic instant). Relative values
 * stay exact in a double for 104 days, unlike absolute ones.
 */
export interface RunClock {
  /** ns since T0 (negative before T0). */
  now(): number;
  /** T0 as host-monotonic ns. */
  readonly t0MonoNs: bigint;
}

export function createRunClock(t0MonoNs: bigint): RunClock {
  // T0 expressed on this process's Bun.nanoseconds() scale: a small number, exact as a double.
  const t0Local = Number(t0MonoNs - calibration.offsetNs);
  return {
    now: () => Math.round(Bun.nanoseconds() - t0Local),
    t0MonoNs,
  };
}
