"""Sends N requests to a touchtrace server on one keep-alive connection (for compare.sh).

usage: http-requests.py PORT PATH N

Waits for /health, stores a generated 1,000-view scene as `bench` (the engine-workloads scene),
then sends N requests: GET for /health, POST {"point": …} for a hit-test path (points cycle
over the window). Exits non-zero if any answer is not 200.
"""
import http.client
import json
import sys
import time

port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])


def connect():
    for _ in range(600):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            c.request("GET", "/health")
            if c.getresponse().read() == b'{"status":"ok"}':
                return c
        except OSError:
            time.sleep(0.1)
    sys.exit("the server did not start")


def card(i):
    y = 44 + i * 60
    return {"id": f"card{i}", "frame": {"x": 0, "y": y, "width": 390, "height": 60}, "subviews": [
        {"id": f"icon{i}", "class": "UIImageView", "frame": {"x": 12, "y": 8, "width": 44, "height": 44}},
        {"id": f"title{i}", "class": "UILabel", "frame": {"x": 64, "y": 8, "width": 250, "height": 22}},
        {"id": f"subtitle{i}", "class": "UILabel", "frame": {"x": 64, "y": 32, "width": 250, "height": 18}},
        {"id": f"more{i}", "class": "UIButton", "frame": {"x": 330, "y": 10, "width": 48, "height": 40},
         "subviews": [{"id": f"badge{i}", "frame": {"x": 30, "y": 0, "width": 18, "height": 18}}]}]}


scene = {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
    {"id": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [card(i) for i in range(166)]}]}}
c = connect()
c.request("PUT", "/v1/scenes/bench", body=json.dumps(scene), headers={"Content-Type": "application/json"})
r = c.getresponse()
r.read()
assert r.status in (200, 201), r.status
for i in range(count):
    if path == "/health":
        c.request("GET", path)
    else:
        body = json.dumps({"point": {"x": (i * 37) % 390, "y": (i * 53) % 844}})
        c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    r = c.getresponse()
    r.read()
    if r.status != 200:
        sys.exit(f"{path}: HTTP {r.status}")
