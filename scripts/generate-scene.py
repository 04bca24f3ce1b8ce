#!/usr/bin/env python3
"""Writes a deterministic UI-like scene of exactly N views (touchtrace.scene/1) to stdout.

A window with a root view controller's view, a navigation bar with buttons, a scrolled feed of
cards (image, two labels, two buttons, one with an enlarged touch area), and a tab bar. Used by
scripts/bench-http.sh; usage: generate-scene.py N
"""
import json
import random
import sys

def main(n):
    rng = random.Random(42)
    count = 0
    def view(id_, cls="UIView", frame=(0, 0, 0, 0), **extra):
        nonlocal count
        count += 1
        v = {"id": id_, "frame": dict(zip(("x", "y", "width", "height"), frame))}
        if cls != "UIView":
            v["class"] = cls
        v.update(extra)
        return v
    window = view("win", "UIWindow", (0, 0, 390, 844))
    root = view("root", frame=(0, 0, 390, 844), viewController={"id": "feedVC", "actions": ["openCard:"]})
    nav = view("nav", "UINavigationBar", (0, 47, 390, 44))
    nav["subviews"] = [view("back", "UIButton", (8, 0, 44, 44)), view("title", "UILabel", (100, 0, 190, 44)),
                       view("compose", "UIButton", (338, 0, 44, 44))]
    tab = view("tabBar", "UITabBar", (0, 761, 390, 83))
    tab["subviews"] = [view(f"tab{i}", "UIButton", (i * 97.5, 0, 97.5, 49)) for i in range(4)]
    feed = view("feed", "UIScrollView", (0, 91, 390, 670), scroll={"contentOffset": {"x": 0, "y": 240}, "contentSize": {"width": 390, "height": 100000}})
    sections = []
    feed["subviews"] = sections
    cards = []
    i = 0
    while count < n:
        if i % 8 == 0:
            # A section: a header label and up to 8 cards, like a table view section.
            section = view(f"section{i // 8}", frame=(0, (i // 8) * (32 + 8 * 232), 390, 32 + 8 * 232))
            cards = [view(f"section{i // 8}.header", "UILabel", (12, 0, 366, 32))] if count < n else []
            section["subviews"] = cards
            sections.append(section)
            if count >= n:
                break
        y = 32 + (i % 8) * 232
        card = view(f"card{i}", frame=(12, y, 366, 220))
        parts = []
        for make in (
            lambda: view(f"card{i}.image", "UIImageView", (0, 0, 366, 140)),
            lambda: view(f"card{i}.title", "UILabel", (12, 148, 342, 22)),
            lambda: view(f"card{i}.subtitle", "UILabel", (12, 172, 250, 18)),
            lambda: view(f"card{i}.like", "UIButton", (270, 176, 36, 36),
                         pointInside={"shape": "insets", "top": -6, "left": -6, "bottom": -6, "right": -6},
                         control={"targets": [{"target": None, "action": "like:", "events": ["touchUpInside"]}]}),
            lambda: view(f"card{i}.share", "UIButton", (318, 176, 36, 36),
                         control={"targets": [{"target": "feedVC", "action": "openCard:", "events": ["touchUpInside"]}]}),
        ):
            if count >= n:
                break
            parts.append(make())
        card["subviews"] = parts
        if rng.random() < 0.1:
            card["hidden"] = True
        cards.append(card)
        i += 1
    root["subviews"] = [feed, nav, tab]
    window["subviews"] = [root]
    assert count == n, count
    json.dump({"format": "touchtrace.scene/1", "name": f"feed of {n} views", "window": window}, sys.stdout)

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
