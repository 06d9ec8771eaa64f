/**
 * @module tuning/linux-libc — glibc functions through bun:ffi, for the Linux-only tuning (CPU
 * affinity, helper-thread scheduling).
 *
 * Returns null off Linux, without glibc (e.g. musl) or without FFI: callers then do nothing,
 * since every use is an optimisation, never a requirement.
 */
import type { FFIFunction } from "bun:ffi";

export function openLinuxLibc<Symbols extends Record<string, FFIFunction>>(symbols: Symbols) {
  if (process.platform !== "linux") return null;
  try {
    const ffi = require("bun:ffi") as typeof import("bun:ffi");
    return ffi.dlopen("libc.so.6", symbols).symbols;
  } catch {
    // No glibc or no FFI: the caller's tuning is skipped.
    return null;
  }
}

/** A pointer to `view` for an FFI argument (bun:ffi loaded on demand). */
export function pointerTo(view: Int32Array | Uint8Array): number {
  return (require("bun:ffi") as typeof import("bun:ffi")).ptr(view) as unknown as number;
}
