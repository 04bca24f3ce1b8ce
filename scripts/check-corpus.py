#!/usr/bin/env python3
"""`touchtrace check --init` then `touchtrace check` on every storyboard scene and xib of the
Interface Builder corpus (../shared/corpus/ib by default), and the figures docs/check.md gives:
how many initialise, the steps by kind, how many pass, the failures by cause, and why the
wired controls that get assertNotHittable are unreachable.

    python3 scripts/check-corpus.py [--touchtrace .build/debug/touchtrace] [--corpus ../shared/corpus/ib] [--keep DIR]

Nothing is written into the repository; the starter files go to a temporary directory (or
--keep DIR).
"""
import argparse, collections, json, os, re, subprocess, sys, tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--touchtrace", default=".build/debug/touchtrace")
parser.add_argument("--corpus", default="../shared/corpus/ib")
parser.add_argument("--keep")
args = parser.parse_args()
T = os.path.abspath(args.touchtrace)
out = args.keep or tempfile.mkdtemp(prefix="touchtrace-check-corpus-")
os.makedirs(out, exist_ok=True)

stats = collections.Counter()
kinds = collections.Counter()
causes = collections.Counter()
unreachable = collections.Counter()
moved = collections.Counter()
failedFiles = collections.Counter()
failures = []
names = sorted(n for n in os.listdir(args.corpus) if n.endswith((".storyboard", ".xib")))
for name in names:
    path = os.path.join(args.corpus, name)
    stats["files"] += 1
    units = [None]
    if name.endswith(".storyboard"):
        listed = subprocess.run([T, "import", path, "--list"], capture_output=True, text=True)
        try:
            units = [u["id"] for u in json.loads(listed.stdout)["scenes"]]
        except Exception:
            stats["notListed"] += 1
            failures.append((name, None, "--list", listed.stdout[:200]))
            continue
    for unit in units:
        stats["scenes"] += 1
        starter = os.path.join(out, f"{name}.{unit or 'all'}.touchtrace.yaml")
        made = subprocess.run([T, "check", "--init", path, "-o", starter] + (["--scene", unit] if unit else []), capture_output=True, text=True)
        if made.returncode != 0:
            stats["notInitialised"] += 1
            failures.append((name, unit, "--init", made.stdout[:300]))
            continue
        stats["initialised"] += 1
        text = open(starter).read()
        if "- tapOn:" in text or "- assertNotHittable:" in text or "- sendActions:" in text:
            stats["withWiredControls"] += 1
        for reason in re.findall(r"no touch reaches it: (.*)", text):
            unreachable[re.sub(r"(ancestor|superview|window|covered by|hidden ancestor) [^ ]+", r"\1 X", reason.split("; ")[0].split(",")[0])[:70]] += 1
        for note in re.findall(r"# reachable in the file's own frames, but after layout (.*) \(if this step", text):
            stats["layoutMoved"] += 1
            moved[re.sub(r"(ancestor|superview|window|covered by|hidden ancestor) [^ ]+", r"\1 X", note.split("; ")[0])[:70]] += 1
        run = subprocess.run([T, "check", starter, "--format", "json"], capture_output=True, text=True)
        if run.returncode == 2:
            stats["inputProblems"] += 1
            failures.append((name, unit, "check", run.stdout[:300]))
            continue
        for file in json.loads(run.stdout)["files"]:
            for step in file["steps"]:
                stats["steps"] += 1
                kinds[step["kind"]] += 1
                if step["outcome"] == "passed":
                    stats["passed"] += 1
                    continue
                failedFiles[name] += 1
                for f in step["failures"]:
                    causes[f["expectation"]] += 1
                    failures.append((name, unit, step["title"], f["message"][:200]))
                for f in step["findings"]:
                    if f["status"] == "counted" and f["severity"] == "error":
                        causes["audit " + f["rule"]] += 1
                        failures.append((name, unit, step["title"], f["message"][:200]))

steps = stats["steps"] or 1
print(f"corpus: {args.corpus}: {stats['files']} files, {stats['scenes']} scenes (storyboard scenes and xibs)")
print(f"initialised: {stats['initialised']} of {stats['scenes']}; with wired controls: {stats['withWiredControls']}")
print(f"steps: {stats['steps']} ({', '.join(f'{k} {v}' for k, v in kinds.most_common())})")
print(f"passed: {stats['passed']} ({100 * stats['passed'] / steps:.2f}%); failed: {stats['steps'] - stats['passed']}")
print("failures by cause:", dict(causes.most_common()) or "none")
print(f"taps on controls the file shows reachable but TouchTrace's layout puts out of reach: {stats['layoutMoved']}, by reason:")
for reason, n in moved.most_common(12):
    print(f"  {n:4d}  {reason}")
print("files with failed steps:", len(failedFiles), dict(failedFiles.most_common(12)))
print("wired controls the file itself shows unreachable (assertNotHittable), by reason:")
for reason, n in unreachable.most_common():
    print(f"  {n:4d}  {reason}")
for f in failures[:40]:
    print("  ", f)
