/**
 * @module scripts/build — compiles the single self-contained binary `dist/inference-endpoint`.
 *
 * The binary re-runs its own entry for worker processes (src/main.ts checks `__worker` first),
 * so the worker code is bundled through the normal import graph. A benchmark binary must not
 * pick up the current directory's .env, bunfig.toml, package.json or tsconfig.json.
 */
import { $ } from "bun";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const outfile = join(root, "dist", "inference-endpoint");
const gitSha = (await $`git -C ${root} rev-parse --short HEAD`.nothrow().quiet().text()).trim();

const result = await Bun.build({
  entrypoints: [join(root, "src", "main.ts")],
  compile: {
    outfile,
    autoloadDotenv: false,
    autoloadBunfig: false,
    autoloadPackageJson: false,
    autoloadTsconfig: false,
  },
  minify: true,
  bytecode: true,
  format: "esm",
  sourcemap: "none",
  define: { __GIT_SHA__: JSON.stringify(gitSha) },
});

if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.error(`built ${outfile}${gitSha ? ` (${gitSha})` : ""}`);
