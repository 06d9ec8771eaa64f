import { describe, expect, test } from "bun:test";
import { chooseUi, type UiSetting, type UiTerminal } from "../../src/dashboard/choose-ui.ts";

const tty = (columns: number, rows: number, extra: Partial<UiTerminal> = {}): UiTerminal => ({
  stderrIsTty: true,
  columns,
  rows,
  term: "xterm-256color",
  noColor: undefined,
  ...extra,
});
const pipe: UiTerminal = { stderrIsTty: false, columns: 0, rows: 0, term: undefined, noColor: undefined };

describe("dashboard/choose-ui", () => {
  test.each<[string, UiSetting, boolean, UiTerminal, unknown, boolean]>([
    [
      "auto on a big terminal: the dashboard, in colour",
      "auto",
      false,
      tty(120, 40),
      { kind: "dashboard", color: true },
      false,
    ],
    ["auto on exactly 80×24: the dashboard", "auto", false, tty(80, 24), { kind: "dashboard", color: true }, false],
    ["auto on a narrow terminal: the redrawn line", "auto", false, tty(79, 40), { kind: "line", redrawn: true }, false],
    ["auto on a short terminal: the redrawn line", "auto", false, tty(120, 23), { kind: "line", redrawn: true }, false],
    [
      "auto on TERM=dumb: the plain line, no escape code",
      "auto",
      false,
      tty(120, 40, { term: "dumb" }),
      { kind: "line", redrawn: false },
      false,
    ],
    [
      "line on TERM=dumb: the plain line, no escape code",
      "line",
      false,
      tty(120, 40, { term: "dumb" }),
      { kind: "line", redrawn: false },
      false,
    ],
    [
      "dashboard asked on TERM=dumb: the plain line, with a warning",
      "dashboard",
      false,
      tty(120, 40, { term: "dumb" }),
      { kind: "line", redrawn: false },
      true,
    ],
    ["auto on a pipe: the plain line", "auto", false, pipe, { kind: "line", redrawn: false }, false],
    [
      "NO_COLOR set: the dashboard without colour",
      "auto",
      false,
      tty(120, 40, { noColor: "1" }),
      { kind: "dashboard", color: false },
      false,
    ],
    [
      "NO_COLOR empty counts as unset (no-color.org)",
      "auto",
      false,
      tty(120, 40, { noColor: "" }),
      { kind: "dashboard", color: true },
      false,
    ],
    [
      "dashboard asked on a small terminal: drawn anyway",
      "dashboard",
      false,
      tty(60, 20),
      { kind: "dashboard", color: true },
      false,
    ],
    [
      "dashboard asked on a pipe: the plain line, with a warning",
      "dashboard",
      false,
      pipe,
      { kind: "line", redrawn: false },
      true,
    ],
    ["line on a terminal: redrawn", "line", false, tty(120, 40), { kind: "line", redrawn: true }, false],
    ["line on a pipe: plain", "line", false, pipe, { kind: "line", redrawn: false }, false],
    ["none: nothing", "none", false, tty(120, 40), { kind: "none" }, false],
    ["--quiet: nothing", "auto", true, tty(120, 40), { kind: "none" }, false],
    ["--quiet beside ui: dashboard: nothing, with a warning", "dashboard", true, tty(120, 40), { kind: "none" }, true],
  ])("%s", (_name, setting, quiet, terminal, choice, warns) => {
    const decision = chooseUi(setting, quiet, terminal);
    expect(decision.choice).toEqual(choice as never);
    expect(decision.warning !== null).toBe(warns);
  });
});
