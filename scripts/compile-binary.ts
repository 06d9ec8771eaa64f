/**
 * @module scripts/compile-binary — compiles one self-contained binary of the tool for one Bun
 * target (scripts/build.ts: this host's; scripts/release.ts: every platform we ship).
 *
 * The binary re-runs its own entry for worker processes (src/main.ts checks `__worker` first),
 * so the worker code is bundled through the normal import graph. A benchmark binary must not
 * pick up the current directory's .env, bunfig.toml, package.json or tsconfig.json. The git
 * commit and the target's name are embedded (`inference-endpoint info` prints them).
 */
import { $ } from "bun";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

export async function gitSha(): Promise<string> {
  return (await $`git -C ${root} rev-parse --short HEAD`.nothrow().quiet().text()).trim();
}

/** Builds `outfile` for `target` (a Bun target such as `bun-linux-arm64`; null: this host); throws the build's logs on failure (the tests call it). */
export async function buildBinary(outfile: string, target: string | null, name: string, sha: string): Promise<void> {
  const result = await Bun.build({
    entrypoints: [join(root, "src", "main.ts")],
    compile: {
      outfile,
      ...(target ? { target: target as Bun.Build.CompileTarget } : {}),
      autoloadDotenv: false,
      autoloadBunfig: false,
      autoloadPackageJson: false,
      autoloadTsconfig: false,
    },
    minify: true,
    bytecode: true,
    format: "esm",
    sourcemap: "none",
    define: { __GIT_SHA__: JSON.stringify(sha), __BUILD_TARGET__: JSON.stringify(name) },
  });
  if (!result.success) throw new AggregateError(result.logs, `compiling ${outfile} failed`);
}

/** `buildBinary` for the scripts: prints the build's logs and exits 1 on failure. */
export async function compileBinary(outfile: string, target: string | null, name: string, sha: string): Promise<void> {
  try {
    await buildBinary(outfile, target, name, sha);
  } catch (error) {
    for (const log of error instanceof AggregateError ? error.errors : [error]) console.error(log);
    process.exit(1);
  }
}
