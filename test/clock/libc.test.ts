/** @module test/clock/libc.test — which C library each release target opens, CLOCK_MONOTONIC's id, and the fallback when none opens. */
import { describe, expect, test } from "bun:test";
import { libcNames, monotonicClockId, openLibc } from "../../src/clock/libc.ts";

describe("clock/libc", () => {
  test.each<[string, string, string[], number]>([
    ["linux", "x64", ["libc.so.6", "libc.musl-x86_64.so.1", "libc.so"], 1],
    ["linux", "arm64", ["libc.so.6", "libc.musl-aarch64.so.1", "libc.so"], 1],
    ["darwin", "arm64", ["libc.dylib", "libSystem.B.dylib"], 6],
  ])("%s %s: tries %j, CLOCK_MONOTONIC is %d", (platform, arch, names, clockId) => {
    expect(libcNames(platform, arch)).toEqual(names);
    expect(monotonicClockId(platform)).toBe(clockId);
  });

  test("opens this host's C library and reads the monotonic clock", () => {
    const libc = openLibc({ clock_gettime: { args: ["i32", "ptr"], returns: "i32" } });
    expect(libc).not.toBeNull();
    const { ptr } = require("bun:ffi") as typeof import("bun:ffi");
    const timespec = new BigInt64Array(2);
    expect(libc?.library.symbols.clock_gettime(monotonicClockId(), ptr(timespec))).toBe(0);
    expect(timespec[0] as bigint).toBeGreaterThan(0n);
    libc?.library.close();
  });

  test("gives null, not an exception, when no name opens (a platform without any of them)", () => {
    expect(openLibc({ clock_gettime: { args: ["i32", "ptr"], returns: "i32" } }, ["libnothing-here.so.9"])).toBeNull();
  });
});
