#!/usr/bin/env python3
"""Peak memory of `touchtrace serve` under 64 concurrent 8 MB requests (issue 16, "Memory stays
bounded"). Starts the given binary on a free port, sends N concurrent POST /v1/hit-test requests
whose inline scene is just under the 8 MiB body limit (generated: a window of padded views), and
prints the status counts, the time taken, the server's peak RSS (VmHWM from /proc) and the RSS it
still holds 2 s after the last answer (VmRSS: memory the allocator kept rather than gave back).

    scripts/memory-load.py BINARY [concurrent=64] [serve options ...]
"""
import collections, json, os, socket, subprocess, sys, tempfile, threading, time, urllib.error, urllib.request

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 64
extra = sys.argv[3:]
sock = socket.socket(); sock.bind(("127.0.0.1", 0)); port = sock.getsockname()[1]; sock.close()
data = tempfile.mkdtemp()
server = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", data, "--log-level", "error"] + extra)
try:
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1); break
        except Exception:
            time.sleep(0.1)
    views = []
    size = 0
    i = 0
    while size < 8 * 1024 * 1024 - 200_000:
        view = {"id": f"v{i}", "customClass": "Padding" + "x" * 400,
                "frame": {"x": i % 300, "y": (i * 7) % 800, "width": 20, "height": 20}}
        views.append(view); size += len(json.dumps(view)) + 1; i += 1
    body = json.dumps({"scene": {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
                                            "subviews": views}}, "point": {"x": 5, "y": 5}}).encode()
    assert len(body) <= 8 * 1024 * 1024, len(body)
    statuses = collections.Counter()
    lock = threading.Lock()
    def send():
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/hit-test", data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            status = urllib.request.urlopen(request, timeout=300).status
        except urllib.error.HTTPError as error:
            status = error.code
        except Exception as error:
            status = type(error).__name__
        with lock:
            statuses[status] += 1
    start = time.time()
    threads = [threading.Thread(target=send) for _ in range(count)]
    for t in threads: t.start()
    for t in threads: t.join()
    elapsed = time.time() - start
    status = open(f"/proc/{server.pid}/status").read()
    peak = next(l for l in status.splitlines() if l.startswith("VmHWM")).split()[1]
    # What the server still holds once the requests are answered (the allocator's kept memory).
    time.sleep(2)
    held = next(l for l in open(f"/proc/{server.pid}/status").read().splitlines() if l.startswith("VmRSS")).split()[1]
    alive = server.poll() is None
    print(f"{count} concurrent requests of {len(body):,} bytes ({len(views):,} views each): "
          f"{dict(statuses)} in {elapsed:.1f} s; server alive: {alive}; peak RSS {int(peak) / 1024:.0f} MiB, "
          f"{int(held) / 1024:.0f} MiB held 2 s after")
finally:
    server.terminate(); server.wait()
