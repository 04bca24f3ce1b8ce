#!/usr/bin/env python3
"""Worst-case and hostile inputs for every stage, at the server's limits (issue 21).

Each case is an HTTP request (a route and a body) and, where the CLI takes the same input, the
files and arguments of `touchtrace OPERATION`. The same list serves three purposes:

  scripts/hostile.py bench BINARY [--only NAME ...] [--memory GiB]
      runs each case through the (release) CLI under an address-space limit and prints a
      markdown table: wall time, peak RSS (the child's ru_maxrss) and the exit status. The
      limits table of docs/deploy.md is this output.
  scripts/hostile.py emit DIR
      writes every case as DIR/NAME.json: {"method", "path", "body" (base64), "contentType",
      "expect": [statuses]}; the hostile-request test (HostileRequestTests) sends them to a
      server over a real socket.
  scripts/hostile.py list
      names and descriptions.

Sizes are the defaults of SceneLimits and ServerConfiguration (docs/deploy.md); change them
together.
"""
import argparse
import base64
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.setrecursionlimit(1_000_000)

MAX_VIEWS = 100_000
MAX_DEPTH = 1_000
MAX_BODY = 8 * 1024 * 1024
MAX_ARRANGED = 20_000
MAX_WINDOWS = 1_000
MAX_CONSTRAINTS = 100_000
MAX_RECOGNIZERS = 10_000
MAX_VERTICES = 100_000
MAX_STEPS = 10_000  # touches entries (TouchRequest.maxSteps)
MAX_POINTS = 10_000  # hit-test points (HitTestRequest.maxPoints)
MAX_CHECK_STEPS = 10_000


def window(subviews, wid="win", width=390, height=844, **extra):
    w = {"id": wid, "frame": {"x": 0, "y": 0, "width": width, "height": height}, "subviews": subviews}
    w.update(extra)
    return w


def scene(*windows):
    return {"window": windows[0]} if len(windows) == 1 else {"windows": list(windows)}


def button(i, x=20, y=20, w=100, h=44):
    return {"id": f"b{i}", "class": "UIButton", "frame": {"x": x, "y": y, "width": w, "height": h},
            "control": {"targets": [{"target": None, "action": "go:", "events": ["touchUpInside"]}]}}


# --- Scenes ---------------------------------------------------------------------------------

