#!/usr/bin/env python3
"""Writes the Penpot import fixtures of this folder (Transit JSON-Verbose, as Penpot's
get-file RPC answers with Accept: application/transit+json;verbose). Each layer is placed
where Penpot's own layout would put it, by the rules the fixture is named after, so the
stored geometry is the oracle. Run it, then record the goldens:
TOUCHTRACE_RECORD_FIXTURES=1 swift test --filter DesignFixtureTests (review the diff)."""
import json, os, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "00000000-0000-0000-0000-000000000000"
PAGE = "a0000000-0000-0000-0000-0000000000aa"
counter = [0]

def uid(tag):
    counter[0] += 1
    return "%08x-0000-4000-8000-%012d" % (zlib.crc32(tag.encode()), counter[0])

def kw(v): return "~:" + v

def shape(id, name, type, x, y, w, h, parent, frame, **extra):
    s = {"~:id": "~u" + id, "~:name": name, "~:type": kw(type), "~:x": x, "~:y": y, "~:width": w, "~:height": h,
         "~:selrect": {"~#rect": {"~:x": x, "~:y": y, "~:width": w, "~:height": h, "~:x1": x, "~:y1": y, "~:x2": x + w, "~:y2": y + h}},
         "~:points": [{"~#point": {"~:x": px, "~:y": py}} for px, py in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]],
         "~:transform": {"~#matrix": {"~:a": 1.0, "~:b": 0.0, "~:c": 0.0, "~:d": 1.0, "~:e": 0.0, "~:f": 0.0}},
         "~:parent-id": "~u" + parent, "~:frame-id": "~u" + frame, "~:rotation": 0}
    for k, v in extra.items():
        s["~:" + k.replace("_", "-")] = v
    return s

class Page:
    def __init__(self):
        self.objects = {}
        self.root = {"~:id": "~u" + ROOT, "~:name": "Root Frame", "~:type": kw("frame"), "~:x": 0, "~:y": 0, "~:width": 0.01, "~:height": 0.01,
                     "~:parent-id": "~u" + ROOT, "~:frame-id": "~u" + ROOT, "~:shapes": []}
        self.objects[ROOT] = self.root
    def add(self, parent, s, front=True):
        self.objects[s["~:id"][2:]] = {"~#shape": s}
        p = self.root if parent == ROOT else self.objects[parent]["~#shape"]
        p.setdefault("~:shapes", []).append(s["~:id"])
        return s["~:id"][2:]
    def board(self, name, x, y, w, h, parent=ROOT, frame=ROOT, **extra):
        id = uid(name)
        return self.add(parent, shape(id, name, "frame", x, y, w, h, parent, frame, **extra))
    def rect(self, name, x, y, w, h, parent, frame, type="rect", **extra):
        id = uid(name)
        return self.add(parent, shape(id, name, type, x, y, w, h, parent, frame, **extra))
    def doc(self, flows=None):
        page = {"~:id": "~u" + PAGE, "~:name": "Page 1", "~:objects": self.objects}
        if flows: page["~:flows"] = flows
        return {"~:id": "~u" + uid("file"), "~:name": "fixture", "~:data": {"~:pages": ["~u" + PAGE], "~:pages-index": {"~u" + PAGE: page}}}

