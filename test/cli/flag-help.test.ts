/**
 * @module test/cli/flag-help.test — the flag table's value hint says what the parser does: `A[,B…]` only for a
 * list it splits at commas; a list taken one item per flag (its value may hold commas) shows `TEXT`.
 */
import { describe, expect, test } from "bun:test";
import type { FlagSpec } from "../../src/config/flags.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import { renderFlagHelp } from "../../src/cli/flag-help.ts";
import { serveCommand } from "../../src/cli/commands/serve.ts";

const spec = (kind: FlagSpec["kind"], commaSeparated?: boolean): FlagSpec => ({
  flag: "--x",
  aliases: [],
  path: "x",
  kind,
  description: "d",
  commands: ["serve"],
  ...(commaSeparated === undefined ? {} : { commaSeparated }),
});

describe("cli/flag-help", () => {
  /** The label a spec's row starts with. */
  const labelOf = (flag: FlagSpec) =>
    renderFlagHelp([flag])
      .trim()
      .split(/\s{2,}/)[0];

  test.each([
    ["a list split at commas", "--x A[,B…]", spec("list", true)],
    ["a list of one item per flag", "--x TEXT", spec("list", false)],
    ["a list whose spec leaves it unsaid (not split)", "--x TEXT", spec("list")],
    ["a number", "--x N", spec("number")],
    ["a boolean", "--x", spec("boolean")],
  ])("%s shows as %p", (_what, label, flag) => {
    expect(labelOf(flag)).toBe(label);
    if (flag.kind !== "list") return;
    // What the label promises is what the parser does with "a,b".
    const parsed = parseFlags(["--x", "a,b"], "serve", [flag]);
    expect(parsed.overrides.x).toEqual(label.endsWith("A[,B…]") ? ["a", "b"] : ["a,b"]);
  });

  test("serve's --model-latency and --served-model-name show one TEXT per flag, --fault its comma list", () => {
    const help = serveCommand.help();
    expect(help).toMatch(/^ {2}--model-latency TEXT {2,}NAME=ttft:50ms,tpot:5ms/m);
    expect(help).toMatch(/^ {2}--served-model-name TEXT /m);
    expect(help).toMatch(/^ {2}--fault A\[,B…\] /m);
  });
});
