#!/usr/bin/env bash
# HTTP benchmark (issue "Service"): GET /health against POST /v1/scenes/{id}/hit-test on a stored
# 1,000-view scene, in one run, with wrk at 2 threads / 64 connections. Prints throughput,
# latency percentiles and the ratio hit-test / health.
#
#   scripts/bench-http.sh [seconds-per-run]      (default 10)
#
# Installs wrk from Debian packages when missing. Builds the release binary, or runs the one
# TOUCHTRACE_BIN names.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
PORT="${BENCH_PORT:-18480}"

if ! command -v wrk >/dev/null; then
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
if [ -n "${TOUCHTRACE_BIN:-}" ]; then
  BIN="$TOUCHTRACE_BIN"   # a release touchtrace built elsewhere (another commit, for a comparison)
else
  swift build -c release --product touchtrace >/dev/null
  BIN="$(swift build -c release --show-bin-path)/touchtrace"
fi

WORK="$(mktemp -d)"
trap 'kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT
python3 scripts/generate-scene.py 1000 > "$WORK/scene.json"
"$BIN" serve --port "$PORT" --data-dir "$WORK/data" --log-level error &
SERVER=$!
for _ in $(seq 100); do curl -sf "localhost:$PORT/health" >/dev/null && break; sleep 0.1; done
curl -sf -X PUT "localhost:$PORT/v1/scenes/bench" -H 'Content-Type: application/json' --data-binary @"$WORK/scene.json" >/dev/null

# 96 points on a grid over the window (scripts/hit-test-points.py, shared with cpu-per-request.sh);
# each connection cycles through them, so every hit-test request is a different tap (buttons,
# labels, images, bars, empty space).
python3 scripts/hit-test-points.py lua "$WORK/hit.lua"
python3 scripts/hit-test-points.py json > "$WORK/points.json"
python3 - "$PORT" "$WORK/points.json" <<'PY'
import json, sys, urllib.request
request = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/v1/scenes/bench/hit-test",
    data=open(sys.argv[2], "rb").read(), headers={"Content-Type": "application/json"})
results = json.load(urllib.request.urlopen(request))["results"]
steps = sorted(len(r["steps"]) for r in results)
print("scene: 1,000 views; 96 tap points; steps per trace: min %d, median %d, max %d; %d of 96 hit a view"
      % (steps[0], steps[len(steps) // 2], steps[-1], sum(1 for r in results if r["hitView"])))
PY

run() { wrk -t2 -c64 -d"${DURATION}s" --latency "$@"; }
# Warm up both routes (JIT-free, but caches and the parsed-scene cache).
wrk -t2 -c64 -d2s "http://127.0.0.1:$PORT/health" >/dev/null
wrk -t2 -c64 -d2s -s "$WORK/hit.lua" "http://127.0.0.1:$PORT/v1/scenes/bench/hit-test" >/dev/null
run "http://127.0.0.1:$PORT/health" > "$WORK/health.txt"
run -s "$WORK/hit.lua" "http://127.0.0.1:$PORT/v1/scenes/bench/hit-test" > "$WORK/hit.txt"

python3 - "$WORK/health.txt" "$WORK/hit.txt" <<'PY'
import re, sys
def parse(path):
    text = open(path).read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    def pct(p):
        m = re.search(r"\s%s%%\s+([\d.]+)(us|ms|s)" % p, text)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, pct(50), pct(99), int(errors.group(1)) if errors else 0
h = parse(sys.argv[1]); t = parse(sys.argv[2])
print(f"{'route':<34}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}")
print(f"{'GET /health':<34}{h[0]:>10.0f}{h[1]:>9.2f}{h[2]:>9.2f}{h[3]:>9}")
print(f"{'POST /v1/scenes/{id}/hit-test':<34}{t[0]:>10.0f}{t[1]:>9.2f}{t[2]:>9.2f}{t[3]:>9}")
ratio = t[0] / h[0]
print(f"hit-test / health throughput: {ratio:.2f} (target >= 0.6: {'met' if ratio >= 0.6 else 'NOT met'})")
print(f"hit-test p99: {t[2]:.2f} ms (target < 10 ms: {'met' if t[2] < 10 else 'NOT met'})")
PY
