/**
 * @module clock/libc — opening the C library through bun:ffi on every platform a release targets.
 *
 * The file differs: glibc's `libc.so.6`; musl's `libc.musl-<arch>.so.1` (Alpine, the
 * linux-x64-musl build); macOS's `libc.dylib`. So does CLOCK_MONOTONIC's id: 1 on Linux, 6 on
 * macOS (its <time.h>). Callers fall back when nothing opens: every use is an optimisation or
 * has a coarser substitute (clock/mono-clock says which one `info` reports).
 */
import type { FFIFunction } from "bun:ffi";

/** C library file names to try, best first. */
export function libcNames(platform: string = process.platform, arch: string = process.arch): string[] {
  if (platform === "darwin") return ["libc.dylib", "libSystem.B.dylib"];
  const muslArch = arch === "arm64" ? "aarch64" : "x86_64";
  return ["libc.so.6", `libc.musl-${muslArch}.so.1`, "libc.so"];
}

/** CLOCK_MONOTONIC's clockid_t. */
export function monotonicClockId(platform: string = process.platform): number {
  return platform === "darwin" ? 6 : 1;
}

/** The first C library that opens with these symbols, or null (no FFI, or none of the names). */
export function openLibc<Symbols extends Record<string, FFIFunction>>(
  symbols: Symbols,
  names: readonly string[] = libcNames(),
) {
  let ffi: typeof import("bun:ffi");
  try {
    ffi = require("bun:ffi") as typeof import("bun:ffi");
  } catch {
    // No FFI in this runtime: nothing can be opened.
    return null;
  }
  for (const name of names) {
    try {
      return { library: ffi.dlopen(name, symbols), name };
    } catch {
      // Not this platform's file name (or a symbol is missing there): try the next one.
    }
  }
  return null;
}
