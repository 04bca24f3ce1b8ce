#!/usr/bin/env bash
# Instructions per inline layout request (valgrind --tool=callgrind), for inline-layout-bench
# binaries built from different trees: a count that is the same from run to run whatever else the
# machine does (two runs of one binary agree to within a few dozen instructions in 150 million),
# so a cut of 1–2% is seen on a busy 2-core machine where the timings' noise is ±3%.
#
#   Benchmarks/compare/inline-layout-instructions.sh BASE_BENCH THIS_BENCH [ROUNDS] [ROW] [SCENE]
#   # defaults: 6 rounds, row request-direct (a new document), scene cards; BENCH_ARGS adds
#   # arguments to both benches (e.g. BENCH_ARGS="--time-budget 10": under the server's budget)
#
# Build each tree's bench with `cd Benchmarks && swift build -c release --product
# inline-layout-bench` and copy `.build/release/inline-layout-bench` aside. valgrind 3.19 refuses
# the binary's DWARF ("Possibly corrupted debuginfo file"), so a copy without debug information
# is counted (`objcopy --strip-debug`: the same code). Per request = (count with ROUNDS rounds −
# count with 1 round) / (ROUNDS − 1): the scene generation, the warm-up and the first round cancel.
set -euo pipefail
base=$1 this=$2 rounds=${3:-6} row=${4:-request-direct} scene=${5:-cards}
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d "${TMPDIR:-/tmp}/inline-ir.XXXXXX")
trap 'rm -rf "$work"' EXIT
count() { # binary rounds → instructions of the whole run (fixed hash seed)
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$1" --rounds "$2" --only "$row" --scene "$scene" ${BENCH_ARGS:-} 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_request() { # binary → instructions per request
    objcopy --strip-debug "$1" "$work/bench"
    local one many
    one=$(count "$work/bench" 1)
    many=$(count "$work/bench" "$rounds")
    echo $(((many - one) / (rounds - 1)))
}
b=$(per_request "$base")
t=$(per_request "$this")
printf '%-28s %16s %16s %8s\n' "$scene $row" "base (Ir/req)" "this (Ir/req)" ratio
printf '%-28s %16d %16d %8.3f\n' "" "$b" "$t" "$(echo "$t / $b" | bc -l)"
