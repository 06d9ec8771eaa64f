/**
 * @module dashboard/choose-ui — what a run shows on stderr while it runs: `--ui` resolved against the terminal.
 *
 * `auto` draws the dashboard only on a terminal big enough for it (MIN_COLUMNS × MIN_ROWS); a
 * smaller terminal gets the redrawn progress line; a pipe or a file (Slurm and Kubernetes logs),
 * or a `TERM=dumb` terminal whatever `--ui` asks, the plain line every few seconds, with no
 * escape codes. `--quiet` and `none`
 * show nothing. `NO_COLOR` (no-color.org: set and not empty) drops colour, never the layout.
 * Pure: the caller reads the terminal and the environment.
 */
import type { UI_MODES } from "../config/schema/schema.ts";

/** The dashboard's layout needs this much room; oha and AIPerf ask about as much. */
const MIN_COLUMNS = 80;
const MIN_ROWS = 24;

export type UiSetting = (typeof UI_MODES)[number];

type UiChoice =
  | { kind: "dashboard"; color: boolean }
  /** `redrawn`: on a terminal, one line redrawn in place; else a plain line every few seconds. */
  | { kind: "line"; redrawn: boolean }
  | { kind: "none" };

export interface UiTerminal {
  stderrIsTty: boolean;
  columns: number;
  rows: number;
  /** `TERM` and `NO_COLOR` as the environment has them (undefined when unset). */
  term: string | undefined;
  noColor: string | undefined;
}

interface UiDecision {
  choice: UiChoice;
  /** Why the setting could not be followed, for a `warning:` line; null when it was. */
  warning: string | null;
}

export function chooseUi(setting: UiSetting, quiet: boolean, terminal: UiTerminal): UiDecision {
  if (quiet) {
    const warning =
      setting === "dashboard" || setting === "line"
        ? `--quiet: nothing is shown while the run runs (ui: ${setting} is not used)`
        : null;
    return { choice: { kind: "none" }, warning };
  }
  if (setting === "none") return { choice: { kind: "none" }, warning: null };
  // TERM=dumb: a terminal that moves no cursor and clears nothing, so not one escape code goes to it.
  const dumb = terminal.term === "dumb";
  const line: UiChoice = { kind: "line", redrawn: terminal.stderrIsTty && !dumb };
  if (setting === "line") return { choice: line, warning: null };
  const color = terminal.noColor === undefined || terminal.noColor === "";
  if (setting === "dashboard") {
    if (!terminal.stderrIsTty)
      return { choice: line, warning: "--ui dashboard: stderr is not a terminal; showing the plain progress line" };
    if (dumb)
      return { choice: line, warning: "--ui dashboard: TERM=dumb cannot draw it; showing the plain progress line" };
    return { choice: { kind: "dashboard", color }, warning: null };
  }
  const fits = terminal.columns >= MIN_COLUMNS && terminal.rows >= MIN_ROWS;
  return { choice: terminal.stderrIsTty && fits && !dumb ? { kind: "dashboard", color } : line, warning: null };
}
