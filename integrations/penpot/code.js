// TouchTrace for Penpot, the plugin code (Penpot's plugin sandbox: the document, no DOM).
// It reads the selected board's shapes through Penpot's plugin API and hands them to the UI
// (ui.html) as the document Penpot's own API would send — a get-file-fragment response in
// Transit JSON-Verbose, keys in Penpot's kebab case — which the UI sends to a running TouchTrace.
// Plain JavaScript, no build step. Needs the permission content:read.
penpot.ui.open("TouchTrace", "ui.html", { width: 460, height: 720 });

const ROOT = "00000000-0000-0000-0000-000000000000";
const TYPES = { board: "frame", rectangle: "rect", ellipse: "circle", text: "text", group: "group", path: "path",
  image: "image", "svg-raw": "svg-raw", boolean: "bool" };
const ACTIONS = { "navigate-to": "navigate", "open-overlay": "open-overlay", "toggle-overlay": "toggle-overlay",
  "close-overlay": "close-overlay", "previous-screen": "prev-screen", "open-url": "open-url" };

function kw(value) { return "~:" + value; }
function uuid(id) { return "~u" + id; }

// The board a selection belongs to: the outermost board around the selected shape.
function boardOf(shape) {
  let board = null;
  for (let s = shape; s; s = s.parent) {
    if (s.type === "board" && s.id !== ROOT) board = s;
  }
  return board;
}

// One shape as Penpot stores it: its box on the page, its rotation as a matrix about its
// center, what it shows, how it resizes, its flex layout or its part in one, its interactions.
function encode(shape, parentId, frameId) {
  const s = {};
  s[kw("id")] = uuid(shape.id);
  s[kw("name")] = shape.name;
  s[kw("type")] = kw(TYPES[shape.type] || shape.type);
  const x = shape.x, y = shape.y, w = shape.width, h = shape.height;
  s[kw("x")] = x; s[kw("y")] = y; s[kw("width")] = w; s[kw("height")] = h;
  s[kw("selrect")] = { "~#rect": { "~:x": x, "~:y": y, "~:width": w, "~:height": h } };
  const radians = (shape.rotation || 0) * Math.PI / 180;
  s[kw("transform")] = { "~#matrix": { "~:a": Math.cos(radians), "~:b": Math.sin(radians), "~:c": -Math.sin(radians), "~:d": Math.cos(radians), "~:e": 0, "~:f": 0 } };
  s[kw("parent-id")] = uuid(parentId);
  s[kw("frame-id")] = uuid(frameId);
  if (shape.hidden) s[kw("hidden")] = true;
  if (shape.blocked) s[kw("blocked")] = true;
  if (typeof shape.opacity === "number" && shape.opacity !== 1) s[kw("opacity")] = shape.opacity;
  if (shape.type === "board") s[kw("show-content")] = !shape.clipContent;
  if (shape.constraintsHorizontal) s[kw("constraints-h")] = kw(shape.constraintsHorizontal);
  if (shape.constraintsVertical) s[kw("constraints-v")] = kw(shape.constraintsVertical);
  if (shape.type === "text") {
    s[kw("content")] = { "~:type": "root", "~:children": [{ "~:type": "paragraph-set", "~:children": [{ "~:type": "paragraph",
      "~:children": [{ "~:text": shape.characters || "", "~:font-size": String(shape.fontSize || "14") }] }] }] };
  }
  const flex = shape.type === "board" ? shape.flex : null;
  if (flex) {
    s[kw("layout")] = kw("flex");
    s[kw("layout-flex-dir")] = kw(flex.dir || "row");
    s[kw("layout-wrap-type")] = kw(flex.wrap || "nowrap");
    s[kw("layout-align-items")] = kw(flex.alignItems || "start");
    s[kw("layout-justify-content")] = kw(flex.justifyContent || "start");
    s[kw("layout-gap")] = { "~:row-gap": flex.rowGap || 0, "~:column-gap": flex.columnGap || 0 };
    s[kw("layout-padding")] = { "~:p1": flex.topPadding || 0, "~:p2": flex.rightPadding || 0, "~:p3": flex.bottomPadding || 0, "~:p4": flex.leftPadding || 0 };
  } else if (shape.type === "board" && shape.grid) {
    s[kw("layout")] = kw("grid");
  }
  if (shape.type === "board") {
    if (shape.horizontalSizing) s[kw("layout-item-h-sizing")] = kw(shape.horizontalSizing);
    if (shape.verticalSizing) s[kw("layout-item-v-sizing")] = kw(shape.verticalSizing);
  }
  const child = shape.layoutChild;
  if (child) {
    if (child.absolute) s[kw("layout-item-absolute")] = true;
    if (child.horizontalSizing) s[kw("layout-item-h-sizing")] = kw(child.horizontalSizing);
    if (child.verticalSizing) s[kw("layout-item-v-sizing")] = kw(child.verticalSizing);
    s[kw("layout-item-margin")] = { "~:m1": child.topMargin || 0, "~:m2": child.rightMargin || 0, "~:m3": child.bottomMargin || 0, "~:m4": child.leftMargin || 0 };
    for (const [key, name] of [["minWidth", "min-w"], ["maxWidth", "max-w"], ["minHeight", "min-h"], ["maxHeight", "max-h"]]) {
      if (typeof child[key] === "number") s[kw("layout-item-" + name)] = child[key];
    }
  }
  const interactions = (shape.interactions || []).map(function (i) {
    const out = { "~:event-type": kw(i.trigger), "~:action-type": kw(ACTIONS[i.action.type] || i.action.type) };
    if (i.action.destination) out["~:destination"] = uuid(i.action.destination.id);
    if (i.action.url) out["~:url"] = i.action.url;
    return out;
  });
  if (interactions.length) s[kw("interactions")] = interactions;
  const children = shape.children || [];
  if (children.length) s[kw("shapes")] = children.map(function (c) { return uuid(c.id); });
  return s;
}

// The selected board and every shape in it, without recursion.
function exportBoard(board) {
  const objects = {};
  const root = {};
  root[kw("id")] = uuid(ROOT); root[kw("type")] = kw("frame"); root[kw("name")] = "Root Frame";
  root[kw("shapes")] = [uuid(board.id)];
  objects[uuid(ROOT)] = { "~#shape": root };
  const stack = [{ shape: board, parent: ROOT, frame: ROOT }];
  while (stack.length) {
    const { shape, parent, frame } = stack.pop();
    objects[uuid(shape.id)] = { "~#shape": encode(shape, parent, frame) };
    const inner = shape.type === "board" ? shape.id : frame;
    for (const child of shape.children || []) stack.push({ shape: child, parent: shape.id, frame: inner });
  }
  const page = penpot.currentPage;
  return {
    "~:id": uuid(page.id), "~:file-id": uuid(penpot.currentFile ? penpot.currentFile.id : page.id),
    "~:data": { "~:id": uuid(page.id), "~:name": page.name, "~:objects": objects },
  };
}

penpot.ui.onMessage(function (message) {
  if (message.type !== "export") return;
  const board = penpot.selection.length ? boardOf(penpot.selection[0]) : null;
  if (!board) {
    penpot.ui.sendMessage({ type: "error", message: "Select a board (or anything in it) first." });
    return;
  }
  penpot.ui.sendMessage({ type: "export", format: "penpot", id: board.id, name: board.name, document: exportBoard(board) });
});
