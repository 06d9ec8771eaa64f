/**
 * @module cli/commands/doctor — `inference-endpoint doctor [--json] [--seconds N]`: what to check
 * on a new host before benchmarking (doctor/host-findings), and this host's client capacity on
 * loopback (doctor/loopback-capacity; `--seconds 0` skips it). Exit 0; a finding never fails it.
 */
import type { FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { rejectPositionals } from "../../config/reject-positionals.ts";

const DOCTOR_FLAGS: readonly FlagSpec[] = [
  {
    flag: "--json",
    aliases: [],
    path: "json",
    kind: "boolean",
    description: "print the findings and capacity as JSON",
    commands: ["doctor"],
  },
  {
    flag: "--seconds",
    aliases: [],
    path: "seconds",
    kind: "number",
    description: "length of the loopback capacity run; 0 skips it",
    defaultText: "3",
    commands: ["doctor"],
  },
];

export const doctorCommand: Command = {
  words: ["doctor"],
  summary: "check this host before a benchmark: clock, CPUs, open files, ports, proxies, and its client capacity",
  help: () =>
    "Usage: inference-endpoint doctor [--json] [--seconds N]\n\nEach finding with a one-line " +
    "fix; then a loopback run against the built-in server (N seconds, default 3; 0 skips " +
    "it)\nprints the requests/s and streamed tokens/s this host's client reaches.\n",
  async run(argv, io) {
    const parsed = parseFlags(argv, "doctor", DOCTOR_FLAGS);
    rejectPositionals(parsed.positionals, "doctor");
    const json = parsed.overrides.json === true;
    const seconds = (parsed.overrides.seconds as number | undefined) ?? 3;
    if (seconds < 0) throw new InputError(`--seconds expects a number ≥ 0, got ${seconds}`);
    const [{ hostFindings }, { readHostFacts }, { loopbackCapacity }] = await Promise.all([
      import("../../doctor/host-findings.ts"),
      import("../../doctor/read-host.ts"),
      import("../../doctor/loopback-capacity.ts"),
    ]);
    const facts = readHostFacts();
    const findings = hostFindings(facts);
    const capacity = seconds > 0 ? await loopbackCapacity(seconds) : null;
    if (json) {
      io.stdout(
        `${JSON.stringify({ findings, capacity: capacity && { ...capacity, usable_cpus: facts.usableCpus } }, null, 2)}\n`,
      );
      return 0;
    }
    const lines = findings.flatMap((f) => [
      `[${f.status.toUpperCase()}] ${f.name}: ${f.detail}`,
      ...(f.fix ? [`       fix: ${f.fix}`] : []),
    ]);
    if (capacity) {
      const setup =
        facts.usableCpus >= 2
          ? "the built-in server on its own CPU, one worker with 64 connections"
          : "the built-in server shares this one CPU: a floor";
      lines.push(
        `capacity on loopback (${setup}): ${Math.round(capacity.requestsPerS)} requests/s not ` +
          `streamed, ${Math.round(capacity.streamedTokensPerS)} streamed tokens/s`,
        "       that is one worker process on one core: size workers (and the cores they get) for a target load from it",
      );
    }
    io.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
