/**
 * @module tuning/linux-libc — C library functions through bun:ffi, for the Linux-only tuning
 * (CPU affinity, helper-thread scheduling), with glibc or musl (clock/libc).
 *
 * Returns null off Linux (macOS has no sched_setaffinity), or where no C library opens: callers
 * then do nothing, since every use is an optimisation, never a requirement.
 */
import type { FFIFunction } from "bun:ffi";
import { openLibc } from "../clock/libc.ts";

export function openLinuxLibc<Symbols extends Record<string, FFIFunction>>(symbols: Symbols) {
  if (process.platform !== "linux") return null;
  return openLibc(symbols)?.library.symbols ?? null;
}

/** A pointer to `view` for an FFI argument (bun:ffi loaded on demand). */
export function pointerTo(view: Int32Array | Uint8Array): number {
  return (require("bun:ffi") as typeof import("bun:ffi")).ptr(view) as unknown as number;
}
