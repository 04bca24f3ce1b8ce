#!/usr/bin/env bash
# Compares the engine's API-path workloads (hit test, touches, layout; see
# Sources/engine-workloads/main.swift) between a base commit and this checkout, by the number of
# instructions each executes (valgrind --tool=callgrind): a count that is the same from run to
# run whatever else the machine does, so the comparison holds on a busy 2-core machine.
#
#   Benchmarks/compare/compare.sh [BASE_REF] [REPETITIONS]   # default main (today's API) and 20
#   BASE_API=wave2 Benchmarks/compare/compare.sh base-wave2  # an old base: wave2 for base-wave2, whose
#                                                            # entry points took a Scene; catalogue for a
#                                                            # base whose entry points returned bytes
#                                                            # (before issue 22); typed (the default) for
#                                                            # a base with issue 22's typed answers
#   (COMPARE_BASE_API=1 is BASE_API=wave2 and COMPARE_BASE_API=0 is BASE_API=catalogue, as before)
#
# The base is checked out with `git worktree` into a temporary folder; each tree is built in
# release into its own scratch folder. Prints instructions per repetition for both and the
# ratio (this / base; below 1 is faster).
#
# The HTTP rows (only with COMPARE_HTTP=1: valgrind 3.19, Debian bookworm's, dies with SIGSEGV
# as the NIO server starts its threads, so on this machine the HTTP comparison is made with
# scripts/bench-http.sh and scripts/cpu-per-request.sh and TOUCHTRACE_BIN instead) run each tree's `touchtrace serve` under callgrind and send it REPETITIONS×25
# requests over one keep-alive connection (http-requests.py): `GET /health`, and
# `POST /v1/scenes/{id}/hit-test` on a stored 1,000-view scene — the pair of the HTTP ratio
# target; instructions per request of the whole server process (NIO and Hummingbird included).
set -euo pipefail
cd "$(dirname "$0")"
here=$(pwd)
root=$(cd ../.. && pwd)
base_ref=${1:-main}
reps=${2:-20}
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d "${TMPDIR:-/tmp}/touchtrace-compare.XXXXXX")
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach -q "$work/base" "$base_ref"

build() { # name tree api
    echo "== build $1 (release)" >&2
    TOUCHTRACE_TREE="$2" TOUCHTRACE_API="$3" swift build -c release --scratch-path "$work/build-$1" >"$work/build-$1.log" 2>&1 \
        || { tail -30 "$work/build-$1.log" >&2; exit 1; }
    echo "$work/build-$1/release/engine-workloads"
}
# The base's API (BASE_API): typed (the default) for a base with typed answers (main since issue
# 22); wave2 for a base before the operation catalogue, such as base-wave2, whose entry points took
# a Scene; catalogue for a base whose entry points returned bytes (main before issue 22).
case "${COMPARE_BASE_API:-}" in 1) BASE_API=${BASE_API:-wave2} ;; 0) BASE_API=${BASE_API:-catalogue} ;; esac
base_bin=${BASE_BIN:-$(build base "$work/base" "${BASE_API:-typed}")}
this_bin=${THIS_BIN:-$(build this "$root" typed)}
server() { # name tree → the tree's touchtrace, built in release
    echo "== build touchtrace in $1 (release)" >&2
    (cd "$2" && swift build -c release --product touchtrace --scratch-path "$work/server-$1" >"$work/server-$1.log" 2>&1) \
        || { tail -30 "$work/server-$1.log" >&2; exit 1; }
    echo "$work/server-$1/release/touchtrace"
}

count() { # binary workload repetitions → instructions (fixed hash seed: see docs/benchmarks.md)
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" "$3" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '\n%-10s %16s %16s %8s\n' workload "base (Ir/rep)" "this (Ir/rep)" ratio
for workload in hit-test touches layout; do
    b=$(( ($(count "$base_bin" $workload "$reps") - $(count "$base_bin" $workload 0)) / reps ))
    t=$(( ($(count "$this_bin" $workload "$reps") - $(count "$this_bin" $workload 0)) / reps ))
    printf '%-10s %16d %16d %8s\n' "$workload" "$b" "$t" "$(python3 -c "print(f'{$t/$b:.3f}')")"
done

if [ "${COMPARE_HTTP:-0}" != 1 ]; then
    echo
    echo "base: $(git -C "$root" rev-parse --short "$base_ref")  this: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (with uncommitted changes)')"
    exit 0
fi
# BASE_BIN / THIS_BIN: an engine-workloads already built (skips its build). BASE_SERVER /
# THIS_SERVER: a release touchtrace already built from that tree (skips its build).
base_server=${BASE_SERVER:-$(server base "$work/base")}
this_server=${THIS_SERVER:-$(server this "$root")}

http_count() { # binary path requests → instructions of the server process
    local port data log
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    data=$(mktemp -d "$work/data.XXXXXX")
    log=$(mktemp "$work/callgrind.XXXXXX")
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" serve --port "$port" --data-dir "$data" --log-level error 2>"$log" &
    local pid=$!
    python3 "$here/http-requests.py" "$port" "$2" "$3"
    kill -TERM "$pid"; wait "$pid" || true
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
}
http_reps=$(( reps * 25 ))
for path in /health /v1/scenes/bench/hit-test; do
    b=$(( ($(http_count "$base_server" "$path" "$http_reps") - $(http_count "$base_server" "$path" 0)) / http_reps ))
    t=$(( ($(http_count "$this_server" "$path" "$http_reps") - $(http_count "$this_server" "$path" 0)) / http_reps ))
    printf '%-10s %16d %16d %8s   (%s)\n' "http" "$b" "$t" "$(python3 -c "print(f'{$t/$b:.3f}')")" "$path"
done

echo
echo "base: $(git -C "$root" rev-parse --short "$base_ref")  this: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (with uncommitted changes)')"