def write(name, doc, options=None):
    with open(os.path.join(HERE, name + ".penpot.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    if options:
        with open(os.path.join(HERE, name + ".options.json"), "w") as f:
            json.dump(options, f, indent=1)
            f.write("\n")

def flex(dir, justify, align, gap=10, pad=(10, 20, 10, 20), wrap="nowrap", hsize=None, vsize=None):
    d = {"layout": kw("flex"), "layout_flex_dir": kw(dir), "layout_justify_content": kw(justify), "layout_align_items": kw(align),
         "layout_gap": {"~:row-gap": gap, "~:column-gap": gap}, "layout_padding": {"~:p1": pad[0], "~:p2": pad[1], "~:p3": pad[2], "~:p4": pad[3]},
         "layout_wrap_type": kw(wrap), "layout_gap_type": kw("multiple"), "layout_padding_type": kw("multiple")}
    if hsize: d["layout_item_h_sizing"] = kw(hsize)
    if vsize: d["layout_item_v_sizing"] = kw(vsize)
    return d

def main_positions(justify, start, available, sizes, gap):
    n = len(sizes); total = sum(sizes); free = available - total - gap * (n - 1)
    if justify == "start": first, between = 0, gap
    elif justify == "center": first, between = free / 2, gap
    elif justify == "end": first, between = free, gap
    elif justify == "space-between": first, between = 0, max(gap, (available - total) / (n - 1))
    elif justify == "space-around":
        m = max(gap, (available - total) / n) / 2; first, between = m, 2 * m
    else:  # space-evenly
        m = max(gap, (available - total) / (n + 1)); first, between = m, m
    out = []; pos = start + first
    for s in sizes:
        out.append(pos); pos += s + between
    return out

def cross_position(align, start, available, size):
    return {"start": start, "center": start + (available - size) / 2, "end": start + available - size, "stretch": start}[align]

# L6: every justify-content value, in rows and columns.
p = Page()
screen = p.board("Justify", 0, 0, 700, 900)
for i, justify in enumerate(["start", "center", "end", "space-between", "space-around", "space-evenly"]):
    for j, dir in enumerate(["row", "column"]):
        x0, y0 = 10 + j * 340, 10 + i * 145
        W, H = (300, 100) if dir == "row" else (100, 135)
        pad = (10, 20, 10, 20) if dir == "row" else (5, 10, 5, 10)
        c = p.board("%s %s" % (dir, justify), x0, y0, W, H, screen, screen, **flex(dir, justify, "start", 10, pad))
        sizes = [50, 50, 50] if dir == "row" else [30, 30, 30]
        avail = W - pad[1] - pad[3] if dir == "row" else H - pad[0] - pad[2]
        mains = main_positions(justify, (x0 + pad[3]) if dir == "row" else (y0 + pad[0]), avail, sizes, 10)
        items = []
        for k, m in enumerate(mains):
            if dir == "row": items.append(("item %d" % (k + 1), m, y0 + pad[0], 50, 40))
            else: items.append(("item %d" % (k + 1), x0 + pad[3], m, 40, 30))
        # Penpot's flow is the reverse of the layer order: the last layer comes first.
        for name, x, y, w, h in reversed(items):
            p.rect(name, x, y, w, h, c, c, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
write("L6-flex-justify-content", p.doc())

# L6: every align-items value, and children that fill across.
p = Page()
screen = p.board("Align", 0, 0, 400, 700)
for i, align in enumerate(["start", "center", "end", "stretch"]):
    x0, y0 = 10, 10 + i * 150
    c = p.board("row align %s" % align, x0, y0, 300, 120, screen, screen, **flex("row", "start", align, 10, (10, 10, 10, 10)))
    items = []
    x = x0 + 10
    for k, h in enumerate([30, 60, 45]):
        fill = align == "stretch"
        hh = 100 if fill else h
        items.append(("item %d" % (k + 1), x, cross_position(align, y0 + 10, 100, hh), 60, hh, fill))
        x += 70
    for name, x, y, w, h, fill in reversed(items):
        p.rect(name, x, y, w, h, c, c, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fill" if fill else "fix"))
write("L6-flex-align-items", p.doc())

# L6: child sizing (fix, fill, auto text), padding, gap, a hugging container, an absolute child,
# a reversed direction.
p = Page()
screen = p.board("Sizing", 0, 0, 400, 500)
c = p.board("row with fill", 10, 10, 300, 60, screen, screen, **flex("row", "start", "start", 10, (10, 20, 10, 20)))
# flow: fixed 50, fill, text auto 40 → fill = 260 - 50 - 40 - 20 = 150
p.rect("label", 30 + 50 + 10 + 150 + 10, 20, 40, 17, c, c, type="text", layout_item_h_sizing=kw("auto"), layout_item_v_sizing=kw("auto"),
       content={"~:type": "root", "~:children": [{"~:type": "paragraph-set", "~:children": [{"~:type": "paragraph", "~:children": [{"~:text": "Total", "~:font-size": "14"}]}]}]})
p.rect("fill", 30 + 50 + 10, 20, 150, 40, c, c, layout_item_h_sizing=kw("fill"), layout_item_v_sizing=kw("fix"))
p.rect("fixed", 30, 20, 50, 40, c, c, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
p.rect("badge", 290, 5, 16, 16, c, c, layout_item_absolute=True, constraints_h=kw("right"), constraints_v=kw("top"))
h = p.board("hugging column", 10, 100, 120, 8 + 30 + 6 + 30 + 8, screen, screen, **flex("column", "start", "start", 6, (8, 8, 8, 8), vsize="auto"))
p.rect("second", 18, 100 + 8 + 30 + 6, 80, 30, h, h, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
p.rect("first", 18, 108, 100, 30, h, h, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
r = p.board("row reversed", 10, 220, 300, 60, screen, screen, **flex("row-reverse", "start", "center", 10, (0, 0, 0, 0)))
# reversed: the flow is the layer order itself.
p.rect("one", 10, 230, 50, 40, r, r, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
p.rect("two", 70, 230, 50, 40, r, r, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
write("L6-flex-child-sizing", p.doc())

# L5: constraints-h/-v as autoresizing masks (and a centred layer off centre as constraints).
p = Page()
screen = p.board("Constraints", 0, 0, 375, 667)
for i, (h, v) in enumerate([("left", "top"), ("right", "bottom"), ("leftright", "topbottom"), ("center", "center"), ("scale", "scale")]):
    p.rect("%s-%s" % (h, v), 20 + i * 60, 100 + i * 80, 50, 50, screen, screen, constraints_h=kw(h), constraints_v=kw(v))
p.rect("centred off centre", 200, 40, 100, 30, screen, screen, constraints_h=kw("center"), constraints_v=kw("top"))
g = p.board("group-like board", 40, 520, 200, 100, screen, screen, show_content=True)
p.rect("inside", 60, 540, 40, 40, g, g, constraints_h=kw("leftright"), constraints_v=kw("bottom"))
write("L5-constraints-as-autoresizing", p.doc())

# T2: interactions → actions.
p = Page()
home = p.board("Home", 0, 0, 375, 667)
detail = p.board("Detail", 400, 0, 375, 667)
menu = p.board("Menu", 800, 0, 200, 300)
def click(action, **more):
    d = {"~:event-type": kw("click"), "~:action-type": kw(action)}
    for k, v in more.items(): d["~:" + k] = v
    return d
p.rect("Button", 20, 600, 335, 44, home, home, interactions=[click("navigate", destination="~u" + detail)])
p.rect("Open menu", 20, 20, 44, 44, home, home, interactions=[click("open-overlay", destination="~u" + menu)])
p.rect("Help", 300, 20, 60, 30, home, home, type="text", interactions=[click("open-url", url="https://example.com/help")],
       content={"~:type": "root", "~:children": [{"~:type": "paragraph-set", "~:children": [{"~:type": "paragraph", "~:children": [{"~:text": "Help"}]}]}]})
p.rect("Back", 420, 20, 44, 44, detail, detail, interactions=[click("prev-screen")])
p.rect("Close", 820, 20, 44, 44, menu, menu, interactions=[click("close-overlay")])
write("T2-interactions-as-actions", p.doc(flows={"~u" + uid("flow"): {"~:id": "~u" + uid("flow2"), "~:name": "Flow 1", "~:starting-frame": "~u" + home}}))

# H6: hidden, opacity, blocked (editor-only) and clipping.
p = Page()
screen = p.board("Attributes", 0, 0, 375, 667)
p.rect("hidden", 20, 20, 100, 40, screen, screen, hidden=True)
p.rect("half", 20, 80, 100, 40, screen, screen, opacity=0.5)
p.rect("locked", 20, 140, 100, 40, screen, screen, blocked=True)
clip = p.board("clipping board", 20, 200, 100, 100, screen, screen)
p.rect("overflowing", 80, 260, 100, 100, clip, clip)
show = p.board("showing board", 200, 200, 100, 100, screen, screen, show_content=True)
p.rect("spilling", 260, 260, 100, 100, show, show)
write("H6-hidden-opacity-blocked-clipping", p.doc())

# Warnings.
p = Page()
screen = p.board("Unknown", 0, 0, 375, 667)
p.rect("a sticker", 20, 20, 100, 100, screen, screen, type="sticker")
write("unsupportedElement-unknown-shape-type", p.doc())

p = Page()
screen = p.board("Bad values", 0, 0, 375, 667)
p.rect("bad constraint", 20, 20, 100, 100, screen, screen, constraints_h=kw("middle"))
p.rect("too opaque", 20, 140, 100, 100, screen, screen, opacity=1.5)
write("invalidValue-constraint-and-opacity", p.doc())

p = Page()
screen = p.board("Links", 0, 0, 375, 667)
p.rect("to another file", 20, 20, 100, 44, screen, screen, interactions=[click("navigate", destination="~u" + "ffffffff-0000-4000-8000-000000000999")])
write("externalReference-link-outside-the-file", p.doc())

p = Page()
screen = p.board("Layouts", 0, 0, 375, 667)
grid = p.board("grid", 20, 20, 200, 200, screen, screen, layout=kw("grid"))
p.rect("cell", 20, 20, 100, 100, grid, grid)
wrap = p.board("wrapping row", 20, 260, 200, 120, screen, screen, **flex("row", "start", "start", 10, (0, 0, 0, 0), wrap="wrap"))
for k, (x, y) in enumerate(reversed([(20, 260), (110, 260), (20, 330)])):
    p.rect("tile %d" % (3 - k), x, y, 80, 60, wrap, wrap, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
write("layoutApproximated-grid-and-wrap", p.doc())

p = Page()
write("emptyDocument-no-boards", p.doc())

p = Page()
screen = p.board("Many", 0, 0, 375, 667)
for k in range(4):
    p.rect("odd %d" % k, 20, 20 + 50 * k, 100, 40, screen, screen, type="sticker")
write("tooManyWarnings-limit-of-two", p.doc(), {"maxWarnings": 2})

p = Page()
screen = p.board("Hover", 0, 0, 375, 667)
p.rect("hover me", 20, 20, 100, 44, screen, screen, interactions=[{"~:event-type": kw("mouse-enter"), "~:action-type": kw("open-overlay"), "~:destination": "~u" + screen}])
write("interactionDropped-mouse-enter", p.doc())

p = Page()
screen = p.board("Overflow", 0, 0, 375, 667)
card = p.board("card", 20, 20, 200, 100, screen, screen, show_content=True)
p.rect("more", 180, 80, 80, 44, card, card, interactions=[click("navigate", destination="~u" + screen)])
write("untappableOverflow-button-outside-its-group", p.doc())

# A file split into fragments: [get-file, get-file-fragment] as one JSON array.
p = Page()
screen = p.board("Fragmented", 0, 0, 320, 480)
p.rect("content", 10, 10, 100, 100, screen, screen)
fragment_id = "cafe0000-0000-4000-8000-000000000001"
file = {"~:id": "~u" + uid("file"), "~:name": "split", "~:data": {"~:pages": ["~u" + PAGE], "~:pages-index": {"~u" + PAGE: {"~#penpot/pointer": ["~u" + fragment_id, {"~:created-at": "~m1717592543081"}]}}}}
fragment = {"~:id": "~u" + fragment_id, "~:file-id": file["~:id"], "~:data": {"~:id": "~u" + PAGE, "~:name": "Page 1", "~:objects": p.objects}}
write("fragments-file-and-its-fragment", [file, fragment])

# L6: an item that stretches across keeps the container's padded extent when a sibling overflows
# it (CSS `align-self: stretch` fills the line; the overflowing item does not widen it), for
# start, center and end alignment.
p = Page()
screen = p.board("Overflowing sibling", 0, 0, 260, 330)
for i, align in enumerate(["start", "center", "end"]):
    x0, y0 = 20, 10 + i * 105
    c = p.board("column align %s" % align, x0, y0, 200, 10 + 40 + 10 + 30 + 10, screen, screen, **flex("column", "start", align, 10, (10, 20, 10, 20)))
    wide_x = cross_position(align, x0 + 20, 160, 190)
    # flow: wide, then fill (the layer order is reversed).
    p.rect("fill", x0 + 20, y0 + 10 + 40 + 10, 160, 30, c, c, layout_item_h_sizing=kw("fill"), layout_item_v_sizing=kw("fix"))
    p.rect("wide", wide_x, y0 + 10, 190, 40, c, c, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
write("L6-flex-stretch-item-keeps-the-container-extent-beside-an-overflowing-item", p.doc())

# Penpot's data as plain JSON in camel case, as its RPC API answers with Accept: application/json
# (keys in camel case, keyword and UUID values as strings; the maps keyed by ids written with `_`
# for `-`, as tools that store those answers have them), in two forms: a get-file response, and
# one page alone ({id, name, objects}) whose root is a shape that is its own parent.
def camel_key(k):
    parts = k.split("-")
    return parts[0] + "".join(x[:1].upper() + x[1:] for x in parts[1:])

def camel(v, underscore_ids=False):
    if isinstance(v, list):
        return [camel(x, underscore_ids) for x in v]
    if isinstance(v, dict):
        if len(v) == 1 and next(iter(v)).startswith("~#"):
            return camel(next(iter(v.values())), underscore_ids)
        out = {}
        for k, x in v.items():
            key = k[2:] if k.startswith("~:") else (k[2:] if k.startswith("~u") else k)
            key = key.replace("-", "_") if underscore_ids and k.startswith("~u") else camel_key(key)
            out[key] = camel(x, underscore_ids and key in ("pagesIndex", "objects"))
        return out
    if isinstance(v, str) and (v.startswith("~:") or v.startswith("~u")):
        return v[2:]
    return v

def camel_objects(objects, underscore=True):
    return {(k.replace("-", "_") if underscore else k): camel(s) for k, s in objects.items()}

# L6 in the camel-case get-file form: a row with space-between and a column that hugs, both as
# Penpot places their items.
p = Page()
screen = p.board("Camel case", 0, 0, 360, 300)
row = p.board("row", 20, 20, 320, 80, screen, screen, **flex("row", "space-between", "center", 10, (10, 20, 10, 20)))
mains = main_positions("space-between", 20 + 20, 320 - 40, [60, 60, 60], 10)
for k, m in reversed(list(enumerate(mains))):
    p.rect("cell %d" % (k + 1), m, cross_position("center", 20 + 10, 60, 40), 60, 40, row, screen, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
col = p.board("column", 20, 120, 120, 10 + 30 + 8 + 30 + 10, screen, screen, **flex("column", "start", "start", 8, (10, 10, 10, 10)))
for k, y in reversed(list(enumerate([120 + 10, 120 + 10 + 30 + 8]))):
    p.rect("line %d" % (k + 1), 20 + 10, y, 100, 30, col, screen, layout_item_h_sizing=kw("fix"), layout_item_v_sizing=kw("fix"))
doc = p.doc()
write("L6-flex-in-penpot-json-camel-case", {
    "id": doc["~:id"][2:], "name": "fixture", "features": ["components/v2"],
    "data": {"pages": [PAGE], "pagesIndex": {PAGE.replace("-", "_"): {"id": PAGE, "name": "Page 1", "objects": camel_objects(p.objects)}}}})

# The page alone, with ids of a tool's own and no selrect (x, y, width, height only): the root is
# the shape that is its own parent; a column whose flow is the reverse of its layer order.
page_alone = {"id": "page-1", "name": "Page alone", "objects": {
    "root": {"id": "root", "parentId": "root", "type": "frame", "name": "Root Frame", "x": 0, "y": 0, "width": 800, "height": 600, "shapes": ["screen"]},
    "screen": {"id": "screen", "parentId": "root", "frameId": "root", "type": "frame", "name": "Screen", "x": 40, "y": 30, "width": 240, "height": 300, "shapes": ["list"]},
    "list": {"id": "list", "parentId": "screen", "frameId": "screen", "type": "frame", "name": "List", "x": 60, "y": 50, "width": 200, "height": 160,
             "layout": "flex", "layoutFlexDir": "column", "layoutAlignItems": "start", "layoutJustifyContent": "start",
             "layoutPadding": {"p1": 0, "p2": 0, "p3": 0, "p4": 0}, "layoutGap": {"rowGap": 8, "columnGap": 8}, "shapes": ["third", "second", "first"]},
}}
for i, name in enumerate(["first", "second", "third"]):
    page_alone["objects"][name] = {"id": name, "parentId": "list", "frameId": "screen", "type": "rect", "name": name.title(),
                                   "x": 60, "y": 50 + i * 48, "width": 200, "height": 40, "layoutItemHSizing": "fix", "layoutItemVSizing": "fix"}
write("L6-flex-column-in-a-penpot-json-page-alone", page_alone)
