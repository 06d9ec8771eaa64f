/** @module test/run/helper-thread-priority.test — the JIT compiler threads end up at nice 19 (Linux). */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { lowerHelperThreadPriority } from "../../src/run/helper-thread-priority.ts";

/** nice of every thread of this process named `name` (field 19 of /proc/self/task/TID/stat). */
function niceOf(name: string): number[] {
  return readdirSync("/proc/self/task").flatMap((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== name) return [];
    return [Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
  });
}

describe("run/helper-thread-priority", () => {
  test.skipIf(process.platform !== "linux")("lowers every JITWorker thread to nice 19 and leaves this thread alone", () => {
    const jitThreads = niceOf("JITWorker").length;
    expect(lowerHelperThreadPriority()).toBeGreaterThanOrEqual(jitThreads);
    expect(niceOf("JITWorker")).toEqual(Array.from({ length: jitThreads }, () => 19));
    const mainStat = readFileSync("/proc/self/stat", "utf8");
    expect(mainStat.slice(mainStat.lastIndexOf(")") + 2).split(" ")[16]).toBe("0");
  });
});
