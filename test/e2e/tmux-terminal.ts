/**
 * @module test/e2e/tmux-terminal — a real terminal for the dashboard's tests: tmux on a server socket of the test file's own.
 *
 * `capture-pane` reads what a user would see and `#{alternate_on}` says which screen is up; the
 * pane stays after its command ends (remain-on-exit), for the last capture. The shell line
 * prints the command's exit code, then waits (`exec cat`), so the test reads both.
 */
import { questionDataset } from "./run-cli.ts";

export const TMUX = Bun.which("tmux");

interface Terminal {
  tmux(...args: string[]): string;
  /** The pane's text, wrapped lines joined, its scrollback included. */
  capture(session: string): string;
  alternateOn(session: string): string;
  /** A 120×40 terminal running `command` in `dir`, with `env` added. */
  open(name: string, dir: string, command: readonly string[], env?: readonly string[]): void;
  /** The pid of the shell in the session's pane. */
  shellPid(session: string): number;
  killServer(): void;
}

/**
 * One tmux server named after the file, the pid and a random tag, so that no other session is
 * touched — not even the one a rerun of the same file (`--rerun-each`) killed a moment before,
 * whose server may still be exiting on a same-named socket.
 */
export function tmuxTerminal(name: string): Terminal {
  const socket = `ie-${name}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const tmux = (...args: string[]): string => {
    const done = Bun.spawnSync([TMUX as string, "-L", socket, "-f", "/dev/null", ...args], { stderr: "pipe" });
    if (done.exitCode !== 0) throw new Error(`tmux ${args[0]}: ${done.stderr.toString().trim()}`);
    return done.stdout.toString();
  };
  return {
    tmux,
    capture: (session) => tmux("capture-pane", "-p", "-J", "-S", "-", "-t", `${session}:`),
    alternateOn: (session) => tmux("display", "-p", "-t", `${session}:`, "#{alternate_on}").trim(),
    open(session, dir, command, env = []) {
      tmux(
        "new-session",
        "-d",
        ...env.flatMap((e) => ["-e", e]),
        "-s",
        session,
        "-x",
        "120",
        "-y",
        "40",
        "-c",
        dir,
        shellLine(command),
        ";",
        "set-option",
        "-t",
        `${session}:`,
        "remain-on-exit",
        "on",
      );
    },
    shellPid: (session) => Number(tmux("display", "-p", "-t", `${session}:`, "#{pane_pid}").trim()),
    killServer: () => void Bun.spawnSync([TMUX as string, "-L", socket, "kill-server"], { stderr: "ignore" }),
  };
}

/** A shell line for tmux: the run, then its exit code, then a shell that waits (the pane stays). */
export const shellLine = (args: readonly string[]) =>
  `${args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ")}; echo "exit=$?"; exec cat`;

export const completedIn = (screen: string) => Number(/completed (\d+)/.exec(screen)?.[1] ?? Number.NaN);

/** A Poisson run of `samples` requests at `qps` against `url`, one worker, its report in `report`. */
export function runArgs(url: string, dir: string, report: string, samples = 4000, qps = 40): string[] {
  return [
    "benchmark",
    "online",
    "--endpoints",
    url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 50),
    "--load-pattern",
    "poisson",
    "--target-qps",
    String(qps),
    "--num-samples",
    String(samples),
    "--duration",
    "0",
    "--workers",
    "1",
    "--report-dir",
    report,
  ];
}

/** The first child process of `pid` (the shell's: the run; the run's: its worker). */
export function childOf(pid: number): number {
  const child = Number(
    Bun.spawnSync(["pgrep", "-P", String(pid)])
      .stdout.toString()
      .trim()
      .split("\n")[0],
  );
  if (!(child > 0)) throw new Error(`process ${pid} has no child`);
  return child;
}
