#!/usr/bin/env bash
# Times `touchtrace render` on a scene of N views that are all on screen (default 1,000): a
# window of cards in a grid, each card a view with a label, a button (some with an enlarged touch
# area, every fifth card rotated) and a view with a tap recognizer, so every option has work to
# do — views and labels drawn, 10 points hit-tested and their taps replayed, every target's
# effective region computed and drawn, the audit run. Wall-clock time of the whole command
# (process start, JSON decode, preparation, rendering, writing), best and median of RUNS runs.
#
#   scripts/render-bench.sh [N] [RUNS]     (uses the release build; builds it when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000}"
runs="${2:-7}"
bin="${TOUCHTRACE_BIN:-$(swift build -c release --show-bin-path)/touchtrace}"
[ -x "$bin" ] || swift build -c release --product touchtrace
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$n" > "$work/scene.json" <<'PY'
import json, sys
n = int(sys.argv[1])
cards, count = [], 1          # the window counts as one view
columns, width, height = 10, 150, 110
i = 0
while count + 5 <= n:
    x, y = (i % columns) * (width + 10) + 10, (i // columns) * (height + 10) + 10
    button = {"id": f"b{i}", "class": "UIButton", "text": "Buy", "frame": {"x": 10, "y": 60, "width": 60 + i % 3 * 20, "height": 30 + i % 4 * 6},
              "control": {"targets": [{"target": None, "action": "buy:", "events": ["touchUpInside"]}]}}
    if i % 7 == 0:
        button["pointInside"] = {"shape": "insets", "top": -6, "left": -6, "bottom": -6, "right": -6}
    card = {"id": f"c{i}", "frame": {"x": x, "y": y, "width": width, "height": height}, "subviews": [
        {"id": f"t{i}", "class": "UILabel", "text": f"Item {i} <&>", "frame": {"x": 10, "y": 10, "width": 130, "height": 20}},
        button,
        {"id": f"g{i}", "frame": {"x": 100, "y": 60, "width": 40, "height": 40}, "gestureRecognizers": [{"id": f"tap{i}", "type": "tap"}]},
        {"id": f"o{i}", "frame": {"x": 60, "y": 70, "width": 50, "height": 30}, "alpha": 0.5},
    ]}
    if i % 5 == 4:
        card["transform"] = {"rotation": 8}
    cards.append(card)
    count += 5
    i += 1
rows = (i + columns - 1) // columns
window = {"id": "win", "frame": {"x": 0, "y": 0, "width": columns * (width + 10) + 10, "height": rows * (height + 10) + 10}, "subviews": cards}
for k in range(n - count):    # pad to exactly n
    cards[k % len(cards)]["subviews"].append({"id": f"p{k}", "frame": {"x": 2, "y": 2, "width": 4, "height": 4}})
print(json.dumps({"name": f"{n} views, all on screen", "window": window}))
PY

points=()
for k in 0 1 2 3 4 5 6 7 8 9; do points+=(--point "$((30 + k * 160)),$((80 + k * 120))"); done

time_it() { # label, arguments…
  local label="$1"; shift
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$bin" render "$work/scene.json" "$@" -o "$work/out.svg"
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  local sorted
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  printf '%-44s best %4d ms  median %4d ms  (%s bytes)\n' "$label" "$(echo "$sorted" | head -1)" \
    "$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")" "$(wc -c < "$work/out.svg")"
}

echo "scene: $n views ($(wc -c < "$work/scene.json") bytes), $runs runs each, $bin"
start=$(date +%s%N); "$bin" validate "$work/scene.json" >/dev/null; end=$(date +%s%N)
echo "for comparison, validate (decode, prepare, scene warnings): $(( (end - start) / 1000000 )) ms"
time_it "views"
time_it "views + 10 points" "${points[@]}"
time_it "views + regions" --regions
time_it "views + audit apple-44" --audit apple-44
time_it "views + 10 points + regions + audit" "${points[@]}" --regions --audit apple-44
