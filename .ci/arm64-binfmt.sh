#!/usr/bin/env bash
# Lets this x86-64 host run aarch64 binaries, for the release test's linux-arm64 benchmark:
# qemu-user-static and the aarch64 glibc loader from Debian, and a binfmt_misc handler pointing
# at the static qemu (flag F: opened now, so it works inside containers). Needs root and apt;
# anything missing leaves the test to skip with one line saying why.
set -uo pipefail
[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || { echo "note: not root or no apt; the arm64 release test will be skipped" >&2; exit 0; }
if [ ! -x /usr/bin/qemu-aarch64-static ] || [ ! -e /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ]; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user-static libc6-arm64-cross >/dev/null; } \
    || { echo "note: could not install qemu-user-static; the arm64 release test will be skipped" >&2; exit 0; }
fi
[ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || true
if [ -e /proc/sys/fs/binfmt_misc/register ] && [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  line=$(grep -v '^#' /usr/lib/binfmt.d/qemu-aarch64.conf 2>/dev/null | head -1 | sed -E 's|:[^:]*:([A-Z]*)$|:/usr/bin/qemu-aarch64-static:\1|')
  [ -n "$line" ] && { echo "$line" > /proc/sys/fs/binfmt_misc/register 2>/dev/null || echo "note: could not register the qemu-aarch64 handler" >&2; }
fi
exit 0
