#!/usr/bin/env bash
# Builds the libFuzzer harnesses of Fuzz/ (every Sources/*Fuzz folder there) with
# -sanitize=fuzzer,address and runs each for a given time, seeded from the repository's examples
# and fixtures (scenes for the scene decoder, requests for the request decoders, both for the
# JSON parser). Prints executions and findings per harness; exits 1 when a harness found a crash,
# a leak or a timeout (the input is kept under $OUT/artifacts: make it a regression test).
#
#   scripts/fuzz.sh [seconds-per-harness] [harness ...]     (default 60 s, every harness)
#
# Environment: FUZZ_OUT (default /tmp/touchtrace-fuzz) keeps corpora between runs; FUZZ_JOBS
# (default 1) runs that many harnesses at once; FUZZ_CONFIG (default release) builds them in
# another configuration (debug: a quicker build, slower runs).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-60}"
shift || true
OUT="${FUZZ_OUT:-/tmp/touchtrace-fuzz}"
mkdir -p "$OUT"

HARNESSES=("$@")
if [ ${#HARNESSES[@]} -eq 0 ]; then
  mapfile -t HARNESSES < <(ls Fuzz/Sources | grep 'Fuzz$')
fi

CONFIG="${FUZZ_CONFIG:-release}"
echo "== build ($CONFIG, -sanitize=fuzzer,address)"
# The whole log goes to a file. A failed build prints its errors with the machine's free memory and
# disk (a sanitized link of 17 harnesses side by side is the largest step of the run), and builds
# once more with one job: a link killed for memory then passes, a real error fails again.
BUILD_LOG="$OUT/build.log"
fuzz_build() { swift build --package-path Fuzz -c "$CONFIG" -Xswiftc -sanitize=fuzzer,address "$@" >"$BUILD_LOG" 2>&1; }
if ! fuzz_build; then
  echo "the build failed; its errors, then free memory and disk:"
  { grep -a -E "error|Error|No space|Killed|signal|out of memory" "$BUILD_LOG" || true; } | head -40 | sed 's|^|    |'
  tail -n 5 "$BUILD_LOG" | sed 's|^|    |'
  { free -m; df -h . "$OUT"; } 2>/dev/null | sed 's|^|    |' || true
  echo "== build again, one job"
  if ! fuzz_build -j 1; then
    { grep -a -E "error|Error|No space|Killed|signal|out of memory" "$BUILD_LOG" || true; } | head -40 | sed 's|^|    |'
    tail -n 20 "$BUILD_LOG" | sed 's|^|    |'
    exit 1
  fi
fi
tail -n 3 "$BUILD_LOG"
BIN="$(swift build --package-path Fuzz -c "$CONFIG" -Xswiftc -sanitize=fuzzer,address --show-bin-path)"

echo "== seeds"
python3 - "$OUT/seeds" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
for kind in ("scenes", "requests", "designs", "checks"):
    os.makedirs(os.path.join(out, kind), exist_ok=True)
def put(kind, name, value):
    with open(os.path.join(out, kind, name), "w") as f:
        json.dump(value, f, sort_keys=True)
n = 0
for path in sorted(glob.glob("Tests/Fixtures/*/*.json")):
    try:
        fixture = json.load(open(path))
    except ValueError:
        continue  # a fixture that is not JSON on purpose (a document cut off)
    base = os.path.basename(path)[:-5]
    if not isinstance(fixture, dict) or "scene" not in fixture:
        continue  # an importer's input (a Figma or Sentry document, an overlay), not a scene fixture
    put("scenes", base, fixture["scene"])
    for i, case in enumerate(fixture.get("cases", [])):
        put("requests", f"{base}-{i}", case["request"])
        n += 1
for path in sorted(glob.glob("Examples/*.json")):
    value = json.load(open(path))
    kind = "scenes" if ("window" in value or "windows" in value) else "requests"
    put(kind, "example-" + os.path.basename(path)[:-5], value)
# Design files of every format the importer reads (one folder per format under Tests/Fixtures).
for path in sorted(glob.glob("Tests/Fixtures/import-*/*")):
    if path.endswith(".expected.json") or path.endswith(".options.json") or not os.path.isfile(path):
        continue
    with open(path, "rb") as f, open(os.path.join(out, "designs", os.path.basename(path)), "wb") as g:
        g.write(f.read())
# Documents kept in folders (a Sketch document as Kactus writes it): each folder as the ZIP a client
# sends (stored entries, names relative to the folder), as the CLI packs it.
import zipfile
for folder in sorted(glob.glob("Tests/Fixtures/import-*/folders/*/")):
    name = os.path.basename(folder.rstrip("/"))
    with zipfile.ZipFile(os.path.join(out, "designs", name + ".zip"), "w", zipfile.ZIP_STORED) as z:
        for root, _, files in sorted(os.walk(folder)):
            for file in sorted(files):
                full = os.path.join(root, file)
                z.write(full, os.path.relpath(full, folder))
# Expectation files, their scene named scene.json (the harness's fixed scene), without the outcome.
for path in sorted(glob.glob("Tests/Fixtures/check/*.touchtrace.yaml")):
    text = open(path).read().split("\n---\n")[0]
    lines = [("scene: scene.json" if l.startswith("scene:") else l) for l in text.split("\n")]
    with open(os.path.join(out, "checks", os.path.basename(path)), "w") as g:
        g.write("\n".join(lines) + "\n")
# The hierarchy dump fixtures (text and Sentry JSON) and their overlays, as they are.
import shutil
for kind in ("dumps", "overlays"):
    os.makedirs(os.path.join(out, kind), exist_ok=True)
for path in sorted(glob.glob("Tests/Fixtures/import-dumps/*")):
    base = os.path.basename(path)
    if base.endswith(".overlay.json"):
        shutil.copy(path, os.path.join(out, "overlays", base))
    elif base.endswith(".txt") or base.endswith(".sentry.json"):
        shutil.copy(path, os.path.join(out, "dumps", base))
print(", ".join(f"{len(os.listdir(os.path.join(out, k)))} {k}" for k in ("scenes", "requests", "designs", "checks", "dumps", "overlays")))
PY

# The seed folders of each harness (a new harness for another format adds a line here).
seeds_for() {
  case "$1" in
    SceneDecoderFuzz | SceneOperationsFuzz) echo "$OUT/seeds/scenes" ;;
    RequestsFuzz) echo "$OUT/seeds/requests" ;;
    ImportFuzz) echo "$OUT/seeds/designs" ;;
    CheckFuzz) echo "$OUT/seeds/checks" ;;
    DumpOverlayFuzz) echo "$OUT/seeds/overlays" ;;
    Dump*Fuzz) echo "$OUT/seeds/dumps" ;;
    *) echo "$OUT/seeds/scenes $OUT/seeds/requests" ;;
  esac
}

