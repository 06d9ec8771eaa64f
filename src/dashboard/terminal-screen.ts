/**
 * @module dashboard/terminal-screen — the alternate screen, the hidden cursor and raw keys, always given back.
 *
 * Entering hides the cursor and switches to the alternate screen (the user's scrollback is left
 * alone); keys are read only when stdin is a terminal, in raw mode, where Ctrl-C arrives as the
 * byte 0x03 rather than as SIGINT, so `q` and Ctrl-C both go to the run's stop path. Leaving is
 * idempotent; dashboard/dashboard calls it on the run's end and on process exit, so the terminal
 * is restored however the run ends: normally, on an error, on the second Ctrl-C (process.exit)
 * or after SIGTERM.
 */

const ENTER = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
const LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l";
/** ETX: Ctrl-C as raw mode delivers it. `Q` stops as `q` does, so that caps lock does not get in the way (docs/metrics.md). */
const CTRL_C = 0x03;
const STOP_KEYS = new Set([CTRL_C, "q".charCodeAt(0), "Q".charCodeAt(0)]);

/** What the screen needs of stdin (node:tty's ReadStream), for tests to see the calls. */
export interface KeyInput {
  isTTY?: boolean;
  setRawMode(mode: boolean): unknown;
  on(event: "data", listener: (chunk: Buffer) => void): unknown;
  off(event: "data", listener: (chunk: Buffer) => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

/** One frame: from the top-left corner, each line cleared to its end, the rest of the screen cleared. */
function frameText(lines: readonly string[]): string {
  return `\x1b[H${lines.map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`;
}

export class TerminalScreen {
  private open = false;
  private readonly onData = (chunk: Buffer) => {
    for (const byte of chunk) if (STOP_KEYS.has(byte)) this.onStopKey(byte === CTRL_C ? "Ctrl-C" : "q");
  };

  constructor(
    private readonly write: (text: string) => void,
    private readonly input: KeyInput | null,
    private readonly onStopKey: (key: string) => void,
  ) {}

  enter(): void {
    if (this.open) return;
    this.open = true;
    this.write(ENTER);
    if (this.input?.isTTY) {
      this.input.setRawMode(true);
      this.input.on("data", this.onData);
      this.input.resume();
    }
  }

  draw(lines: readonly string[]): void {
    if (this.open) this.write(frameText(lines));
  }

  /** Cooked mode, the cursor and the normal screen back; safe to call more than once. */
  leave(): void {
    if (!this.open) return;
    this.open = false;
    if (this.input?.isTTY) {
      this.input.off("data", this.onData);
      this.input.setRawMode(false);
      this.input.pause();
    }
    this.write(LEAVE);
  }
}
