/**
 * @module test/support/unprivileged — running the CLI as a user other than root, from a place that user can reach.
 *
 * Tests run as root here; `setpriv` starts a command as another uid. That user must be able to
 * enter every directory above the binary, its data and its TMPDIR: a temp dir made by
 * mkdtemp is 0700, and TMPDIR itself may sit under a directory only root can enter (the
 * release test's non-root run once hung that way). `openDir` makes one the user can use.
 */
import { chmodSync, copyFileSync, linkSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const SETPRIV = "/usr/bin/setpriv";

/** Why this process cannot run a command as another user, or null when it can. */
export function unprivilegedUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "needs root to run a command as another user";
  if (Bun.which("setpriv") === null) return "needs setpriv (util-linux) to run a command as another user";
  return null;
}

/** `argv` run as `uid` (group `uid`, no supplementary groups). setpriv execs it: the pid is the command's own. */
export function asUser(uid: number, argv: readonly string[]): string[] {
  return [SETPRIV, `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", ...argv];
}

/** Whether `dir` and every directory above it can be entered by any user (o+x). */
function traversableByAll(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (dirname(at) === at) return true;
  }
}

/**
 * A new directory any user can enter and write (mode 0777), under TMPDIR when every directory
 * above it is traversable by all, else under /tmp (checked too); the caller removes it.
 */
export function openDir(prefix: string): string {
  const parent = [tmpdir(), "/tmp"].find(traversableByAll);
  if (parent === undefined) throw new Error(`neither ${tmpdir()} nor /tmp can be entered by every user`);
  const dir = mkdtempSync(join(parent, prefix));
  chmodSync(dir, 0o777);
  return dir;
}

/** Puts `binary` at `path` (a hard link when on the same file system, else a copy) and returns `path`. */
export function placeBinary(binary: string, path: string): string {
  try {
    linkSync(binary, path);
  } catch {
    // Another file system (EXDEV): a copy, with its mode.
    copyFileSync(binary, path);
    chmodSync(path, 0o755);
  }
  return path;
}
