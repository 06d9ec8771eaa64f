/**
 * @module doctor/host-findings — what `doctor` checks on a host before a benchmark, as pure
 * functions of what it read: the clock, the CPUs a run may use, the open-file limit against the
 * connections a large run opens (one descriptor per connection, plus the run's own), the
 * ephemeral port range, and proxy variables that would route the benchmark's traffic through a
 * proxy. Each finding has a status and, when it is not ok, a one-line fix.
 */

type FindingStatus = "ok" | "warn" | "fail";

interface Finding {
  name: string;
  status: FindingStatus;
  detail: string;
  fix?: string;
}

export interface HostFacts {
  clockSource: string;
  /** Smallest non-zero step between two clock reads, ns. */
  clockStepNs: number;
  cpus: number;
  usableCpus: number;
  /** Soft and hard RLIMIT_NOFILE; null where it cannot be read. */
  openFiles: { soft: number; hard: number } | null;
  /** Linux's ip_local_port_range; null elsewhere. */
  portRange: [number, number] | null;
  env: Readonly<Record<string, string | undefined>>;
}

/** Streams a large run keeps open (README: 4,000 streams need 4,000+ descriptors). */
const LARGE_RUN_CONNECTIONS = 4_000;
/** Descriptors a run needs besides its connections: files, sockets to workers, the database. */
const DESCRIPTOR_HEADROOM = 256;
const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"];

function proxyFinding(env: HostFacts["env"]): Finding {
  const set = PROXY_VARIABLES.filter((name) => env[name]);
  if (set.length === 0) return { name: "proxy", status: "ok", detail: "no HTTP proxy variables set" };
  const noProxy = env.NO_PROXY ?? env.no_proxy ?? "";
  return {
    name: "proxy",
    status: "warn",
    detail:
      `${set.join(", ")} set${noProxy ? `; NO_PROXY=${noProxy}` : ""}: requests to endpoints ` +
      `NO_PROXY does not list go through the proxy, which then is what you measure`,
    fix: "unset them for the benchmark, or list the endpoint hosts in NO_PROXY",
  };
}

export function hostFindings(facts: HostFacts): Finding[] {
  const findings: Finding[] = [];
  findings.push({
    name: "clock",
    status: facts.clockStepNs <= 1_000 ? "ok" : "warn",
    detail: `host monotonic via ${facts.clockSource}, smallest step ${facts.clockStepNs} ns`,
    ...(facts.clockStepNs <= 1_000
      ? {}
      : { fix: "use a host with a nanosecond clock source (tsc); coarse clocks blur TTFT and ITL" }),
  });
  findings.push({
    name: "cpus",
    status: facts.usableCpus >= 2 ? "ok" : "warn",
    detail: `${facts.usableCpus} of ${facts.cpus} CPUs usable by this process`,
    ...(facts.usableCpus >= 2
      ? {}
      : {
          fix: "give the benchmark at least 2 CPUs (main process and a worker), e.g. widen taskset or the container's cpuset",
        }),
  });
  if (facts.openFiles === null)
    findings.push({ name: "open_files", status: "warn", detail: "the open-file limit could not be read" });
  else {
    const needed = LARGE_RUN_CONNECTIONS + DESCRIPTOR_HEADROOM;
    const ok = facts.openFiles.soft >= needed;
    findings.push({
      name: "open_files",
      status: ok ? "ok" : "warn",
      detail:
        `soft limit ${facts.openFiles.soft}, hard ${facts.openFiles.hard}: ` +
        `${ok ? "enough" : "too few"} for ${LARGE_RUN_CONNECTIONS} connections (${needed} ` +
        `descriptors)`,
      ...(ok
        ? {}
        : {
            fix:
              `ulimit -n ${Math.min(Math.max(needed, 65_536), facts.openFiles.hard)} before the ` +
              `run${facts.openFiles.hard < needed ? " (the hard limit needs raising first, in limits.conf or the container)" : ""}`,
          }),
    });
  }
  if (facts.portRange) {
    const ports = facts.portRange[1] - facts.portRange[0] + 1;
    const ok = ports >= LARGE_RUN_CONNECTIONS * 2;
    findings.push({
      name: "ephemeral_ports",
      status: ok ? "ok" : "warn",
      detail: `${facts.portRange[0]}–${facts.portRange[1]}: ${ports} ports per destination address and port`,
      ...(ok ? {} : { fix: "sysctl -w net.ipv4.ip_local_port_range='1024 65535'" }),
    });
  }
  findings.push(proxyFinding(facts.env));
  return findings;
}
