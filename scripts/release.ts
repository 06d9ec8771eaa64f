/**
 * @module scripts/release — `npm run release`: the binaries we ship, cross-compiled from this host
 * (Bun fetches each target's runtime from the npm registry), and `dist/SHA256SUMS` for
 * `sha256sum -c`. Targets: linux-x64, linux-x64-baseline (CPUs without AVX2), linux-arm64
 * (Grace Hopper / Grace Blackwell hosts), darwin-arm64, linux-x64-musl (Alpine; needs libstdc++).
 * `bun scripts/release.ts [--out DIR] [TARGET…]` builds some of them elsewhere (the tests do).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { compileBinary, gitSha } from "./compile-binary.ts";

const RELEASE_TARGETS = ["linux-x64", "linux-x64-baseline", "linux-arm64", "darwin-arm64", "linux-x64-musl"] as const;

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const dist = outAt === -1 ? join(import.meta.dir, "..", "dist") : (args.splice(outAt, 2)[1] as string);
const sha = await gitSha();
const only = args;
const targets = only.length > 0 ? RELEASE_TARGETS.filter((t) => only.includes(t)) : RELEASE_TARGETS;
// The targets are compiled at once, which takes less time than one after another; each binary is
// byte for byte what it is when built alone, and SHA256SUMS lists them in the targets' order.
const lines = await Promise.all(
  targets.map(async (target) => {
    const outfile = join(dist, `inference-endpoint-${target}`);
    const started = performance.now();
    await compileBinary(outfile, `bun-${target}`, target, sha);
    const digest = new Bun.CryptoHasher("sha256").update(readFileSync(outfile)).digest("hex");
    console.error(`built ${outfile} (${Math.round((performance.now() - started) / 100) / 10} s)`);
    return `${digest}  ${basename(outfile)}`;
  }),
);
writeFileSync(join(dist, "SHA256SUMS"), `${lines.join("\n")}\n`);
console.error(`wrote ${join(dist, "SHA256SUMS")}${sha ? ` for ${sha}` : ""}`);
