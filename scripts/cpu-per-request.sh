#!/bin/bash
# CPU time the server spends per request (utime+stime from /proc over an 8 s wrk run, 2 threads,
# 64 connections), a figure that moves much less than wrk's throughput when the machine is shared;
# also wrk's throughput and p99 of that run, and the load average when it ended.
#   scripts/cpu-per-request.sh BINARY PORT hit|hit1|health|layout-cards|layout-autoresizing
# hit cycles through the 96 tap points of scripts/hit-test-points.py, as scripts/bench-http.sh
# does (every request a different tap); hit1 taps the one point (215, 300) of the runs before
# 2026-11-26 21:00 UTC (a 6,159-byte trace). The scene is generate-scene.py's 1,000 views, stored.
# layout-cards and layout-autoresizing POST an inline layout request (`POST /v1/layout`, the scene
# in the body, a `resizeWindow` change) of inline-layout-bench's card scene (stack views, Auto
# Layout, 1024 -> 768 wide) or its autoresizing rotation scene (390x844 -> 844x390), 1,000 views
# each; EVERY REQUEST A DIFFERENT DOCUMENT, so that the server's PreparedSceneCache (keyed by the
# scene's bytes) never hits: a counter per request (and wrk thread) is written in binary as 24
# whitespace characters (space, newline) after the scene's opening brace, which changes the
# document's bytes and nothing else (the response is the same). The measured run counts from
# 2^20, the warm-up from 0: with both from 0 the measured run sent the warm-up's documents a
# second time, and the cache (which keeps a document the second time it is prepared) kept them
# and pushed older preparations out, a cost a client sending new documents never causes. The bodies come from
# `inline-layout-bench --write-bodies` (INLINE_LAYOUT_BENCH, default Benchmarks/.build/release/
# inline-layout-bench); these routes run 4 connections (the requests take milliseconds each).
# The line ends with the CPU time split into user and system time. CONN sets the layout routes'
# connections and WT wrk's threads (default 2): CONN=1 WT=1 keeps one request in flight, so
# the server's time is the request's own, not contention's. PERF=FILE also records the server
# with `perf record -g` (frame pointers, PERF_HZ samples a second, default 999) during the
# measured 8 s, for `perf report -i FILE --no-children --sort symbol` or by caller; the
# figures of such a run include perf's own overhead. The server's environment passes through,
# so e.g. MALLOC_TRIM_THRESHOLD_=… scripts/cpu-per-request.sh … measures a glibc setting.
BIN=$1; PORT=$2; ROUTE=$3; WORK=$(mktemp -d); HERE=$(dirname "$0")
python3 "$HERE/generate-scene.py" 1000 > $WORK/scene.json
$BIN serve --port $PORT --data-dir $WORK/data --log-level error & S=$!
for _ in $(seq 100); do curl -sf localhost:$PORT/health >/dev/null && break; sleep 0.1; done
curl -sf -X PUT localhost:$PORT/v1/scenes/bench -H 'Content-Type: application/json' --data-binary @$WORK/scene.json >/dev/null
python3 "$HERE/hit-test-points.py" lua $WORK/hit.lua
cat > $WORK/hit1.lua <<'L'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"point": {"x": 215, "y": 300}}'
L
CONNECTIONS=64
case $ROUTE in
    layout-cards|layout-autoresizing)
        "${INLINE_LAYOUT_BENCH:-$HERE/../Benchmarks/.build/release/inline-layout-bench}" --write-bodies $WORK >/dev/null || { kill $S; exit 1; }
        CONNECTIONS=${CONN:-4}
        cat > $WORK/$ROUTE.lua <<L
local f = io.open("$WORK/${ROUTE#layout-}.json", "rb")
local body = f:read("*a")
f:close()
local at = body:find('"scene":{', 1, true) + #'"scene":{' - 1
local head, tail = body:sub(1, at), body:sub(at + 1)
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
function init(args) n = tonumber(args[1] or "0") end
function request()
    n = n + 1
    local k, pad = n * 4 + tid, {}
    for i = 1, 24 do
        pad[i] = (k % 2 == 1) and "\n" or " "
        k = math.floor(k / 2)
    end
    return wrk.format("POST", "/v1/layout", {["Content-Type"] = "application/json"}, head .. table.concat(pad) .. tail)
end
L
        ;;
esac
sleep 2.5
case $ROUTE in
    hit|hit1) ARGS="-s $WORK/$ROUTE.lua http://127.0.0.1:$PORT/v1/scenes/bench/hit-test" ;;
    health) ARGS="http://127.0.0.1:$PORT/health" ;;
    layout-cards|layout-autoresizing) ARGS="-s $WORK/$ROUTE.lua http://127.0.0.1:$PORT/v1/layout" ;;
    *) echo "route: hit, hit1, health, layout-cards or layout-autoresizing" >&2; kill $S; exit 64 ;;
esac
case $ROUTE in layout-*) WARM="-- 0" MEASURED="-- 1048576" ;; *) WARM="" MEASURED="" ;; esac
wrk -t${WT:-2} -c$CONNECTIONS -d2s $ARGS $WARM >/dev/null
T0=$(awk '{print $14" "$15}' /proc/$S/stat)
[ -n "${PERF:-}" ] && { perf record -q -g -F ${PERF_HZ:-999} -p $S -o "$PERF" -- sleep 8 2>/dev/null & P=$!; }
OUT=$(wrk -t${WT:-2} -c$CONNECTIONS -d8s --latency $ARGS $MEASURED)
T1=$(awk '{print $14" "$15}' /proc/$S/stat)
RSS=$(awk '/VmRSS/ {print $2}' /proc/$S/status)
[ -n "${PERF:-}" ] && wait $P
REQ=$(echo "$OUT" | grep -o '[0-9]* requests in' | awk '{print $1}')
HZ=$(getconf CLK_TCK)
RPS=$(echo "$OUT" | awk '/Requests\/sec/ {print $2}')
P99=$(echo "$OUT" | awk '$1 == "99%" {print $2}')
LOAD=$(cut -d' ' -f1 /proc/loadavg)
BAD=$(echo "$OUT" | awk '/Non-2xx/ {print $NF}')
python3 -c "
a, b = '$T0'.split(), '$T1'.split()
user, sys = ((int(b[i]) - int(a[i])) / $HZ / $REQ * 1e6 for i in (0, 1))
print('$ROUTE: %d requests, %.1f us CPU per request, $RPS req/s, p99 $P99, load $LOAD, user %.1f sys %.1f us, RSS %d MiB' % ($REQ, user + sys, user, sys, $RSS // 1024) + ('${BAD:+, NON-2XX $BAD}'))"
kill $S; wait $S 2>/dev/null; rm -rf $WORK
