/**
 * @module accuracy/code-bench/python-launcher — the command line and environment that run untrusted Python.
 *
 * The interpreter is resolved once to an absolute path (`sys.executable`), because shims such as
 * pyenv's need the user's environment, and programs get a near-empty one: no proxies, no tokens,
 * HOME and TMPDIR inside their temp dir. With `networkIsolation: "auto"` the program also runs
 * in a fresh network namespace (`unshare --net` with a user namespace, where the kernel allows
 * unprivileged ones), which has no interfaces up: no network at all. Where that is unavailable
 * (macOS, hardened kernels) programs still run, without network isolation; real isolation of
 * model-written code needs the evaluation service or a container.
 */
import { ExecutionError } from "../../errors.ts";

interface PythonLauncher {
  /** argv before the interpreter's own flags, e.g. ["unshare", "--net", …, "/usr/bin/python3"]. */
  argv: string[];
  /** True when programs run without network access (a fresh network namespace). */
  networkIsolated: boolean;
}

const cache = new Map<string, PythonLauncher>();

const UNSHARE_VARIANTS: readonly string[][] = [
  ["unshare", "--net", "--map-current-user"],
  ["unshare", "--net", "--map-root-user"],
];

function resolveInterpreter(python: string): string {
  const probe = Bun.spawnSync([python, "-c", "import sys; print(sys.executable)"], { stdout: "pipe", stderr: "pipe" });
  const exe = probe.success ? probe.stdout.toString().trim() : "";
  if (exe === "") {
    throw new ExecutionError(`cannot run '${python}' to evaluate generated code`, {
      hint: "code_bench_scorer needs Python 3 on PATH (or set the interpreter in the code execution options)",
    });
  }
  return exe;
}

function works(argv: string[]): boolean {
  try {
    return Bun.spawnSync([...argv, "-I", "-c", "pass"], { stdout: "ignore", stderr: "ignore", env: sandboxEnv("/") })
      .success;
  } catch {
    return false; // the prefix's program (unshare) is not installed
  }
}

/** How to start `python` for untrusted code (probed once per interpreter and isolation mode). */
export function pythonLauncher(python: string, networkIsolation: "auto" | "off"): PythonLauncher {
  const key = `${python}\0${networkIsolation}`;
  const known = cache.get(key);
  if (known) return known;
  const exe = resolveInterpreter(python);
  let launcher: PythonLauncher = { argv: [exe], networkIsolated: false };
  if (networkIsolation === "auto" && process.platform === "linux") {
    const prefix = UNSHARE_VARIANTS.find((variant) => works([...variant, exe]));
    if (prefix) launcher = { argv: [...prefix, exe], networkIsolated: true };
  }
  cache.set(key, launcher);
  return launcher;
}

/** The whole environment a program sees: nothing inherited (no proxies, keys or tokens). */
export function sandboxEnv(dir: string): Record<string, string> {
  return { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: dir, TMPDIR: dir, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
}
