/** @module cli/commands/info — `inference-endpoint info`: the machine and build a result came from. */
import { arch, cpus, freemem, hostname, platform, release, totalmem } from "node:os";
import { clockSource } from "../../clock/mono-clock.ts";
import { describeCpuPlan } from "../../tuning/runtime-tuning.ts";
import { InputError } from "../../errors.ts";
import { BUILD_TARGET, GIT_SHA, VERSION } from "../../version.ts";
import type { Command } from "../command.ts";
import { withoutVerbosity } from "../verbosity.ts";

const GIB = 1024 ** 3;

export const infoCommand: Command = {
  words: ["info"],
  summary: "print version, runtime, OS, CPU and memory of this machine",
  help: () =>
    "Usage: inference-endpoint info\n\nPrints the tool version and the facts about this machine a benchmark result depends on.\n",
  async run(given, io) {
    const argv = withoutVerbosity(given);
    if (argv.length > 0) throw new InputError(`info takes no arguments (got ${argv[0]})`);
    const cpuList = cpus();
    const lines = [
      `inference-endpoint ${VERSION}${GIT_SHA ? ` (${GIT_SHA})` : ""}`,
      `build target: ${BUILD_TARGET}`,
      `runtime: Bun ${Bun.version}`,
      `os: ${platform()} ${release()} ${arch()}`,
      `host: ${hostname()}`,
      `cpu: ${cpuList.length} logical cores, ${cpuList[0]?.model ?? "unknown model"}`,
      `memory: ${(totalmem() / GIB).toFixed(1)} GiB total, ${(freemem() / GIB).toFixed(1)} GiB free`,
      `clock: host monotonic via ${clockSource}`,
      describeCpuPlan(),
      `cwd: ${process.cwd()}`,
    ];
    io.stdout(`${lines.join("\n")}\n`);
    return 0;
  },
};
