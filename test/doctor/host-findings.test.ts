/** @module test/doctor/host-findings — each host finding and its fix, table-driven. */
import { describe, expect, test } from "bun:test";
import { hostFindings, type HostFacts } from "../../src/doctor/host-findings.ts";

const good: HostFacts = {
  clockSource: "clock_gettime",
  clockStepNs: 30,
  cpus: 8,
  usableCpus: 8,
  openFiles: { soft: 65536, hard: 65536 },
  portRange: [32768, 60999],
  env: {},
};
const find = (facts: Partial<HostFacts>, name: string) =>
  hostFindings({ ...good, ...facts }).find((f) => f.name === name);

describe("doctor/host-findings", () => {
  test("a good host: every finding ok, no fixes", () => {
    expect(hostFindings(good).every((f) => f.status === "ok" && f.fix === undefined)).toBe(true);
  });

  test.each([
    ["a coarse clock", { clockStepNs: 1_000_000 }, "clock", "tsc"],
    ["one usable CPU", { usableCpus: 1 }, "cpus", "at least 2 CPUs"],
    ["1024 open files", { openFiles: { soft: 1024, hard: 1_048_576 } }, "open_files", "ulimit -n 65536 before the run"],
    [
      "a hard limit below what is needed",
      { openFiles: { soft: 1024, hard: 2048 } },
      "open_files",
      "ulimit -n 2048 before the run (the hard limit needs raising first",
    ],
    [
      "a narrow port range",
      { portRange: [60000, 61000] as [number, number] },
      "ephemeral_ports",
      "ip_local_port_range='1024 65535'",
    ],
    ["a proxy in the environment", { env: { https_proxy: "http://proxy:3128" } }, "proxy", "NO_PROXY"],
  ])("%s warns, with a fix", (_title, facts, name, fix) => {
    const finding = find(facts, name);
    expect(finding?.status).toBe("warn");
    expect(finding?.fix).toContain(fix);
  });

  test("the open-file finding says how many descriptors 4,000 connections need", () => {
    expect(find({ openFiles: { soft: 1024, hard: 4096 } }, "open_files")?.detail).toBe(
      "soft limit 1024, hard 4096: too few for 4000 connections (4256 descriptors)",
    );
  });
});
