/**
 * @module test/e2e/release.test — `npm run release`'s cross-compiled binaries: checksums that
 * `sha256sum -c` accepts; the linux-x64 build names its target; the darwin build is a Mach-O
 * arm64 executable carrying this commit; the linux-arm64 build runs a real benchmark, workers
 * included, under qemu-user where the host can run aarch64 binaries (else skipped, saying why);
 * the binary the container image ships (the release's linux-x64 build; on another host, this
 * host's own, test/support/compiled-binary) runs one as the image's non-root user.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";
import { COMPILE_TIMEOUT_MS, compiledBinary } from "../support/compiled-binary.ts";
import { asUser, openDir, placeBinary, unprivilegedUnavailable } from "../support/unprivileged.ts";

const dirs = tempDirs("ie-release-");
const ROOT = join(import.meta.dir, "..", "..");
const RELEASE_TIMEOUT_MS = 280_000;
let out: string;
let sha: string;
let server: MockServer;
/** The binary for the non-root run: what examples/kubernetes/Dockerfile copies into the image where this host can run it. */
let native: string;
const unprivileged = unprivilegedUnavailable();

beforeAll(
  async () => {
    out = dirs.make();
    sha = Bun.spawnSync(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).stdout.toString().trim();
    // Three cross-compiles take well under a minute here; only a hung one reaches the timeout.
    const build = Bun.spawnSync(
      [process.execPath, join(ROOT, "scripts", "release.ts"), "--out", out, "linux-x64", "linux-arm64", "darwin-arm64"],
      { stderr: "pipe", timeout: RELEASE_TIMEOUT_MS },
    );
    if (build.signalCode)
      throw new Error(
        `release did not finish within ${RELEASE_TIMEOUT_MS / 1000} s (${build.signalCode}): ${build.stderr.toString()}`,
      );
    if (build.exitCode !== 0) throw new Error(`release failed: ${build.stderr.toString()}`);
    server = await startMockServer({ mode: "echo" });
    if (unprivileged === null)
      native =
        `${process.platform}-${process.arch}` === "linux-x64"
          ? join(out, "inference-endpoint-linux-x64")
          : await compiledBinary();
  },
  RELEASE_TIMEOUT_MS + COMPILE_TIMEOUT_MS + 10_000,
);
afterAll(async () => {
  await server?.stop();
  dirs.cleanup();
});

/** Why this host cannot run an aarch64 binary, or null when it can (qemu-user via binfmt, or an arm64 CPU). */
function arm64Unavailable(): string | null {
  if (process.arch === "arm64") return null;
  if (!existsSync("/proc/sys/fs/binfmt_misc/qemu-aarch64"))
    return "no qemu-aarch64 binfmt handler registered (see .ci/run)";
  if (!existsSync("/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1") && !existsSync("/lib/ld-linux-aarch64.so.1"))
    return "no aarch64 glibc loader (libc6-arm64-cross)";
  return null;
}

