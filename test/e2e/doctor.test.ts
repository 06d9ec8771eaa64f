/** `inference-endpoint doctor` on this machine: its open-file limit and clock as /proc shows them, and a capacity figure from a real loopback run. */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { runCli } from "./run-cli.ts";

describe("cli/doctor", () => {
  test("--json: the findings, and a capacity measured on loopback", async () => {
    const result = await runCli(["doctor", "--json", "--seconds", "1"]);
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout) as {
      findings: { name: string; detail: string }[];
      capacity: { requestsPerS: number; streamedTokensPerS: number; usable_cpus: number };
    };
    expect(report.findings.map((f) => f.name)).toContain("clock");
    if (existsSync("/proc/self/limits")) {
      const soft = /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
      expect(report.findings.find((f) => f.name === "open_files")?.detail).toStartWith(`soft limit ${soft},`);
    }
    expect(report.capacity.requestsPerS).toBeGreaterThan(100);
    expect(report.capacity.streamedTokensPerS).toBeGreaterThan(100);
  }, 30_000);

  test("text output has a fix line under a warning, and --seconds 0 skips the capacity run", async () => {
    const result = await runCli(["doctor", "--seconds", "0"], { env: { HTTPS_PROXY: "http://proxy.invalid:3128" } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /\[WARN\] proxy: HTTPS_PROXY set.*\n {7}fix: unset them for the benchmark, or list the endpoint hosts in NO_PROXY\n/,
    );
    expect(result.stdout).not.toContain("capacity on loopback");
  });
});
