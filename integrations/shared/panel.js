// TouchTrace panel: the part of the Figma and Penpot plugins that talks to a running TouchTrace
// (plain JavaScript, no build step). The host (Figma's ui.html, Penpot's ui.html) gives it the
// design's export and a way to ask for one; the panel imports it (POST /v1/import?store=…),
// shows the picture with the effective hit regions and the audit (GET /v1/scenes/{id}/render.svg),
// lists the findings (POST /v1/scenes/{id}/audit) and the import's warnings, and hit-tests a
// click on the picture (POST /v1/scenes/{id}/hit-test and …/touches). Figma's ui.html holds a
// copy of this file inline (Figma loads a plugin's UI as one HTML string); a test checks that
// the copy is this file, byte for byte.
(function (global) {
  "use strict";

  function TouchTracePanel(root, host) {
    this.root = root;
    this.host = host; // { name, requestExport(), sceneIdFor(exported) }
    this.sceneId = null;
    this.el = {};
    for (const node of root.querySelectorAll("[data-tt]")) this.el[node.getAttribute("data-tt")] = node;
    const saved = host.loadSettings ? host.loadSettings() : {};
    this.el.server.value = saved.server || "http://127.0.0.1:8080";
    this.el.token.value = saved.token || "";
    this.el.profile.value = saved.profile || "apple-44";
    const panel = this;
    this.el.send.addEventListener("click", function () { panel.status("Exporting the selection…"); host.requestExport(); });
    this.el.picture.addEventListener("click", function (event) { panel.click(event); });
    this.el.init.addEventListener("click", function () { panel.writeStarter(); });
    for (const field of [this.el.server, this.el.token, this.el.profile]) {
      field.addEventListener("change", function () { panel.saveSettings(); panel.checkServer(); });
    }
    this.checkServer();
  }

  TouchTracePanel.prototype.saveSettings = function () {
    if (this.host.saveSettings) this.host.saveSettings({ server: this.el.server.value, token: this.el.token.value, profile: this.el.profile.value });
  };

  TouchTracePanel.prototype.status = function (text, isError) {
    this.el.status.textContent = text;
    this.el.status.className = isError ? "tt-status tt-error" : "tt-status";
  };

  TouchTracePanel.prototype.url = function (path) {
    return this.el.server.value.replace(/\/+$/, "") + path;
  };

  TouchTracePanel.prototype.request = async function (method, path, body, contentType) {
    const headers = {};
    if (contentType) headers["Content-Type"] = contentType;
    if (this.el.token.value) headers["Authorization"] = "Bearer " + this.el.token.value;
    const response = await fetch(this.url(path), { method: method, headers: headers, body: body });
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try { detail = JSON.parse(text).detail || text; } catch (e) { /* not JSON */ }
      throw new Error(response.status + ": " + detail);
    }
    return text;
  };

  // Whether the server answers, and whether it has the starter-expectations route (POST
  // /v1/check/init; an older server lacks it, and the button stays disabled, saying why).
  TouchTracePanel.prototype.checkServer = async function () {
    try {
      const spec = await this.request("GET", "/openapi.yaml");
      const hasInit = spec.indexOf("/v1/check/init:") >= 0;
      this.el.init.disabled = !hasInit || !this.sceneId;
      this.el.initNote.textContent = hasInit ? "" : "This server has no POST /v1/check/init yet: the starter expectation file needs a newer TouchTrace.";
      this.status("Connected to " + this.el.server.value + ". Select a " + this.host.unit + " and send it.");
    } catch (error) {
      this.el.init.disabled = true;
      this.status("No TouchTrace at " + this.el.server.value + " (" + error.message + "). Start one with: touchtrace serve --cors-origin " + this.host.origin, true);
    }
  };

  // The host's export arrived: import it, store it, then draw and audit it.
  TouchTracePanel.prototype.imported = async function (exported) {
    try {
      this.sceneId = this.host.sceneIdFor(exported);
      const query = "?store=" + encodeURIComponent(this.sceneId) + "&file=" + encodeURIComponent(exported.name || this.sceneId) +
        (exported.format ? "&format=" + exported.format : "");
      const body = typeof exported.document === "string" ? exported.document : JSON.stringify(exported.document);
      const result = JSON.parse(await this.request("POST", "/v1/import" + query, body, "application/json"));
      this.showWarnings(result.warnings || []);
      this.status("Imported \"" + (exported.name || this.sceneId) + "\" as scene " + this.sceneId + ". Click the picture to hit-test.");
      await this.refresh();
      this.checkServer();
    } catch (error) {
      this.status("Import failed: " + error.message, true);
    }
  };

  TouchTracePanel.prototype.refresh = async function (point) {
    const profile = encodeURIComponent(this.el.profile.value);
    const pointQuery = point ? "&point=" + point.x + "," + point.y : "";
    const svg = await this.request("GET", "/v1/scenes/" + encodeURIComponent(this.sceneId) + "/render.svg?regions=true&audit=" + profile + pointQuery);
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    this.el.picture.textContent = "";
    const picture = document.importNode(doc.documentElement, true);
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    this.el.picture.appendChild(picture);
    const audit = JSON.parse(await this.request("POST", "/v1/scenes/" + encodeURIComponent(this.sceneId) + "/audit", JSON.stringify({ profile: this.el.profile.value }), "application/json"));
    this.showFindings(audit.findings || []);
  };

  TouchTracePanel.prototype.showFindings = function (findings) {
    const list = this.el.findings;
    list.textContent = "";
    for (const finding of findings) {
      const li = document.createElement("li");
      li.className = "tt-finding tt-" + finding.severity;
      li.textContent = finding.text || (finding.severity + " [" + finding.rule + "] " + finding.message);
      li.setAttribute("data-view", finding.view || "");
      list.appendChild(li);
    }
    if (!findings.length) list.innerHTML = "<li class=\"tt-hint\">No findings: every control and tap target passes.</li>";
  };

  TouchTracePanel.prototype.showWarnings = function (warnings) {
    const list = this.el.warnings;
    list.textContent = "";
    for (const warning of warnings) {
      const li = document.createElement("li");
      li.textContent = warning.kind + ": " + warning.message;
      list.appendChild(li);
    }
    if (!warnings.length) list.innerHTML = "<li class=\"tt-hint\">Nothing was approximated.</li>";
  };

  // A click on the picture → a point in the window's coordinates (the picture's user space)
  // → hit test and a tap: the hit view, its responder chain and the action the tap sends.
  TouchTracePanel.prototype.click = async function (event) {
    const svg = this.el.picture.querySelector("svg");
    if (!svg || !this.sceneId) return;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const point = { x: Math.round(p.x * 2) / 2, y: Math.round(p.y * 2) / 2 };
    try {
      const id = encodeURIComponent(this.sceneId);
      const hit = JSON.parse(await this.request("POST", "/v1/scenes/" + id + "/hit-test", JSON.stringify({ point: point }), "application/json"));
      const tap = JSON.parse(await this.request("POST", "/v1/scenes/" + id + "/touches", JSON.stringify({ tap: point }), "application/json"));
      this.el.hitView.textContent = hit.hitView || "nothing";
      this.el.hitView.setAttribute("data-point", point.x + "," + point.y);
      this.el.chain.textContent = (hit.responderChain || []).join(" → ") || "–";
      const actions = (tap.actions || []).map(function (a) { return a.action + " → " + (a.target || "nobody"); });
      this.el.actions.textContent = actions.length ? actions.join("; ") : "a tap sends no action";
      await this.refresh(point);
    } catch (error) {
      this.status("Hit test failed: " + error.message, true);
    }
  };

  TouchTracePanel.prototype.writeStarter = async function () {
    try {
      const text = await this.request("POST", "/v1/check/init", JSON.stringify({ scene: this.sceneId }), "application/json");
      if (this.host.download) this.host.download(this.sceneId + ".touchtrace.yaml", text);
      this.status("Starter expectation file written: " + this.sceneId + ".touchtrace.yaml");
    } catch (error) {
      this.status("Could not write the starter file: " + error.message, true);
    }
  };

  global.TouchTracePanel = TouchTracePanel;
})(typeof window !== "undefined" ? window : this);