def flat_views(n):
    """n views: a window with n - 1 small siblings (the most views a scene may have)."""
    return scene(window([{"id": f"v{i}", "frame": {"x": i % 390, "y": (i // 390) % 844, "width": 1, "height": 1}} for i in range(n - 1)]))


def flat_buttons(n):
    """n - 1 buttons in a grid: every one a target of the regions."""
    return scene(window([button(i, x=(i % 20) * 19, y=(i // 20) % 800, w=18, h=18) for i in range(n - 1)]))


def deep_chain(depth):
    """Views nested `depth` deep with a button at the bottom."""
    leaf = button(0, 0, 0, 44, 44)
    node = leaf
    for i in range(depth - 1):
        node = {"id": f"n{i}", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [node]}
    return scene(window([node]))


def stack(n, distribution):
    """A horizontal stack view of n labels."""
    return scene(window([{"id": "stack", "class": "UIStackView", "frame": {"x": 0, "y": 0, "width": 390, "height": 44},
                          "stack": {"axis": "horizontal", "distribution": distribution},
                          "subviews": [{"id": f"l{i}", "class": "UILabel", "text": "x"} for i in range(n)]}]))


def constraint_chain(n):
    """n views pinned one to the next by hand (a chain the solver keeps sparse). Kept terse (the
    views abut, no gap constant) so that 25,000 of them, at maxConstraints, still fit the 8 MiB body
    limit: the HTTP case must reach the solver, not the 413."""
    views = []
    for i in range(n):
        c = [{"firstAttribute": "width", "constant": 10, "priority": 250}, {"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"},
             {"firstAttribute": "height", "constant": 10}]
        c.append({"firstAttribute": "leading", "secondItem": f"c{i - 1}" if i else "win", "secondAttribute": "trailing" if i else "leading"})
        views.append({"id": f"c{i}", "translatesAutoresizingMaskIntoConstraints": False, "constraints": c})
    return scene(window(views))


def overlapping(n):
    """n full-screen siblings, each with a button (the region warnings' cubic case)."""
    return scene(window([{"id": f"s{i}", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
                          "subviews": [button(i, x=(i * 7) % 300, y=(i * 13) % 800)]} for i in range(n)]))


def rotated(n):
    """n rotated overlapping buttons: outlines that cross."""
    return scene(window([dict(button(i, x=100 + (i % 10) * 5, y=300 + (i % 13) * 5, w=120, h=44), transform={"rotation": (i * 37) % 360})
                         for i in range(n)]))


def windows(n):
    return scene(*[window([button(i)], wid=f"w{i}", level=i % 3) for i in range(n)])


def recognizers(n):
    """n tap recognizers on one view, each requiring the next to fail, and a cycle at the end."""
    rs = []
    for i in range(n):
        rs.append({"id": f"r{i}", "type": "tap", "requireToFail": [f"r{(i + 1) % n}"], "targets": [{"target": None, "action": "go:"}]})
    return scene(window([{"id": "pad", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "gestureRecognizers": rs}]))


def presented_chain(n):
    """A chain of n presented controllers (each presented by the one before)."""
    vs = []
    for i in range(n):
        vc = {"id": f"vc{i}"}
        if i:
            vc["presentingViewController"] = f"vc{i - 1}"
        vs.append({"id": f"root{i}", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "viewController": vc})
    return scene(window(vs))


def polygon(n):
    """One view whose touch area is a polygon of n vertices."""
    import math
    pts = [{"x": 195 + 150 * math.cos(2 * math.pi * k / n), "y": 400 + 150 * math.sin(2 * math.pi * k / n)} for k in range(n)]
    return scene(window([dict(button(0, 0, 0, 390, 844), pointInside={"shape": "polygon", "points": pts})]))


def huge_geometry():
    return scene(window([dict(button(0, -1e308, -1e308, 1.7976931348623157e308, 1e308), transform={"a": 1e300, "b": 1e-300, "c": -1e300, "d": 1e300, "tx": 0, "ty": 0}),
                         {"id": "seg", "class": "UISegmentedControl", "frame": {"x": 0, "y": 0, "width": 1e-300, "height": 40}, "control": {"numberOfSegments": 1000000}}],
                        width=1e7, height=1e7))


# --- Cases ----------------------------------------------------------------------------------

class Case:
    def __init__(self, name, what, operation, scene_value=None, request=None, expect=(200,), cli=True, path=None, body=None,
                 content_type="application/json", cli_args=None, document=None, document_name=None):
        self.name, self.what, self.operation = name, what, operation
        self.scene, self.request = scene_value, request if request is not None else {}
        self.expect, self.cli = tuple(expect), cli
        self.path, self.body, self.content_type = path, body, content_type
        self.cli_args = cli_args
        self.document, self.document_name = document, document_name

    def http(self):
        """(method, path, body bytes, content type)"""
        if self.body is not None:
            return ("POST", self.path, self.body, self.content_type)
        if self.document is not None:
            return ("POST", self.path or f"/v1/{self.operation}", self.document, self.content_type)
        body = dict(self.request)
        body["scene"] = self.scene
        return ("POST", self.path or f"/v1/{self.operation}", json.dumps(body, separators=(",", ":")).encode(), "application/json")

    def cli_command(self, directory):
        """The CLI arguments (files written into `directory`), or None."""
        if not self.cli:
            return None
        if self.document is not None:
            path = os.path.join(directory, self.document_name)
            with open(path, "wb") as f:
                f.write(self.document)
            return [self.operation, path] + (self.cli_args or [])
        scene_path = os.path.join(directory, "scene.json")
        with open(scene_path, "w") as f:
            json.dump(self.scene, f, separators=(",", ":"))
        args = [self.operation, scene_path]
        if self.operation in ("touches", "actions", "layout"):
            request_path = os.path.join(directory, "request.json")
            with open(request_path, "w") as f:
                json.dump(self.request, f)
            args.append(request_path)
        return args + (self.cli_args or [])


def cases():
    out = []
    add = out.append
    tap = {"tap": {"x": 30, "y": 30}}
    v = flat_views(MAX_VIEWS)
    add(Case("views-validate", f"{MAX_VIEWS:,} views (maxViews)", "validate", v))
    add(Case("views-hit-test", f"{MAX_VIEWS:,} views, one point", "hit-test", v, {"point": {"x": 0.5, "y": 0.5}}, cli_args=["--point", "0.5,0.5"]))
    add(Case("views-touches", f"{MAX_VIEWS:,} views, a tap", "touches", v, tap))
    add(Case("views-layout", f"{MAX_VIEWS:,} views, a resize", "layout", v, {"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}))
    add(Case("views-render", f"{MAX_VIEWS:,} views, a picture", "render", v, {}, cli_args=["-o", "/dev/null"]))
    add(Case("views-too-many", f"{MAX_VIEWS + 1:,} views", "validate", flat_views(MAX_VIEWS + 1), expect=(422,)))
    b = flat_buttons(20_000)
    add(Case("buttons-validate", "20,000 buttons: the region warnings", "validate", b))
    add(Case("buttons-audit", "20,000 buttons: the audit", "audit", b, {}, expect=(200, 422)))
    d = deep_chain(MAX_DEPTH)
    add(Case("depth-hit-test", f"views nested {MAX_DEPTH:,} deep (maxDepth)", "hit-test", d, {"point": {"x": 10, "y": 10}}, cli_args=["--point", "10,10"]))
    add(Case("depth-audit", f"views nested {MAX_DEPTH:,} deep: the audit", "audit", d, {}, expect=(200, 1)))
    add(Case("depth-too-deep", f"views nested {MAX_DEPTH + 1:,} deep", "validate", deep_chain(MAX_DEPTH + 1), expect=(422,)))
    for dist in ("fill", "fillProportionally", "equalSpacing", "equalCentering"):
        add(Case(f"stack-{dist}", f"a {dist} stack view of {MAX_ARRANGED:,} labels (maxArrangedSubviews)", "layout", stack(MAX_ARRANGED, dist), {"changes": []},
                 expect=(200, 422)))
    add(Case("stack-too-long", f"a stack view of {MAX_ARRANGED + 1:,} labels", "validate", stack(MAX_ARRANGED + 1, "fill"), expect=(422,)))
    add(Case("constraint-chain", "30,000 views pinned one to the next by hand (120,000 constraints, past maxConstraints)", "layout", constraint_chain(30_000), {"changes": []}, expect=(413, 422)))
    add(Case("constraint-chain-at-limit", "25,000 views pinned one to the next (100,000 constraints, maxConstraints)", "layout", constraint_chain(25_000), {"changes": []},
             expect=(200, 422)))
    o = overlapping(3_200)
    add(Case("overlap-validate", "3,200 full-screen siblings each holding a button (the issue's 44 s validate)", "validate", o))
    add(Case("overlap-audit", "the same, audited", "audit", o, {}, expect=(200, 1, 422)))
    r = rotated(2_000)
    add(Case("rotated-audit", "2,000 rotated, overlapping buttons: outlines that cross", "audit", r, {}, expect=(200, 1, 422)))
    add(Case("windows-hit-test", f"{MAX_WINDOWS:,} windows (maxWindows)", "hit-test", windows(MAX_WINDOWS), {"point": {"x": 30, "y": 30}}, cli_args=["--point", "30,30"]))
    add(Case("windows-audit", f"{MAX_WINDOWS:,} windows: the audit", "audit", windows(MAX_WINDOWS), {}, expect=(200, 1, 422)))
    add(Case("recognizers-touches", f"{MAX_RECOGNIZERS:,} recognizers requiring each other to fail, in a cycle", "touches", recognizers(MAX_RECOGNIZERS), tap,
             expect=(200, 422)))
    add(Case("presented-chain", "a chain of 50,000 presented controllers", "hit-test", presented_chain(50_000), {"point": {"x": 10, "y": 10}}, cli_args=["--point", "10,10"],
             expect=(200, 422)))
    add(Case("polygon-audit", f"a touch area of {MAX_VERTICES:,} vertices (maxTouchAreaVertices)", "audit", polygon(MAX_VERTICES), {}, expect=(200, 1, 422)))
    small = flat_buttons(1_000)
    add(Case("touch-steps", f"{MAX_STEPS:,} touch entries on 1,000 buttons", "touches", small,
             {"touches": [{"touch": 1, "phase": "began", "x": 30, "y": 30, "t": 0}]
              + [{"touch": 1, "phase": "moved", "x": 30 + k % 300, "y": 30, "t": k / 1000} for k in range(1, MAX_STEPS - 1)]
              + [{"touch": 1, "phase": "ended", "x": 30, "y": 30, "t": MAX_STEPS / 1000}]}, expect=(200, 422)))
    add(Case("touch-steps-big-scene", f"{MAX_STEPS:,} touch entries on {MAX_VIEWS:,} views (past maxHitTestWork)", "touches", v,
             {"touches": [{"touch": 1, "phase": "began", "x": 0.5, "y": 0.5, "t": 0}]
              + [{"touch": 1, "phase": "moved", "x": 0.5, "y": 0.5, "t": k / 1000} for k in range(1, MAX_STEPS - 1)]
              + [{"touch": 1, "phase": "ended", "x": 0.5, "y": 0.5, "t": MAX_STEPS / 1000}]}, expect=(422,)))
    add(Case("drag-steps-1e9", "a drag of 1e9 steps", "touches", small, {"drag": {"from": {"x": 30, "y": 30}, "to": {"x": 300, "y": 30}, "steps": 1e9}}, expect=(422,)))
    add(Case("long-press-1e300", "a long press of 1e300 s", "touches", small, {"longPress": {"x": 30, "y": 30}, "duration": 1e300}))
    add(Case("tap-count-1e9", "a tap with count 1e9", "touches", small, {"tap": {"x": 30, "y": 30}, "count": 1e9}, expect=(422,)))
    add(Case("points", f"{MAX_POINTS:,} points on views nested {MAX_DEPTH:,} deep", "hit-test", d, {"points": [{"x": 10, "y": 10}] * MAX_POINTS}, cli=False, expect=(200, 422)))
    add(Case("huge-geometry", "frames of 1e308, a 1e300 scale, a 1e-300 pt segmented control, a 1e7 pt window", "render", huge_geometry(), {"regions": True, "points": [{"x": 0, "y": 0}]},
             cli_args=["--regions", "--point", "0,0", "-o", "/dev/null"], expect=(200, 422)))
    add(Case("setConstraint-index", "the issue's request: a setConstraint index of 2^64", "layout", scene(window([])),
             {"changes": [{"op": "setConstraint", "view": "win", "index": 18446744073709551616, "constant": 1}]}, expect=(422,)))
    add(Case("addSubview-many", "10,000 addSubview changes on 90,000 views", "layout", flat_views(90_000),
             {"changes": [{"op": "addSubview", "subview": {"id": f"new{k}"}, "to": "win"} for k in range(10_000)]}, expect=(200, 422)))
    # Bodies: the largest allowed, JSON nested as deep as the parser allows, many unknown fields.
    add(Case("body-unknown-fields", "an 8 MiB scene of unknown fields", "validate", None, cli=False, path="/v1/validate",
             body=b'{"scene":{"window":{"id":"w",' + b",".join(b'"f%d":0' % k for k in range(700_000)) + b"}}}", expect=(413, 422)))
    add(Case("body-deep-json", "JSON arrays nested 100,000 deep", "validate", None, cli=False, path="/v1/validate",
             body=b'{"scene":' + b"[" * 100_000 + b"]" * 100_000 + b"}", expect=(400, 422)))
    add(Case("body-too-large", "a body past 8 MiB", "validate", None, cli=False, path="/v1/validate", body=b'{"scene":"' + b"x" * (MAX_BODY + 10) + b'"}',
             expect=(413,)))
    # Importers.
    ib_bomb = (b'<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
               b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY e "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
               b'<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects><view id="v" userLabel="&e;&e;&e;"/></objects></document>')
    add(Case("import-xml-entities", "a xib with an entity expansion bomb", "import", document=ib_bomb, document_name="bomb.xib",
             path="/v1/import", content_type="application/xml", expect=(400, 422)))
    deep_xml = (b'<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>'
                + b'<view id="v"><subviews>' * 20_000 + b"</subviews></view>" * 20_000 + b"</objects></document>")
    add(Case("import-xml-deep", "a xib nested 20,000 deep", "import", document=deep_xml, document_name="deep.xib", path="/v1/import",
             content_type="application/xml", expect=(400, 422)))
    figma_nodes = {"name": "f", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [
        {"id": "1:1", "type": "FRAME", "name": "Screen", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 390, "height": 844},
         "children": [{"id": f"2:{k}", "type": "RECTANGLE", "absoluteBoundingBox": {"x": k % 390, "y": k % 844, "width": 1, "height": 1}} for k in range(150_000)]}]}]}}
    add(Case("import-figma-many", "a Figma file of 150,000 layers", "import", document=json.dumps(figma_nodes).encode(), document_name="big.figma.json",
             path="/v1/import", expect=(200, 413, 422), cli_args=["--format", "figma"]))
    return out


# --- Commands -------------------------------------------------------------------------------

def bench(args):
    selected = [c for c in cases() if not args.only or c.name in args.only]
    print(f"| case | what | operation | time (s) | peak RSS (MB) | exit |")
    print(f"|---|---|---|---:|---:|---|")
    for case in selected:
        if not case.cli:
            continue
        with tempfile.TemporaryDirectory() as directory:
            command = case.cli_command(directory)
            def limit():
                b = int(args.memory * 2**30)
                resource.setrlimit(resource.RLIMIT_AS, (b, b))
            # Through GNU time: the peak RSS of a process counts what it had before exec, and
            # this script's fork holds every case; time's own child starts small.
            usage = os.path.join(directory, "usage.txt")
            start = time.time()
            proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", usage, args.binary] + command, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, preexec_fn=limit, cwd=directory)
            status = None
            try:
                wait_with_timeout(proc, args.timeout)
                status = proc.returncode
            except TimeoutError:
                subprocess.run(["pkill", "-KILL", "-P", str(proc.pid)])  # time's child, by its parent's id
                proc.kill()
                os.wait4(proc.pid, 0)
                status = "timeout"
            elapsed = time.time() - start
            lines = open(usage).read().split("\n") if os.path.exists(usage) else []
            numbers = [l for l in lines if l.strip().isdigit()]
            peak = int(numbers[-1]) / 1024 if numbers else float("nan")
            signalled = [l for l in lines if "terminated by signal" in l]
            shown = signalled[0].split()[-1].join(["signal ", ""]) if signalled else str(status)
            print(f"| {case.name} | {case.what} | {case.operation} | {elapsed:.2f} | {peak:.0f} | {shown} |", flush=True)


def wait_with_timeout(proc, timeout):
    deadline = time.time() + timeout
    while True:
        pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
        if pid == proc.pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return status, rusage
        if time.time() > deadline:
            raise TimeoutError
        time.sleep(0.02)


def emit(args):
    os.makedirs(args.directory, exist_ok=True)
    for case in cases():
        method, path, body, content_type = case.http()
        with open(os.path.join(args.directory, case.name + ".json"), "w") as f:
            json.dump({"name": case.name, "what": case.what, "method": method, "path": path, "contentType": content_type,
                       "body": base64.b64encode(body).decode(), "expect": list(case.expect)}, f)
    print(len(cases()), "cases written to", args.directory)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("bench")
    b.add_argument("binary")
    b.add_argument("--only", action="append", default=[])
    b.add_argument("--memory", type=float, default=3)
    b.add_argument("--timeout", type=float, default=120)
    e = sub.add_parser("emit")
    e.add_argument("directory")
    sub.add_parser("list")
    args = parser.parse_args()
    if args.command == "bench":
        args.binary = os.path.abspath(args.binary)
        bench(args)
    elif args.command == "emit":
        emit(args)
    else:
        for case in cases():
            print(f"{case.name:28} {case.operation:9} {case.what}")


if __name__ == "__main__":
    main()
