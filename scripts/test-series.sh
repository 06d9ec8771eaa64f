#!/usr/bin/env bash
# The flake series CONTRIBUTING ("Testing") records: `npm test` N times in a row on this clone under
# one kind of load, each run's closing line and seconds appended to a log.
#
#   bash scripts/test-series.sh busy  [N] [LOG]   a `nice -n 10` busy loop pinned to each core
#   bash scripts/test-series.sh build [N] [LOG]   `npm run build` looping in a clone of its own (CPU and disk)
#   bash scripts/test-series.sh quiet [N] [LOG]   nothing beside it
#
# N defaults to 5, LOG to /tmp/test-series-<load>.log (a failed run's output beside it). The load is stopped however the series ends.
set -uo pipefail
cd "$(dirname "$0")/.."
load=${1:?usage: test-series.sh busy|build|quiet [N] [LOG]}
runs=${2:-5}
log=${3:-/tmp/test-series-$load.log}
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null; done
  [ -n "${build_dir:-}" ] && rm -rf "$build_dir"
}
trap cleanup EXIT

case $load in
  busy)
    for cpu in $(seq 0 $(($(nproc) - 1))); do
      setsid taskset -c "$cpu" nice -n 10 sh -c 'while :; do :; done' &
      pids+=($!)
    done
    ;;
  build)
    build_dir=$(mktemp -d)
    git clone -q . "$build_dir/clone" && (cd "$build_dir/clone" && npm ci --no-audit --no-fund >/dev/null 2>&1)
    setsid sh -c "cd '$build_dir/clone' && while :; do npm run build >/dev/null 2>&1; done" &
    pids+=($!)
    ;;
  quiet) ;;
  *) echo "error: unknown load '$load'" >&2; echo "hint: busy, build or quiet" >&2; exit 2 ;;
esac

echo "series $load × $runs at $(git rev-parse --short HEAD), $(date -u +%FT%TZ)" >>"$log"
failed=0
for i in $(seq 1 "$runs"); do
  started=$SECONDS
  out=$(npm test 2>&1)
  code=$?
  line=$(printf '%s\n' "$out" | grep '^npm test: ' | tail -1)
  fails=$(printf '%s\n' "$out" | sed -n '/^failed:$/,/^$/p' | tail -n +2)
  echo "  run $i: exit $code, $((SECONDS - started)) s, load avg $(cut -d' ' -f1 /proc/loadavg) — ${line#npm test: }" >>"$log"
  [ -n "$fails" ] && printf '    %s\n' "$fails" >>"$log"
  # A failed run's whole output, to find each failure's cause.
  [ "$code" = 0 ] || printf '%s\n' "$out" >"$log.$load-run-$i.txt"
  [ "$code" = 0 ] || failed=$((failed + 1))
done
echo "  $((runs - failed)) of $runs passed" >>"$log"
tail -n $((runs + 2)) "$log"
[ "$failed" = 0 ]