describe("release binaries", () => {
  // Reading three ~100 MB binaries has taken over bun's default 5 s on a loaded host.
  test("SHA256SUMS lists every binary and sha256sum -c accepts it", () => {
    const sums = readFileSync(join(out, "SHA256SUMS"), "utf8");
    expect(
      sums
        .trim()
        .split("\n")
        .map((l) => l.split("  ")[1]),
    ).toEqual(["inference-endpoint-linux-x64", "inference-endpoint-linux-arm64", "inference-endpoint-darwin-arm64"]);
    const check = Bun.spawnSync(["sha256sum", "-c", "SHA256SUMS"], { cwd: out });
    expect(check.stdout.toString()).toContain("inference-endpoint-darwin-arm64: OK");
    expect(check.exitCode).toBe(0);
  }, 30_000);

  test("the linux-x64 binary names its target and commit", async () => {
    const info = await runCli(["info"], { command: [join(out, "inference-endpoint-linux-x64")] });
    expect(info.exitCode).toBe(0);
    expect(info.stdout).toContain("build target: linux-x64\n");
    if (sha) expect(info.stdout).toContain(`(${sha})`);
  }, 30_000);

  test("the darwin binary is a Mach-O arm64 executable carrying this commit", async () => {
    const file = join(out, "inference-endpoint-darwin-arm64");
    // The header only: the ~100 MB file stays out of the test process's heap.
    const head = Buffer.from(await Bun.file(file).slice(0, 16).arrayBuffer());
    expect(head.readUInt32LE(0)).toBe(0xfeedfacf); // MH_MAGIC_64
    expect(head.readUInt32LE(4)).toBe(0x0100000c); // CPU_TYPE_ARM64
    expect(head.readUInt32LE(12)).toBe(2); // MH_EXECUTE
    const carries = (text: string) => Bun.spawnSync(["grep", "-a", "-c", "-F", text, file]).exitCode === 0;
    expect(carries('"darwin-arm64"')).toBe(true);
    if (sha) expect(carries(`"${sha}"`)).toBe(true);
  }, 30_000);

  const skip = arm64Unavailable();
  if (skip) console.log(`skipped: the linux-arm64 benchmark under qemu — ${skip}`);
  test.skipIf(skip !== null)(
    "the linux-arm64 binary runs a benchmark with workers under qemu-user",
    async () => {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli(
        [
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 40),
          "--duration",
          "0",
          "--workers",
          "2",
          "--report-dir",
          report,
        ],
        { command: [join(out, "inference-endpoint-linux-arm64")], env: { QEMU_LD_PREFIX: "/usr/aarch64-linux-gnu" } },
      );
      expect(result.exitCode).toBe(0);
      expect(readSummary(report)).toMatchObject({ n_samples_issued: 40, n_samples_completed: 40, n_samples_failed: 0 });
    },
    180_000,
  );

  // What examples/kubernetes/Dockerfile's image gives the binary: glibc and nothing else (no shell, no PATH), a non-root user.
  const DISTROLESS_BASE_LIBS = [
    "linux-vdso.so.1",
    "libc.so.6",
    "libm.so.6",
    "libpthread.so.0",
    "libdl.so.2",
    "ld-linux-x86-64.so.2",
  ];
  const lddMissing = Bun.which("ldd") === null ? "no ldd on this host" : null;
  if (lddMissing) console.log(`skipped: the container's library check — ${lddMissing}`);
  test.skipIf(lddMissing !== null)(
    "the linux-x64 binary needs no library the Dockerfile's distroless base lacks",
    () => {
      const dockerfile = readFileSync(join(ROOT, "examples", "kubernetes", "Dockerfile"), "utf8");
      expect(dockerfile).toContain("FROM gcr.io/distroless/base-debian12:nonroot");
      expect(dockerfile).toMatch(/^USER nonroot$/m);
      const libs = Bun.spawnSync(["ldd", join(out, "inference-endpoint-linux-x64")])
        .stdout.toString()
        .trim()
        .split("\n")
        .map((line) => (line.trim().split(/\s+/)[0] ?? "").replace(/^.*\//, ""));
      expect(libs.length).toBeGreaterThan(0);
      for (const lib of libs) expect(DISTROLESS_BASE_LIBS).toContain(lib);
    },
  );

  if (unprivileged) console.log(`skipped: the non-root container run — ${unprivileged}`);
  test.skipIf(unprivileged !== null)(
    "runs a benchmark with workers as the image's non-root user, with no PATH or shell",
    async () => {
      // The image's user must reach the binary, the dataset and the report dir: openDir makes a
      // 0777 dir under TMPDIR only when every directory above it can be entered by all, else
      // under /tmp (a temp dir under a root-only TMPDIR made this run hang, its workers refused).
      const dir = openDir("ie-release-nonroot-");
      try {
        const binary = placeBinary(native, join(dir, "inference-endpoint"));
        const result = await runCli(
          [
            "benchmark",
            "offline",
            "--endpoints",
            server.url,
            "--model",
            "m",
            "--dataset",
            questionDataset(dir, 20),
            "--duration",
            "0",
            "--workers",
            "2",
            "--report-dir",
            join(dir, "r"),
          ],
          { command: asUser(65532, [binary]), env: { HOME: dir }, exactEnv: true, cwd: dir },
        );
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        expect(readSummary(join(dir, "r"))).toMatchObject({ n_samples_issued: 20, n_samples_failed: 0 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
