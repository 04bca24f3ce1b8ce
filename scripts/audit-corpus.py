#!/usr/bin/env python3
"""The audit's findings per screen on the Interface Builder corpus, before and after the audit
policy of docs/audit.md (stock controls at their system sizes are warnings under apple-44 and
material-48 and exempt under wcag-2.5.8; hidden views are not layout findings): every storyboard
scene and xib is imported and audited (`touchtrace audit`, default profile apple-44) by two builds,
the one before the policy (--before) and this one (--after), and the errors and warnings are
counted per rule and per screen.

    python3 scripts/audit-corpus.py --before OLD/touchtrace --after .build/debug/touchtrace [--corpus ../shared/corpus/ib]
"""
import argparse, collections, json, os, subprocess, tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--before", required=True)
parser.add_argument("--after", default=".build/debug/touchtrace")
parser.add_argument("--corpus", default="../shared/corpus/ib")
parser.add_argument("--profile", default="apple-44")
args = parser.parse_args()
work = tempfile.mkdtemp(prefix="touchtrace-audit-corpus-")


def audit(binary, path, unit):
    scene = os.path.join(work, "scene.json")
    made = subprocess.run([binary, "import", path, "-o", scene] + (["--scene", unit] if unit else []), capture_output=True, text=True)
    if made.returncode != 0:
        return None
    run = subprocess.run([binary, "audit", scene, "--profile", args.profile], capture_output=True, text=True)
    try:
        return json.loads(run.stdout)["findings"]
    except Exception:
        return None


totals = {"before": collections.Counter(), "after": collections.Counter()}
screens = {"before": collections.Counter(), "after": collections.Counter()}
rows = []
for name in sorted(n for n in os.listdir(args.corpus) if n.endswith((".storyboard", ".xib"))):
    path = os.path.join(args.corpus, name)
    units = [None]
    if name.endswith(".storyboard"):
        listed = subprocess.run([args.after, "import", path, "--list"], capture_output=True, text=True)
        try:
            units = [u["id"] for u in json.loads(listed.stdout)["scenes"]]
        except Exception:
            continue
    for unit in units:
        counts = {}
        for side, binary in (("before", args.before), ("after", args.after)):
            findings = audit(binary, path, unit)
            if findings is None:
                counts[side] = None
                continue
            c = collections.Counter()
            for f in findings:
                c[f["severity"] + " " + f["rule"]] += 1
                c[f["severity"]] += 1
            counts[side] = c
            totals[side].update(c)
            screens[side]["screens"] += 1
            if c["error"]:
                screens[side]["screens with errors"] += 1
            if c["error"] == 0 and c["warn"] == 0:
                screens[side]["screens without findings"] += 1
        if counts.get("before") is not None and counts.get("after") is not None and counts["before"] != counts["after"]:
            rows.append((name + (f" {unit}" if unit else ""), counts["before"], counts["after"]))

print(f"profile {args.profile}; corpus {args.corpus}")
for side in ("before", "after"):
    t = totals[side]
    print(f"{side}: {screens[side]['screens']} screens, {screens[side]['screens with errors']} with errors, "
          f"{screens[side]['screens without findings']} without findings; errors {t['error']}, warnings {t['warn']}; "
          + ", ".join(f"{k} {v}" for k, v in sorted(t.items()) if " " in k))
print(f"screens whose findings changed: {len(rows)}")
print("| screen | errors before | errors after | warnings before | warnings after |")
print("|---|---:|---:|---:|---:|")
for screen, b, a in sorted(rows, key=lambda r: -(r[1]["error"] - r[2]["error"]))[:25]:
    print(f"| {screen} | {b['error']} | {a['error']} | {b['warn']} | {a['warn']} |")
