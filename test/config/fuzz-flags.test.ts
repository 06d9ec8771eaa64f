import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { type BenchmarkCommand, type FlagSpec, flagsFor } from "../../src/config/flags.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import { InputError } from "../../src/errors.ts";

/** mulberry32: a tiny seeded RNG so failures reproduce. */
function rng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SAMPLES: Readonly<Record<FlagSpec["kind"], readonly string[]>> = {
  string: ["x", "model/a", "", "none"],
  number: ["1", "0", "-1", "2.5", "abc", "1e3"],
  integer: ["1", "0", "-1", "4", "2.5", "x"],
  boolean: ["true", "false"],
  duration: ["0", "10s", "1.5m", "600000", "later"],
  enum: [],
  list: ["http://localhost:8000", "http://a:1,http://b:2", "d.jsonl,parser.prompt=text", "nope"],
};

function randomArgv(command: BenchmarkCommand, random: () => number): string[] {
  const specs = flagsFor(command).filter((spec) => spec.path !== "config");
  // A valid base, so that some random additions are accepted and exercise the whole build.
  const argv = ["--model", "m", "--endpoints", "http://localhost:8000", "--dataset", "d.jsonl"];
  if (command === "online") argv.push("--load-pattern", "poisson", "--target-qps", "5");
  const count = Math.floor(random() * 12);
  for (let i = 0; i < count; i++) {
    const spec = specs[Math.floor(random() * specs.length)] as FlagSpec;
    const names = [spec.flag, ...spec.aliases];
    const name = names[Math.floor(random() * names.length)] as string;
    if (spec.kind === "boolean" && random() < 0.5) {
      argv.push(spec.negatable && random() < 0.5 ? `--no-${name.slice(2)}` : name);
      continue;
    }
    const values = spec.kind === "enum" ? (spec.choices ?? []) : SAMPLES[spec.kind];
    argv.push(name, values[Math.floor(random() * values.length)] ?? "");
  }
  return argv;
}

describe("config/fuzz-flags", () => {
  // 500 configurations parsed and built per case: seconds on a busy shared host, more than bun's 5 s.
  test.each(["offline", "online"] as const)(
    "parses or cleanly rejects 500 random %s flag sets",
    (command) => {
      const random = rng(command === "offline" ? 1 : 2);
      let accepted = 0;
      for (let i = 0; i < 500; i++) {
        const argv = randomArgv(command, random);
        try {
          const parsed = parseFlags(argv, command);
          buildConfig({ command, overrides: parsed.overrides, datasets: parsed.datasets, mode: parsed.mode });
          accepted++;
        } catch (error) {
          if (!(error instanceof InputError)) throw new Error(`crashed on ${JSON.stringify(argv)}: ${String(error)}`);
        }
      }
      expect(accepted).toBeGreaterThan(25);
    },
    60_000,
  );
});
