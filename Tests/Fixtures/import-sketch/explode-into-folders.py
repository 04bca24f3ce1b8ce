#!/usr/bin/env python3
"""Writes folders/L5-symbols-and-resizing-in-folders/: two of this folder's page fixtures
(symbols-with-overrides, L5-resizing-constraint-bits) as one Sketch document exploded into a
folder per layer, in the layout Kactus's `parse` writes (kactus-cli, lib/parse and lib/import):

    document.json                  the document, "pages" the pages' names in order
    <page name>/page.json          the page, "layers" a list of {"id", "class"}
    <page name>/<id>.json          a layer without layers
    <page name>/<id>/<class>.json  a layer with layers, its layers' files beside it

The document lists the pages in the order opposite to their names', so that a reader that
follows the folder's order instead of the document's is caught. Run it, then the tests
(SketchFolderTests) compare the folder's import with the pages' own."""
import json, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "folders", "L5-symbols-and-resizing-in-folders")
PAGES = [("Symbols", "symbols-with-overrides.sketch.json"), ("Resizing", "L5-resizing-constraint-bits.sketch.json")]

def write(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(value, f, indent=2, sort_keys=True)
        f.write("\n")

def explode(layer, folder):
    """Writes `layer` into `folder` and returns its reference."""
    own = dict(layer)
    id, cls = own["do_objectID"], own["_class"]
    if "layers" in own:
        inner = os.path.join(folder, id)
        own["layers"] = [explode(child, inner) for child in own["layers"]]
        write(os.path.join(inner, cls + ".json"), own)
    else:
        write(os.path.join(folder, id + ".json"), own)
    return {"class": cls, "id": id}

shutil.rmtree(OUT, ignore_errors=True)
for name, source in PAGES:
    page = json.load(open(os.path.join(HERE, source)))
    page["name"] = name
    folder = os.path.join(OUT, name)
    page["layers"] = [explode(layer, folder) for layer in page["layers"]]
    write(os.path.join(folder, "page.json"), page)
write(os.path.join(OUT, "document.json"), {"_class": "document", "do_objectID": "DOC-FOLDERS", "foreignSymbols": [], "pages": [n for n, _ in PAGES]})
