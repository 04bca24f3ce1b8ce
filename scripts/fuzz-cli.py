#!/usr/bin/env python3
"""Structure-aware mutation fuzzer for every touchtrace subcommand that reads a file.

It takes the repository's fixtures (scenes, requests, expectation files, design files) as seeds,
mutates them as trees (numbers at the edges of Int and Double, repeated subtrees, long chains,
deleted and duplicated nodes, ids swapped, fields from elsewhere) and runs the release binary on
each input under a time limit and an address-space limit. A finding is an input on which the
process dies of a signal, exits with a status the CLI does not use, or runs past the time limit;
it is written, with the command that replays it, under OUT/findings/<harness>/.

Harnesses are declared by small JSON files in Fuzz/cli/ (one per harness; see docs/fuzzing.md):

    {"args": ["layout", "{scene}", "{changes}"],
     "inputs": {"scene": "scene", "changes": "request:layout"}}

`args` is the command line after the binary (`{name}` is replaced by the path of the input of
that name); `inputs` gives each input's seed set (the sets are listed in SEED_SETS below: a new
parser adds its folder there, or names a glob with "glob:Tests/Fixtures/foo/*.txt" and a kind
with "kind": {"name": "text"}).

    scripts/fuzz-cli.py BINARY [--seconds 60] [--jobs 2] [--harness NAME ...] [--out DIR]

Exit status 0 when no harness found anything, 1 otherwise. The summary table gives, per
harness, the inputs run, the time, and the findings (distinct by their first line of output).
"""
import argparse
import copy
import glob
import hashlib
import json
import math
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Exit statuses the CLI uses (TouchTraceCommand's help): anything else is a finding.
ALLOWED_STATUS = {0, 1, 2, 64}

EDGE_NUMBERS = [
    0, -0.0, 1, -1, 0.5, 2, 3, 7, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e9, -1e9, 2**31 - 1, 2**31, -(2**31),
    2**32, 2**53, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), 2**64, 18446744073709551616, 1e15, 1e18, 1e19,
    1e30, 1e100, 1e300, 1e308, -1e308, 1.7976931348623157e308, 1e-300, 5e-324, -5e-324, 1e-9, 1e-12,
    0.1, 0.01, 0.009, 44, 390, 844,
]

# Fields worth planting anywhere: the knobs that size work (counts, durations, steps, indexes).
PLANTED_FIELDS = [
    "steps", "count", "duration", "index", "at", "numberOfSegments", "numberOfPages", "selectedSegmentIndex",
    "currentPage", "value", "minimumValue", "maximumValue", "stepValue", "numberOfTapsRequired",
    "numberOfTouchesRequired", "minimumPressDuration", "spacing", "multiplier", "constant", "priority",
    "width", "height", "x", "y", "rotation", "scaleX", "scaleY", "a", "b", "c", "d", "tx", "ty", "level",
    "zPosition", "font", "cornerRadius", "radius", "decelerationRate", "t", "touch", "section", "row", "item",
]


def load_json(path):
    with open(path, "rb") as f:
        return json.loads(f.read())


