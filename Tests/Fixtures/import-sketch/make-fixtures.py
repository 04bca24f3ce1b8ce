#!/usr/bin/env python3
"""Writes the Sketch import fixtures of this folder: single pages' JSON as Sketch writes them
in a .sketch file's pages/<id>.json (the published sketch-file-format schema's layers: frame,
resizingConstraint, symbolMaster / symbolInstance with overrideValues, flow, hotspot). Run it,
then record the goldens: TOUCHTRACE_RECORD_FIXTURES=1 swift test --filter DesignFixtureTests."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def layer(cls, id, name, x, y, w, h, layers=None, rc=63, **extra):
    d = {"_class": cls, "do_objectID": id, "name": name, "isVisible": True, "isLocked": False, "rotation": 0,
         "isFlippedHorizontal": False, "isFlippedVertical": False, "resizingConstraint": rc,
         "frame": {"_class": "rect", "constrainProportions": False, "x": x, "y": y, "width": w, "height": h},
         "style": {"_class": "style", "contextSettings": {"_class": "graphicsContextSettings", "blendMode": 0, "opacity": 1}}}
    if layers is not None: d["layers"] = layers
    d.update(extra)
    return d

def text(id, name, x, y, w, h, string, size=17, rc=63, **extra):
    t = layer("text", id, name, x, y, w, h, rc=rc, attributedString={"_class": "attributedString", "string": string, "attributes": []}, **extra)
    t["style"]["textStyle"] = {"_class": "textStyle", "encodedAttributes": {"MSAttributedStringFontAttribute": {"_class": "fontDescriptor", "attributes": {"name": "Helvetica", "size": size}}}}
    return t

def master(id, symbolID, name, x, y, w, h, layers, **extra):
    return layer("symbolMaster", id, name, x, y, w, h, layers, symbolID=symbolID, **extra)

def instance(id, name, symbolID, x, y, w, h, overrides=(), rc=63):
    return layer("symbolInstance", id, name, x, y, w, h, rc=rc, symbolID=symbolID, scale=1,
                 overrideValues=[{"_class": "overrideValue", "overrideName": k, "value": v} for k, v in overrides])

def artboard(id, name, x, y, w, h, layers, **extra):
    return layer("artboard", id, name, x, y, w, h, layers, hasBackgroundColor=False, **extra)

def flow(dest):
    return {"_class": "MSImmutableFlowConnection", "animationType": 0, "destinationArtboardID": dest, "maintainScrollPosition": False}

def hotspot(id, name, x, y, w, h, dest, rc=63):
    d = layer("MSImmutableHotspotLayer", id, name, x, y, w, h, rc=rc)
    if dest is not None: d["flow"] = flow(dest)
    else: d["flow"] = {"_class": "MSImmutableFlowConnection", "animationType": 0}
    return d

def page(id, name, layers):
    return {"_class": "page", "do_objectID": id, "name": name, "layers": layers}

def write(name, doc, options=None):
    with open(os.path.join(HERE, name + ".sketch.json"), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    if options:
        with open(os.path.join(HERE, name + ".options.json"), "w") as f:
            json.dump(options, f, indent=1)
            f.write("\n")

# Symbols: an instance with a text override, and one resized (its layers follow their
# resizingConstraint: 18 pins every edge, 57 pins the left edge and width, 45 ... see below).
card = master("M-CARD", "SYM-CARD", "Card", 500, 0, 200, 100, [
    layer("rectangle", "CARD-BG", "background", 0, 0, 200, 100, rc=18),
    text("CARD-TITLE", "title", 10, 10, 180, 20, "Title", rc=63 & ~(4 | 1 | 32 | 16)),
    hotspot("CARD-OPEN", "open", 150, 60, 40, 30, "AB-DETAIL", rc=63 & ~(1 | 2 | 8 | 16)),
])
write("symbols-with-overrides", page("P1", "Page", [
    card,
    artboard("AB-HOME", "Home", 0, 0, 375, 667, [
        instance("I-ONE", "Card/one", "SYM-CARD", 20, 20, 200, 100, [("CARD-TITLE_stringValue", "Custom title")]),
        instance("I-WIDE", "Card/wide", "SYM-CARD", 20, 140, 300, 150),
    ], isFlowHome=True),
    artboard("AB-DETAIL", "Detail", 400, 0, 375, 667, []),
]))

# Nested symbols: a bar holding two buttons; the outer instance overrides the inner button's
# label through the path of ids, swaps the second button for another symbol, and a second bar
# hides the second button (an empty symbolID).
button = master("M-BTN", "SYM-BTN", "Button", 0, 800, 100, 40, [
    layer("rectangle", "BTN-BG", "bg", 0, 0, 100, 40, rc=18),
    text("BTN-LABEL", "label", 10, 10, 80, 20, "Button"),
])
alt = master("M-ALT", "SYM-ALT", "Icon button", 200, 800, 40, 40, [layer("oval", "ALT-ICON", "icon", 5, 5, 30, 30)])
bar = master("M-BAR", "SYM-BAR", "Toolbar", 0, 900, 300, 60, [
    instance("BAR-FIRST", "first", "SYM-BTN", 10, 10, 100, 40),
    instance("BAR-SECOND", "second", "SYM-BTN", 120, 10, 100, 40),
])
write("nested-symbols", page("P2", "Page", [
    button, alt, bar,
    artboard("AB-BARS", "Bars", 0, 0, 375, 400, [
        instance("I-BAR", "Toolbar", "SYM-BAR", 20, 20, 300, 60, [("BAR-FIRST/BTN-LABEL_stringValue", "Buy"), ("BAR-SECOND_symbolID", "SYM-ALT")]),
        instance("I-BAR-2", "Toolbar short", "SYM-BAR", 20, 120, 300, 60, [("BAR-SECOND_symbolID", "")]),
    ]),
]))

# L5: resizingConstraint bits → autoresizing masks (cleared bit = fixed: right 1, width 2,
# left 4, bottom 8, height 16, top 32).
cases = [("none fixed (scale)", 63), ("left top width height", 63 & ~(4 | 32 | 2 | 16)), ("right bottom", 63 & ~(1 | 8 | 2 | 16)),
         ("left right top bottom", 63 & ~(4 | 1 | 32 | 8)), ("width height only", 63 & ~(2 | 16)), ("left only", 63 & ~(4 | 32)),
         ("all three fixed", 63 & ~(4 | 2 | 1 | 32 | 16 | 8))]
write("L5-resizing-constraint-bits", page("P3", "Page", [
    artboard("AB-RESIZE", "Resizing", 0, 0, 375, 667, [layer("rectangle", "R%d" % i, name, 20 + 40 * i, 40 + 80 * i, 60, 50, rc=rc) for i, (name, rc) in enumerate(cases)]),
]))

# T2: flows → actions; hotspots → buttons; the flow home is the default screen.
write("T2-flows-and-hotspots", page("P4", "Page", [
    artboard("AB-LIST", "List", 0, 0, 375, 667, [
        hotspot("HS-ROW", "row hotspot", 0, 100, 375, 60, "AB-ITEM"),
        layer("group", "G-FOOTER", "footer", 0, 600, 375, 67, [layer("rectangle", "FOOT-BG", "bar", 0, 0, 375, 67)], flow=flow("AB-ITEM")),
    ]),
    artboard("AB-ITEM", "Item", 400, 0, 375, 667, [text("BACK", "Back", 16, 50, 60, 24, "Back", flow=flow("back"))], isFlowHome=True),
]), {"frame": "AB-LIST"})

# Warnings.
write("unsupportedElement-unknown-layer-class", page("P5", "Page", [artboard("AB-U", "Unknown", 0, 0, 375, 667, [layer("MSImmutableWidget", "W1", "widget", 20, 20, 100, 100)])]))
bad = layer("rectangle", "BAD-FRAME", "no width", 20, 20, 100, 100)
del bad["frame"]["width"]
write("invalidValue-frame-without-width", page("P6", "Page", [artboard("AB-V", "Values", 0, 0, 375, 667, [bad])]))
write("externalReference-instance-of-a-library-symbol", page("P7", "Page", [artboard("AB-E", "External", 0, 0, 375, 667, [
    instance("I-LIB", "Library button", "SYM-FROM-A-LIBRARY", 20, 20, 120, 44),
    hotspot("HS-AWAY", "to another page", 20, 100, 120, 44, "AB-NOT-HERE"),
])]))
smart = master("M-SMART", "SYM-SMART", "Tag", 0, 800, 80, 30, [text("TAG-TEXT", "text", 8, 5, 64, 20, "Tag")],
               groupLayout={"_class": "MSImmutableInferredGroupLayout", "axis": 0, "layoutAnchor": 0})
rotated = artboard("AB-ROT", "Rotated", 400, 0, 375, 667, [])
rotated["rotation"] = 90
write("layoutApproximated-smart-layout-resized", page("P8", "Page", [smart, artboard("AB-S", "Smart", 0, 0, 375, 667, [
    instance("I-TAG", "Tag", "SYM-SMART", 20, 20, 140, 30, [("TAG-TEXT_stringValue", "A much longer tag")]),
]), rotated]), {"frame": "AB-ROT"})
write("emptyDocument-no-artboards", page("P9", "Empty", []))
write("tooManyWarnings-limit-of-two", page("P10", "Page", [artboard("AB-M", "Many", 0, 0, 375, 667,
    [layer("MSImmutableWidget", "W%d" % i, "widget %d" % i, 20, 20 + 50 * i, 100, 40) for i in range(4)])]), {"maxWarnings": 2})
write("interactionDropped-hotspot-without-destination", page("P11", "Page", [artboard("AB-D", "Dropped", 0, 0, 375, 667, [hotspot("HS-NONE", "nowhere", 20, 20, 100, 44, None)])]))
write("untappableOverflow-hotspot-outside-its-group", page("P12", "Page", [artboard("AB-O", "Overflow", 0, 0, 375, 667, [
    layer("group", "G-CARD", "card", 20, 20, 200, 100, [layer("rectangle", "CARD-R", "bg", 0, 0, 200, 100), hotspot("HS-MORE", "more", 160, 60, 80, 60, "AB-O")]),
])]))

# H5: a rotated group and a flipped one; each layer's box on the screen is its frame taken
# through its own and its ancestors' rotation (counter-clockwise on screen in Sketch) and flips
# about their centers, as Sketch draws them (the oracle's stored box is that box's bounds).
tilted = layer("group", "G-TILT", "tilted", 40, 60, 240, 160, [
    layer("rectangle", "TILT-A", "a", 0, 0, 180, 120),
    layer("rectangle", "TILT-B", "b", 190, 40, 50, 120),
], rotation=-10)
mirrored = layer("group", "G-MIRROR", "mirrored", 60, 320, 200, 100, [
    layer("rectangle", "MIRROR-A", "a", 0, 0, 80, 100),
    layer("rectangle", "MIRROR-B", "b", 120, 20, 60, 40, rotation=45),
], isFlippedHorizontal=True)
write("H5-rotated-and-flipped-groups-and-their-layers", page("P13", "Page", [artboard("AB-H5", "Rotated", 0, 0, 375, 667, [tilted, mirrored])]))

# A text in the older form: its string is inside a keyed archive (a binary property list, base64)
# instead of `string` and `attributes`. Our own archive stub: "bplist00" and a few bytes.
import base64
archived = layer("text", "OLD-TEXT", "archived title", 20, 40, 200, 24,
                 attributedString={"_class": "MSAttributedString", "archivedAttributedString": {"_archive": base64.b64encode(b"bplist00\xd4\x01\x02\x03\x04not-a-real-archive").decode()}})
write("unsupportedElement-text-in-an-archived-attributed-string", page("P14", "Page", [artboard("AB-OLD", "Older text", 0, 0, 375, 667, [archived])]))
