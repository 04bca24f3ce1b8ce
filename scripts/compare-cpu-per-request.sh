#!/bin/bash
# The service's guard: scripts/cpu-per-request.sh on two (or more) release binaries, alternately
# in one run (health then hit-test per binary, ROUNDS times), so that a shared machine's load
# falls on all of them alike. Prints each run's line and, per binary, the mean and median CPU per
# request of both routes and their ratios (hit-test / health), and the throughput ratio and p99 per
# round. At load averages of 6-12 (other sessions' builds) one run of a binary moves by +-15%:
# run 4-6 rounds and read the medians.
#   scripts/compare-cpu-per-request.sh ROUNDS NAME=BINARY [NAME=BINARY ...]
#   e.g. scripts/compare-cpu-per-request.sh 3 main=/tmp/main/touchtrace this=.build/release/touchtrace
# ROUTES (default "health hit") lists the routes of cpu-per-request.sh each round runs; "hit"
# cycles through 96 tap points, "hit1" taps the one point of the runs before 2026-11-26 21:00 UTC;
# ROUTES="layout-cards layout-autoresizing" (no health) prints each route's CPU per binary alone
# (CONN and WT pass through to cpu-per-request.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=$1; shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
for round in $(seq "$rounds"); do
    for spec in "$@"; do
        name=${spec%%=*}; bin=${spec#*=}
        for route in ${ROUTES:-health hit}; do
            line=$("$here/cpu-per-request.sh" "$bin" "$port" "$route")
            echo "round $round $name $line" | tee -a "$out"
        done
    done
done
python3 - "$out" <<'PY'
import re, sys, collections, statistics
runs = collections.defaultdict(lambda: collections.defaultdict(list))
rps = collections.defaultdict(dict)
p99 = collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    m = re.match(r"round (\d+) (\S+) ([\w-]+): \d+ requests, ([\d.]+) us CPU per request, ([\d.]+) req/s, p99 ([\d.]+)(us|ms|s)", line)
    if not m: continue
    rnd, name, route, cpu, r, p, unit = m.groups()
    runs[name][route].append(float(cpu)); rps[(name, rnd)][route] = float(r)
    p99[name][route].append(float(p) * {"us": 0.001, "ms": 1, "s": 1000}[unit])
print()
for name, routes in runs.items():
    if "health" not in routes:
        # Routes measured without /health (the inline layout routes): each one's CPU alone.
        print(f"{name}: " + "; ".join(f"{route} {sum(t) / len(t):.1f} us (median {statistics.median(t):.1f}; runs " + ", ".join(f"{x:.0f}" for x in t) + ")" for route, t in routes.items()))
        continue
    h = routes["health"]
    mh, dh = sum(h) / len(h), statistics.median(h)
    parts = [f"health {mh:.1f} us (median {dh:.1f})"]
    for route in (r for r in ("hit", "hit1") if r in routes):
        t = routes[route]
        mt, dt = sum(t) / len(t), statistics.median(t)
        thr = [rps[(name, str(i + 1))][route] / rps[(name, str(i + 1))]["health"] for i in range(len(t))]
        parts.append(f"{route} {mt:.1f} us (median {dt:.1f}; CPU ratio {mt / mh:.2f}, of medians {dt / dh:.2f}; throughput ratio per round " + ", ".join(f"{x:.2f}" for x in thr) + "; p99 " + ", ".join(f"{x:.2f}" for x in p99[name][route]) + " ms)")
    print(f"{name}: " + "; ".join(parts))
PY
