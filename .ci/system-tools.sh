#!/usr/bin/env bash
# The system tools some tests drive, installed in one apt transaction as root (CI runs it in the
# background while npm ci and the type check run, then waits for it before the tests):
#   chromium                          report.html and sweep.html opened headless (else those checks skip)
#   tmux                              the dashboard test (fails under CI=true without it)
#   qemu-user-static, libc6-arm64-cross   the release test's linux-arm64 run (.ci/arm64-binfmt.sh registers it)
#   slurm-wlm, munge                  the srun test on a one-node cluster (scripts/slurm-local.sh starts it)
# Not root or no apt: nothing is installed and the tests that need these skip, each saying why.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "note: not root or no apt; chromium, tmux, qemu and Slurm are used only where already installed" >&2
  exit 0
fi
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
[ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
[ -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || missing+=(libc6-arm64-cross)
command -v srun >/dev/null 2>&1 || missing+=(slurm-wlm munge)
if [ ${#missing[@]} -gt 0 ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } \
    || echo "note: could not install ${missing[*]}; the tests that need them skip (the dashboard test fails under CI=true)" >&2
fi
bash .ci/arm64-binfmt.sh
bash scripts/slurm-local.sh start >/dev/null || echo "note: could not start a local Slurm; the srun test will be skipped" >&2
exit 0
