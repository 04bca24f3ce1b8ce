#!/bin/sh
# Builds the release solver benchmark and compares TouchTraceSolver with kiwisolver on the same
# constraint systems in one run (see docs/solver-benchmark.md).
#   Benchmarks/solver/run.sh [kiwi_compare.py options, e.g. --views 100 1000]
set -eu
cd "$(dirname "$0")/.."
python3 -c 'import kiwisolver' 2>/dev/null || python3 -m pip install --quiet kiwisolver
swift build -c release --product touchtrace-solver-bench >/dev/null
exec python3 solver/kiwi_compare.py --bench "$(swift build -c release --show-bin-path)/touchtrace-solver-bench" "$@"
