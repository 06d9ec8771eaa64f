/** @module doctor/read-host — the host facts doctor/host-findings judges, read from this process and /proc. */
import { existsSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { clockSource } from "../clock/mono-clock.ts";
import { usableCpuCount } from "../tuning/runtime-tuning.ts";
import type { HostFacts } from "./host-findings.ts";

/** Smallest non-zero difference between consecutive clock reads over a few thousand reads. */
function clockStepNs(): number {
  let smallest = Number.POSITIVE_INFINITY;
  let last = Bun.nanoseconds();
  for (let i = 0; i < 20_000; i++) {
    const now = Bun.nanoseconds();
    if (now > last) smallest = Math.min(smallest, now - last);
    last = now;
  }
  return Number.isFinite(smallest) ? smallest : 0;
}

function openFiles(): HostFacts["openFiles"] {
  const path = "/proc/self/limits";
  if (!existsSync(path)) return null;
  const line = readFileSync(path, "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const [soft, hard] = (line?.match(/(\d+|unlimited)\s+(\d+|unlimited)/)?.slice(1) ?? []).map((v) =>
    v === "unlimited" ? Number.MAX_SAFE_INTEGER : Number(v),
  );
  return soft === undefined || hard === undefined ? null : { soft, hard };
}

function portRange(): HostFacts["portRange"] {
  const path = "/proc/sys/net/ipv4/ip_local_port_range";
  if (!existsSync(path)) return null;
  const [low, high] = readFileSync(path, "utf8").trim().split(/\s+/).map(Number);
  return low === undefined || high === undefined || Number.isNaN(low) || Number.isNaN(high) ? null : [low, high];
}

export function readHostFacts(env: Readonly<Record<string, string | undefined>> = process.env): HostFacts {
  return {
    clockSource,
    clockStepNs: clockStepNs(),
    cpus: cpus().length,
    usableCpus: usableCpuCount(),
    openFiles: openFiles(),
    portRange: portRange(),
    env,
  };
}