def seed_sets():
    """Seed sets by name: lists of (bytes, name) pairs."""
    sets = {}

    def add(name, value, label):
        sets.setdefault(name, []).append((value, label))

    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/*/*.json"))):
        try:
            fixture = load_json(path)
        except ValueError:
            continue
        if not isinstance(fixture, dict) or "scene" not in fixture or "cases" not in fixture:
            continue
        label = os.path.basename(path)
        add("scene", json.dumps(fixture["scene"]).encode(), label)
        for case in fixture["cases"]:
            request = case.get("request")
            if not isinstance(request, dict):
                continue
            if "changes" in request and not any(k in request for k in ("touches", "tap", "drag", "longPress", "sender", "point", "points")):
                kind = "layout"
            elif any(k in request for k in ("touches", "tap", "drag", "longPress")):
                kind = "touches"
            elif "sender" in request:
                kind = "actions"
            elif "point" in request or "points" in request:
                kind = "hit-test"
            else:
                kind = "audit"
            add("request:" + kind, json.dumps(request).encode(), label)
    for path in sorted(glob.glob(os.path.join(ROOT, "Examples/*.json"))):
        value = load_json(path)
        kind = "scene" if isinstance(value, dict) and ("window" in value or "windows" in value) else None
        if kind:
            add(kind, json.dumps(value).encode(), os.path.basename(path))
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/check/*.touchtrace.yaml"))):
        with open(path, "rb") as f:
            add("check", f.read().split(b"\n---\n")[0], os.path.basename(path))
    for pattern in ("Tests/Fixtures/import-ib/*.xib", "Tests/Fixtures/import-ib/*.storyboard"):
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            with open(path, "rb") as f:
                add("ib", f.read(), os.path.basename(path))
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Fixtures/import-figma/*.figma.json"))):
        with open(path, "rb") as f:
            add("figma", f.read(), os.path.basename(path))
    # Audit options: the seeds are the audit fixtures' requests plus the profiles.
    for profile in ("apple-44", "material-48", "wcag-2.5.8", "wcag-2.5.5"):
        add("request:audit", json.dumps({"profile": profile}).encode(), profile)
    return sets


# ---------------------------------------------------------------------------------------------
# Tree mutations (JSON values, and YAML documents read as such)


def paths(value, prefix=()):
    """Every node's path, the root's first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


def get(value, path):
    for k in path:
        value = value[k]
    return value


def put(root, path, new):
    if not path:
        return new
    parent = get(root, path[:-1])
    parent[path[-1]] = new
    return root


def strings_in(value):
    out = []
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            out += strings_in(v)
    elif isinstance(value, list):
        for v in value:
            out += strings_in(v)
    return out


def edge_number(rng):
    n = rng.choice(EDGE_NUMBERS)
    return -n if rng.random() < 0.2 else n


def mutate_tree(value, rng, donors):
    """One structural mutation of a JSON-like tree; returns the new tree."""
    value = copy.deepcopy(value)
    all_paths = paths(value)
    path = rng.choice(all_paths)
    node = get(value, path)
    op = rng.randrange(14)
    if op == 0 or (op < 3 and isinstance(node, (int, float)) and not isinstance(node, bool)):
        # A number at an edge (also where a number was not expected).
        return put(value, path, edge_number(rng))
    if op == 3 and path:
        # Delete a node.
        parent = get(value, path[:-1])
        del parent[path[-1]]
        return value
    if op == 4 and isinstance(node, list) and node:
        # Repeat an item many times (wide lists: siblings, constraints, steps, points).
        item = rng.choice(node)
        n = rng.choice([2, 10, 100, 1000, 3000])
        node.extend(copy.deepcopy(item) for _ in range(n))
        return value
    if op == 5 and isinstance(node, dict) and node:
        # A long chain: the node nested inside itself under one of its list members.
        keys = [k for k, v in node.items() if isinstance(v, list)]
        if keys:
            key = rng.choice(keys)
            depth = rng.choice([10, 100, 500, 2000])
            inner = copy.deepcopy(node)
            chain = inner
            for i in range(depth):
                child = copy.deepcopy(node)
                child[key] = []
                if "id" in child and isinstance(child["id"], str):
                    child["id"] = f"{child['id']}-{i}"
                chain[key] = [child]
                chain = child
            return put(value, path, inner)
    if op == 6 and isinstance(node, str):
        # Another string of the document (ids referring to the wrong kind of thing).
        pool = strings_in(value)
        return put(value, path, rng.choice(pool) if pool else "")
    if op == 7 and isinstance(node, dict):
        # A knob planted with an edge value.
        node[rng.choice(PLANTED_FIELDS)] = edge_number(rng)
        return value
    if op == 8 and donors:
        # A subtree from another seed.
        donor = rng.choice(donors)
        donor_paths = paths(donor)
        return put(value, path, copy.deepcopy(get(donor, rng.choice(donor_paths))))
    if op == 9 and isinstance(node, list) and node:
        # Duplicate an item in place (duplicate ids, two of one thing).
        node.insert(rng.randrange(len(node) + 1), copy.deepcopy(rng.choice(node)))
        return value
    if op == 10:
        return put(value, path, rng.choice([None, True, False, "", [], {}, "x" * rng.choice([1, 200, 100000]), -1, 0]))
    if op == 11 and isinstance(node, dict) and node:
        # Swap two members' values.
        keys = list(node.keys())
        a, b = rng.choice(keys), rng.choice(keys)
        node[a], node[b] = node[b], node[a]
        return value
    if op == 12 and isinstance(node, (int, float)) and not isinstance(node, bool):
        # Scale a number by an extreme factor.
        factor = rng.choice([1e3, 1e6, 1e-6, 1e100, 1e-300, -1])
        try:
            return put(value, path, node * factor)
        except OverflowError:
            return put(value, path, 1e308)
    # Default: a number somewhere at an edge.
    numbers = [p for p in all_paths if isinstance(get(value, p), (int, float)) and not isinstance(get(value, p), bool)]
    if numbers:
        return put(value, rng.choice(numbers), edge_number(rng))
    return value


def dump_json(value, rng):
    text = json.dumps(value, allow_nan=False) if rng.random() < 0.97 else json.dumps(value)
    return text.encode()


def mutate_json(data, rng, donors):
    try:
        value = json.loads(data)
    except ValueError:
        return mutate_bytes(data, rng)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        try:
            value = mutate_tree(value, rng, donors)
        except (IndexError, KeyError, TypeError, RecursionError):
            break
    try:
        return dump_json(value, rng)
    except (ValueError, RecursionError):
        return data


def mutate_bytes(data, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 2, 4, 8])):
        if not data:
            data += b"{"
        op = rng.randrange(4)
        i = rng.randrange(len(data))
        if op == 0:
            data[i] = rng.randrange(256)
        elif op == 1:
            del data[i : i + rng.randrange(1, 16)]
        elif op == 2:
            j = rng.randrange(len(data))
            data[i:i] = data[j : j + rng.randrange(1, 64)]
        else:
            data[i:i] = rng.choice([b"1e308", b"18446744073709551616", b"-0", b"[", b"{", b"\x00", b"\xff", b"\"", b"NaN"])
    return bytes(data)


# ---------------------------------------------------------------------------------------------
# XML (Interface Builder): attributes at the edges, duplicated, deleted and deeply nested
# elements, entity declarations (expansion bombs, external entities).

ATTR = re.compile(rb'(\s[A-Za-z_:][-A-Za-z0-9_:.]*=")([^"]*)(")')
ELEMENT = re.compile(rb"<([A-Za-z][-A-Za-z0-9_:.]*)\b[^<>]*?(/>|>)")


def mutate_xml(data, rng, donors):
    out = data
    for _ in range(rng.choice([1, 1, 2, 3])):
        op = rng.randrange(8)
        attrs = list(ATTR.finditer(out))
        if op <= 2 and attrs:
            m = rng.choice(attrs)
            value = m.group(2)
            if re.fullmatch(rb"-?[0-9.eE+]+", value) or op == 0:
                new = repr(edge_number(rng)).encode()
            else:
                pool = [a.group(2) for a in attrs]
                new = rng.choice(pool)
            out = out[: m.start(2)] + new + out[m.end(2) :]
        elif op == 3:
            # Duplicate an element with everything inside it, many times.
            span = element_span(out, rng)
            if span:
                a, b = span
                out = out[:b] + out[a:b] * rng.choice([1, 10, 200]) + out[b:]
        elif op == 4:
            span = element_span(out, rng)
            if span:
                a, b = span
                out = out[:a] + out[b:]
        elif op == 5:
            # Deep nesting: wrap an element in many copies of its own start tag.
            span = element_span(out, rng)
            if span:
                a, b = span
                m = ELEMENT.match(out, a)
                if m and m.group(2) == b">":
                    n = rng.choice([50, 500, 5000])
                    start = out[a : m.end()]
                    end = b"</" + m.group(1) + b">"
                    out = out[:a] + start * n + out[a:b] + end * n + out[b:]
        elif op == 6:
            # Entities: an expansion bomb or an external entity, referred to in an attribute.
            decl = rng.choice([
                b'<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY e "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>',
                b'<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
                b'<!DOCTYPE d [<!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd"> %p;]>',
            ])
            body = out
            if body.startswith(b"<?xml"):
                end = body.find(b"?>") + 2
                body = body[:end] + decl + body[end:]
            else:
                body = decl + body
            if attrs:
                m = rng.choice(list(ATTR.finditer(body)))
                body = body[: m.start(2)] + rng.choice([b"&f;", b"&x;", b"&e;"]) + body[m.end(2) :]
            out = body
        else:
            out = mutate_bytes(out, rng)
    return out


def element_span(data, rng):
    """A random element's byte range (start tag to its end tag), or None."""
    starts = list(ELEMENT.finditer(data))
    if not starts:
        return None
    for _ in range(8):
        m = rng.choice(starts)
        if m.group(2) == b"/>":
            return (m.start(), m.end())
        name = m.group(1)
        depth = 0
        pos = m.end()
        pattern = re.compile(rb"<(/?)" + re.escape(name) + rb"\b[^<>]*?(/?)>")
        for t in pattern.finditer(data, pos):
            if t.group(1):
                if depth == 0:
                    return (m.start(), t.end())
                depth -= 1
            elif not t.group(2):
                depth += 1
    return None


# ---------------------------------------------------------------------------------------------
# YAML (expectation files): mutated as trees and written as YAML or JSON, plus alias bombs.


def mutate_yaml(data, rng, donors, scene_path, mutate=True):
    import yaml  # PyYAML; `pip install pyyaml`

    if mutate and rng.random() < 0.08:
        # An alias bomb: each level refers to the one before ten times.
        lines = ['a0: &a0 ["x"]'] + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, rng.choice([6, 9, 12]))]
        return (f"scene: {scene_path}\n" + "\n".join(lines) + "\nsteps:\n  - tapOn: x\n").encode()
    try:
        value = yaml.safe_load(data)
    except Exception:
        return mutate_bytes(data, rng)
    if not isinstance(value, dict):
        return mutate_bytes(data, rng)
    for _ in range(rng.choice([1, 1, 2, 3]) if mutate else 0):
        try:
            value = mutate_tree(value, rng, donors)
        except (IndexError, KeyError, TypeError, RecursionError):
            break
    if isinstance(value, dict) and isinstance(value.get("scene"), str) and (rng.random() < 0.9 or not mutate):
        value["scene"] = scene_path
    try:
        if rng.random() < 0.5 or not mutate:
            return yaml.safe_dump(value, allow_unicode=True).encode()
        return json.dumps(value).encode()
    except Exception:
        return data


# ---------------------------------------------------------------------------------------------


def load_harnesses(names):
    harnesses = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Fuzz/cli/*.json"))):
        name = os.path.basename(path)[:-5]
        if names and name not in names:
            continue
        spec = load_json(path)
        spec["name"] = name
        harnesses[name] = spec
    return harnesses


def seeds_for(spec_value, sets):
    if spec_value.startswith("glob:"):
        out = []
        for path in sorted(glob.glob(os.path.join(ROOT, spec_value[5:]))):
            with open(path, "rb") as f:
                out.append((f.read(), os.path.basename(path)))
        return out
    return sets.get(spec_value, [])


def kind_of(input_name, seed_set, spec):
    explicit = spec.get("kind", {}).get(input_name)
    if explicit:
        return explicit
    if seed_set in ("ib",):
        return "xml"
    if seed_set == "check":
        return "yaml"
    if seed_set.startswith("glob:"):
        return "bytes"
    return "json"


def limit_memory(bytes_):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (bytes_, bytes_))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()
    return apply


def first_line(stderr):
    for line in stderr.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if "Fatal error" in line or "fatal error" in line or "error:" in line.lower():
            return re.sub(r"0x[0-9a-f]+", "0x…", line)[:200]
    lines = [l for l in stderr.decode("utf-8", "replace").splitlines() if l.strip()]
    return (lines[0][:200] if lines else "")


def run_harness(job):
    """One worker: runs `spec` until `deadline`; returns (name, runs, findings)."""
    binary, spec, sets, deadline, out_dir, seed, timeout, memory = job
    rng = random.Random(seed)
    inputs = spec["inputs"]
    pools = {name: seeds_for(source, sets) for name, source in inputs.items()}
    for name, pool in pools.items():
        if not pool:
            return (spec["name"], 0, [], f"no seeds for input {name} ({inputs[name]})")
    donors = {}
    for name, pool in pools.items():
        parsed = []
        for data, _ in pool:
            try:
                parsed.append(json.loads(data))
            except ValueError:
                pass
        donors[name] = parsed
    runs = 0
    statuses = {}
    findings = []
    seen = set()
    work = tempfile.mkdtemp(prefix=f"fuzz-{spec['name']}-")
    scene_fallback = os.path.join(work, "fallback-scene.json")
    with open(scene_fallback, "wb") as f:
        f.write(sets["scene"][0][0])
    try:
        while time.time() < deadline:
            files = {}
            mutated_any = False
            # The scene first: an expectation file refers to it.
            for name, source in sorted(inputs.items(), key=lambda item: item[0] != "scene"):
                data, label = rng.choice(pools[name])
                kind = kind_of(name, source, spec)
                # Mutate one input of a multi-input harness most of the time, sometimes all.
                mutate = rng.random() < (0.85 if len(inputs) == 1 else 0.6)
                if kind == "yaml":
                    # Always rewritten: its scene path must point at this run's scene.
                    mutated_any = mutated_any or mutate
                    data = mutate_yaml(data, rng, donors.get("scene", []), files.get("scene", scene_fallback), mutate)
                elif mutate:
                    mutated_any = True
                    if kind == "json":
                        data = mutate_json(data, rng, donors[name])
                    elif kind == "xml":
                        data = mutate_xml(data, rng, donors[name])
                    else:
                        data = mutate_bytes(data, rng)
                ext = {"xml": ".storyboard" if b"<document" in data[:400] and b"storyboard" in data[:400] else ".xib", "yaml": ".touchtrace.yaml"}.get(kind, ".json")
                if source == "figma":
                    ext = ".json"
                path = os.path.join(work, name + ext)
                with open(path, "wb") as f:
                    f.write(data)
                files[name] = path
            if not mutated_any:
                continue
            args = [binary] + [a.format(**files) for a in spec["args"]]
            runs += 1
            started = time.time()
            try:
                proc = subprocess.run(
                    args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout,
                    preexec_fn=limit_memory(memory), cwd=work)
                elapsed = time.time() - started
                status = proc.returncode
                statuses[status] = statuses.get(status, 0) + 1
                if status in ALLOWED_STATUS:
                    continue
                kind_of_finding = f"signal {-status}" if status < 0 else f"status {status}"
                message = first_line(proc.stderr)
            except subprocess.TimeoutExpired as e:
                elapsed = time.time() - started
                kind_of_finding = f"timeout {timeout:g} s"
                message = ""
                # Kill the process group the child started.
            key = (kind_of_finding, re.sub(r"[0-9]+", "N", message))
            digest = hashlib.sha1(b"".join(open(p, "rb").read() for p in files.values())).hexdigest()[:12]
            if key in seen:
                continue
            seen.add(key)
            target = os.path.join(out_dir, "findings", spec["name"], f"{kind_of_finding.replace(' ', '-')}-{digest}")
            os.makedirs(target, exist_ok=True)
            replay = [binary] + list(spec["args"])
            for name, path in files.items():
                shutil.copy(path, os.path.join(target, os.path.basename(path)))
                replay = [a.replace("{" + name + "}", os.path.basename(path)) for a in replay]
            with open(os.path.join(target, "README"), "w") as f:
                f.write(f"{kind_of_finding}: {message}\nreplay (in this folder): {' '.join(replay)}\nelapsed: {elapsed:.1f} s\n")
            findings.append((kind_of_finding, message, target))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return (spec["name"], runs, findings, statuses)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=60, help="per harness (default 60)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--harness", action="append", default=[])
    parser.add_argument("--out", default="/tmp/touchtrace-fuzz-cli")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=20, help="seconds per input (default 20)")
    parser.add_argument("--memory", type=float, default=3, help="address-space limit, GiB (default 3)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    harnesses = load_harnesses(args.harness)
    if not harnesses:
        sys.exit("no harness (Fuzz/cli/*.json)")
    sets = seed_sets()
    seed = args.seed if args.seed is not None else int(time.time())
    os.makedirs(args.out, exist_ok=True)
    jobs = []
    started = time.time()
    # Each harness gets `seconds` of wall time on one worker; `jobs` workers run at once.
    for i, spec in enumerate(harnesses.values()):
        jobs.append((binary, spec, sets, None, args.out, seed * 1000 + i, args.timeout, int(args.memory * 2**30)))
    results = []
    with multiprocessing.Pool(args.jobs) as pool:
        pending = [pool.apply_async(run_with_deadline, (job, args.seconds)) for job in jobs]
        for p in pending:
            results.append(p.get())
    total = time.time() - started
    print(f"seed {seed}; {len(harnesses)} harnesses, {args.seconds:g} s each over {args.jobs} workers ({total:.0f} s in all)")
    print(f"{'harness':<16} {'inputs':>8} {'inputs/s':>9} {'exit 0':>7} {'findings':>9}")
    status = 0
    for name, runs, findings, statuses in results:
        rate = runs / args.seconds if args.seconds else 0
        if isinstance(statuses, str):
            print(f"{name:<16} {runs:>8} {rate:>9.1f} {'':>7} {len(findings):>9}   {statuses}")
            status = 1
            continue
        ok = statuses.get(0, 0) * 100 / runs if runs else 0
        print(f"{name:<16} {runs:>8} {rate:>9.1f} {ok:>6.0f}% {len(findings):>9}")
        for kind, message, target in findings:
            status = 1
            print(f"    {kind}: {message}  ->  {target}")
    sys.exit(status)


def run_with_deadline(job, seconds):
    job = list(job)
    job[3] = time.time() + seconds
    return run_harness(tuple(job))


if __name__ == "__main__":
    main()
