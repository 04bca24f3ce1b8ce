// TouchTrace for Figma, the plugin's main thread (Figma's sandbox: the document, no network).
// It exports the selected frame as the JSON of Figma's REST API
// (`exportAsync({format: "JSON_REST_V1"})`) and hands it to the UI (ui.html), which sends it to
// a running TouchTrace. Plain JavaScript, no build step.
figma.showUI(__html__, { width: 460, height: 720, themeColors: true });

// The frame a selection belongs to: the selected node itself when it is a frame-like node on
// the page, else its top-most frame-like ancestor below the page.
function screenOf(node) {
  let screen = null;
  for (let n = node; n && n.type !== "PAGE" && n.type !== "DOCUMENT"; n = n.parent) {
    if (n.type === "FRAME" || n.type === "COMPONENT" || n.type === "COMPONENT_SET" || n.type === "INSTANCE" || n.type === "SECTION") screen = n;
  }
  return screen || node;
}

async function exportSelection() {
  const selected = figma.currentPage.selection[0];
  if (!selected) {
    figma.ui.postMessage({ type: "error", message: "Select a frame (or anything in it) first." });
    return;
  }
  const screen = screenOf(selected);
  try {
    const document = await screen.exportAsync({ format: "JSON_REST_V1" });
    figma.ui.postMessage({ type: "export", format: "figma", id: screen.id, name: screen.name, document: document });
  } catch (error) {
    figma.ui.postMessage({ type: "error", message: "Figma could not export " + screen.name + ": " + error });
  }
}

figma.ui.onmessage = async function (message) {
  if (message.type === "export") await exportSelection();
  if (message.type === "settings") await figma.clientStorage.setAsync("touchtrace", message.settings);
  if (message.type === "notify") figma.notify(message.text);
  if (message.type === "close") figma.closePlugin();
};

figma.clientStorage.getAsync("touchtrace").then(function (settings) {
  figma.ui.postMessage({ type: "settings", settings: settings || {} });
});
figma.on("selectionchange", function () {
  const selected = figma.currentPage.selection[0];
  figma.ui.postMessage({ type: "selection", name: selected ? screenOf(selected).name : null });
});
