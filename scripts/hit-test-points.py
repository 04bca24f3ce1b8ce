#!/usr/bin/env python3
"""The tap points of the HTTP benchmarks (scripts/bench-http.sh, scripts/cpu-per-request.sh):
96 points on a grid over the 390x844 window of generate-scene.py's scene, so that the requests
hit buttons, labels, images, bars and empty space, with traces of every length.

  hit-test-points.py lua FILE      writes a wrk script that cycles through the points (each
                                   connection's requests take them in turn)
  hit-test-points.py json          prints {"points": [...]} (one request with all of them)
"""
import json
import sys

POINTS = [(15 + 40 * (i % 10), 20 + 70 * (i // 10) + 7 * (i % 10)) for i in range(96)]


def lua():
    bodies = ",\n".join("'{\"point\": {\"x\": %d, \"y\": %d}}'" % p for p in POINTS)
    return """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {%s}
local i = 0
request = function()
  i = i %% #bodies + 1
  return wrk.format(nil, nil, nil, bodies[i])
end
""" % bodies


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "lua":
        open(sys.argv[2], "w").write(lua())
    elif len(sys.argv) == 2 and sys.argv[1] == "json":
        print(json.dumps({"points": [{"x": x, "y": y} for x, y in POINTS]}))
    else:
        sys.exit(__doc__)
