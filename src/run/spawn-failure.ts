/**
 * @module run/spawn-failure — why a worker process could not be started, in words a user can act on.
 *
 * Bun.spawn throws synchronously when the kernel refuses the process (posix_spawn's errno):
 * the executable, or a directory on its path, not searchable by this user (EACCES); the file
 * gone (ENOENT: moved, or replaced by an upgrade, while the run started; the compiled binary
 * then knows itself as `PATH (deleted)`); the user's process limit reached
 * (EAGAIN: RLIMIT_NPROC counts every thread of the user's processes). Each becomes one
 * SetupError (exit code 3) naming the worker, the executable's path and the reason.
 */
import { SetupError } from "../errors.ts";

/** Plain words and a hint for the errnos a spawn is refused with; others fall back to the runtime's message. */
const REASONS: Record<string, { words: string; hint: (executable: string) => string }> = {
  EACCES: {
    words: "permission denied",
    hint: (executable) =>
      `the user running the benchmark must be able to execute ${executable} and enter every ` +
      `directory above it (chmod a+x; check TMPDIR when the binary lives there)`,
  },
  EPERM: {
    words: "operation not permitted",
    hint: (executable) =>
      `a security policy refused to execute ${executable} (a noexec mount, seccomp or a container's policy)`,
  },
  ENOENT: {
    words: "no such file",
    hint: (executable) =>
      `${executable} was moved or deleted after the run started (an upgrade in place?); run it again from where it is installed`,
  },
  ENOTDIR: {
    words: "a directory on its path is not a directory",
    hint: (executable) =>
      `${executable} was moved or deleted after the run started; run it again from where it is installed`,
  },
  EAGAIN: {
    words: "the process limit was reached",
    hint: () =>
      "each worker is a process with several threads, and the limit (ulimit -u, RLIMIT_NPROC) counts all of this user's; raise it or run fewer --workers",
  },
  ENOMEM: { words: "out of memory", hint: () => "free memory or run fewer --workers" },
  EMFILE: { words: "too many open files", hint: () => "raise the open-file limit (ulimit -n) or run fewer --workers" },
  ENFILE: {
    words: "the system's open-file table is full",
    hint: () => "close other programs' files or run fewer --workers",
  },
  ENOEXEC: {
    words: "not an executable for this machine",
    hint: (executable) => `${executable} is damaged or built for another platform; reinstall it`,
  },
  ETXTBSY: {
    words: "the file is being written",
    hint: (executable) => `${executable} is being replaced; run again once the upgrade has finished`,
  },
};

/** How Linux names (/proc/self/exe) an executable whose file was unlinked, as by an upgrade that replaced it. */
const DELETED = " (deleted)";

/** The SetupError for a worker whose `Bun.spawn` of `executable` threw `error`. */
export function spawnFailure(workerId: number, executable: string, error: unknown): SetupError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const deleted = executable.endsWith(DELETED);
  const path = deleted ? executable.slice(0, -DELETED.length) : executable;
  const known = code === undefined ? undefined : REASONS[code];
  const words = deleted ? "the file was deleted or replaced after the run started" : known?.words;
  const reason = words ? `${words} (${code})` : error instanceof Error ? error.message : String(error);
  return new SetupError(`could not start worker ${workerId} (${path}): ${reason}`, {
    hint: known?.hint(path),
    cause: error,
  });
}