run_one() {
  local harness="$1"
  local corpus="$OUT/corpus/$harness" artifacts="$OUT/artifacts/$harness/"
  mkdir -p "$corpus" "$artifacts"
  # ASan's quarantine of freed memory at 64 MB instead of 256: a harness peaks at about 280 MB
  # instead of 520 (measured on RequestsFuzz, 10 s), so that two side by side fit a memory-capped
  # CI machine; use-after-free is still caught within the last 64 MB freed.
  # shellcheck disable=SC2046
  ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=64}" \
  LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-suppressions.txt:print_suppressions=0" \
  "$BIN/$harness" "$corpus" $(seeds_for "$harness") -max_total_time="$SECONDS_EACH" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$artifacts" -print_final_stats=1 \
    >"$OUT/$harness.log" 2>&1 || true
}

echo "== run: ${HARNESSES[*]}, ${SECONDS_EACH} s each"
JOBS="${FUZZ_JOBS:-1}"
for harness in "${HARNESSES[@]}"; do
  run_one "$harness" &
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
done
wait

# libFuzzer prints its statistics however a run ends (time up, crash, leak, timeout, out of memory);
# a log without them means the process was killed from outside (the kernel's OOM killer, a signal)
# or never started. `|| true`: no match must not end this script under `set -e`.
fuzz_stat() { { grep -ao "stat::$2:[[:space:]]*[0-9]*" "$1" 2>/dev/null || true; } | awk '{print $2}' | tail -1; }

# One row of the table; returns 1 for a finding, 2 for a run without statistics.
report() {
  local harness="$1" log="$OUT/$1.log" execs rate peak corpus findings
  execs=$(fuzz_stat "$log" number_of_executed_units)
  rate=$(fuzz_stat "$log" average_exec_per_sec)
  peak=$(fuzz_stat "$log" peak_rss_mb)
  corpus=$(find "$OUT/corpus/$harness" -type f 2>/dev/null | wc -l)
  findings=$(find "$OUT/artifacts/$harness" -type f 2>/dev/null | wc -l)
  printf '%-28s %8s %12s %8s %8s %8s %s\n' "$harness" "$SECONDS_EACH" "${execs:-?}" "${rate:-?}" "$corpus" "${peak:-?}" "$findings"
  if [ "$findings" -gt 0 ]; then
    find "$OUT/artifacts/$harness" -type f | sed 's|^|    |'
    { grep -a -m 5 -E "ERROR|SUMMARY" "$log" || true; } | sed 's|^|    |'
    return 1
  fi
  if [ -z "$execs" ]; then
    echo "    no libFuzzer statistics (killed from outside, or did not start); the end of $log:"
    tail -n 15 "$log" | sed 's|^|    |'
    return 2
  fi
  return 0
}

header() { printf '%-28s %8s %12s %8s %8s %8s %s\n' harness seconds executions exec/s corpus peak-MB findings; }
header
status=0
killed=()
for harness in "${HARNESSES[@]}"; do
  rc=0; report "$harness" || rc=$?
  if [ "$rc" -eq 1 ]; then status=1; fi
  if [ "$rc" -eq 2 ]; then killed+=("$harness"); fi
done
# A harness killed from outside without a finding of its own (on a shared or memory-capped machine,
# the kernel may pick it while another harness runs beside it) runs once more, alone; killed again,
# or a finding then, fails the run.
if [ ${#killed[@]} -gt 0 ]; then
  echo "== again, alone: ${killed[*]}"
  header
  for harness in "${killed[@]}"; do
    run_one "$harness"
    report "$harness" || status=1
  done
fi
exit $status
