#!/usr/bin/env bash
# Smoke test of the compiled binary as a user on a GPU host would run it: copied alone into an
# empty directory, no Bun, a bare environment, a dataset it has never seen.
set -euo pipefail
bin=$(realpath "$1")
work=$(mktemp -d)
cp "$bin" "$work/inference-endpoint"
cd "$work"
run() { env -i PATH=/usr/bin:/bin HOME="$work" ./inference-endpoint "$@"; }

run --version
for i in $(seq 1 120); do printf '{"question": "smoke test question number %d: what is %d plus %d?"}\n' "$i" "$i" "$i"; done > unseen.jsonl

# Not through run(): a backgrounded function is a subshell, and killing it would orphan the server.
env -i PATH=/usr/bin:/bin HOME="$work" ./inference-endpoint serve --port 0 --mode model --ttft-ms 5 --tpot-ms 1 \
  --output-tokens 16 > server.url 2> server.log &
server=$!
trap 'kill $server 2>/dev/null || true; cd /; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do [ -s server.url ] && break; sleep 0.1; done
url=$(head -n 1 server.url)
echo "mock server at $url"

run benchmark offline --endpoints "$url" --model smoke --dataset unseen.jsonl --duration 0 --report-dir offline
run benchmark online --endpoints "$url" --model smoke --dataset unseen.jsonl --load-pattern poisson \
  --target-qps 500 --streaming on --num-samples 240 --report-dir online

check() {
  node -e '
    const s = require(process.argv[1]);
    const want = Number(process.argv[2]);
    const stream = process.argv[3] === "stream";
    const fail = [];
    if (s.n_samples_completed !== want) fail.push(`completed ${s.n_samples_completed} != ${want}`);
    if (s.n_samples_failed !== 0) fail.push(`failed ${s.n_samples_failed}`);
    if (stream && !(s.ttft && s.ttft.median > 0)) fail.push("ttft missing");
    if (stream && !(s.tpot && s.tpot.median > 0)) fail.push("tpot missing");
    if (fail.length) { console.error("smoke check failed: " + fail.join(", ")); process.exit(1); }
    console.log(`ok: ${process.argv[1]}`);
  ' "$work/$1/performance/result_summary.json" "$2" "${3:-}"
  for f in config.yaml events.db report.txt performance/result_summary.json; do test -s "$1/$f"; done
}
check offline 120
check online 240 stream

set +e
run benchmark offline --endpoints "$url" --model smoke --dataset missing.jsonl 2> err.txt
code=$?
set -e
grep -q '^error: ' err.txt && [ "$code" = 2 ] || { echo "bad-input check failed (exit $code)"; cat err.txt; exit 1; }
echo "smoke test passed"
