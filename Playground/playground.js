// The TouchTrace playground: plain JavaScript, no framework, no build step, no network access
// beyond the server that serves it. Every answer comes from the public HTTP API (openapi.yaml):
//   GET  /v1/scenes                        the stored scenes, for the picker
//   GET  /v1/scenes/{id}                   a stored scene's document (to render it after changes)
//   GET  /v1/scenes/{id}/render.svg        the picture of a stored scene (point, regions, audit)
//   POST /v1/render                        the picture of a pasted scene, or after a resize
//   POST /v1/scenes/{id}/hit-test, /v1/hit-test    which view a click hits, and why
//   POST /v1/scenes/{id}/touches, /v1/touches       what a tap or a drag does
//   POST /v1/scenes/{id}/why-not, /v1/why-not       why a view under the click does not get the tap
//   POST /v1/import                        a pasted dump or design file → a scene (the format
//                                          detected by the server), drawn inline
// The audit's findings are read from the picture (`render` with `audit`), which numbers them as
// the audit's text report does.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  const state = {
    source: null,        // {kind: "stored", id} or {kind: "inline", scene}
    storedDocument: null, // the stored scene's document, fetched when changes need the inline route
    window: null,        // {id, width, height} of the front-most window, as drawn originally
    size: null,          // {width, height} asked for, or null for the scene's own size
    point: null,         // the last clicked point, in window coordinates
  };

  // ---- API ----------------------------------------------------------------------------------

  function headers(json) {
    const h = {};
    if (json) h["Content-Type"] = "application/json";
    const token = $("token").value.trim();
    if (token) h["Authorization"] = "Bearer " + token;
    return h;
  }

  // Every call, in order (the browser test reads it to check that each is a documented route).
  window.playgroundCalls = [];

  function logCall(method, path, status) {
    window.playgroundCalls.push(method + " " + path);
    const li = document.createElement("li");
    li.textContent = method + " " + path + " → " + status;
    const calls = $("calls");
    calls.insertBefore(li, calls.firstChild);
    while (calls.children.length > 20) calls.removeChild(calls.lastChild);
  }

  // `body` is JSON-encoded, unless `raw` gives the body's bytes and media type.
  async function api(method, path, body, accept, raw) {
    const init = { method: method, headers: headers(body !== undefined) };
    if (accept) init.headers["Accept"] = accept;
    if (body !== undefined) init.body = JSON.stringify(body);
    if (raw) {
      init.headers["Content-Type"] = raw.type;
      init.body = raw.text;
    }
    const response = await fetch(path, init);
    logCall(method, path, response.status);
    const text = await response.text();
    if (!response.ok) {
      let message = response.status + " " + response.statusText;
      try {
        const problem = JSON.parse(text);
        message = problem.title + ": " + problem.detail;
        for (const e of problem.errors || []) message += "\n" + (e.pointer || "/") + ": " + e.message;
      } catch (_) { /* not a problem document */ }
      throw new Error(message);
    }
    return text;
  }

  async function apiJSON(method, path, body) {
    return JSON.parse(await api(method, path, body));
  }

  function status(text, isError) {
    const el = $("status");
    el.textContent = text || "";
    el.className = isError ? "error" : "";
  }

  // ---- Requests, by where the scene is ------------------------------------------------------

  function changes() {
    if (!state.size || !state.window) return [];
    if (state.size.width === state.window.width && state.size.height === state.window.height) return [];
    return [{ op: "resizeWindow", window: state.window.id, width: state.size.width, height: state.size.height }];
  }

  async function inlineScene() {
    if (state.source.kind === "inline") return state.source.scene;
    if (!state.storedDocument) {
      state.storedDocument = await apiJSON("GET", "/v1/scenes/" + encodeURIComponent(state.source.id));
    }
    return state.storedDocument;
  }

  // A trace request (hit-test, touches) on the stored scene's route, or inline.
  async function trace(operation, body) {
    const list = changes();
    if (list.length) body.changes = list;
    if (state.source.kind === "stored") {
      return apiJSON("POST", "/v1/scenes/" + encodeURIComponent(state.source.id) + "/" + operation, body);
    }
    body.scene = state.source.scene;
    return apiJSON("POST", "/v1/" + operation, body);
  }

  async function renderSVG() {
    const regions = $("show-regions").checked;
    const audit = $("show-audit").checked ? $("audit-profile").value : null;
    const list = changes();
    if (state.source.kind === "stored" && list.length === 0) {
      const query = [];
      if (state.point) query.push("point=" + state.point.x + "," + state.point.y);
      if (regions) query.push("regions=true");
      if (audit) query.push("audit=" + encodeURIComponent(audit));
      const path = "/v1/scenes/" + encodeURIComponent(state.source.id) + "/render.svg" + (query.length ? "?" + query.join("&") : "");
      return api("GET", path, undefined, "image/svg+xml");
    }
    const body = { scene: await inlineScene() };
    if (state.point) body.points = [state.point];
    if (regions) body.regions = true;
    if (audit) body.audit = audit;
    if (list.length) body.changes = list;
    return api("POST", "/v1/render", body, "image/svg+xml");
  }

  // ---- The picture --------------------------------------------------------------------------

  function currentSVG() {
    return $("picture").querySelector("svg");
  }

  // Draws are numbered: only the latest one's picture is shown, however the answers arrive.
  let drawGeneration = 0;

  async function draw() {
    if (!state.source) return;
    const generation = ++drawGeneration;
    status("Drawing…");
    try {
      const text = await renderSVG();
      if (generation !== drawGeneration) return;
      const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
      const svg = parsed.documentElement;
      if (svg.nodeName !== "svg") throw new Error("the server did not answer with an SVG picture");
      const picture = $("picture");
      picture.textContent = "";
      picture.appendChild(document.importNode(svg, true));
      readWindow();
      showFindings();
      status("");
    } catch (error) {
      if (generation === drawGeneration) status(error.message, true);
    }
  }

  // The front-most window, from the picture's data attributes.
  function readWindow() {
    const svg = currentSVG();
    const id = svg && svg.getAttribute("data-reference-window");
    if (!id) return;
    const el = svg.querySelector('.tt-window[data-view="' + CSS.escape(id) + '"]');
    if (!el) return;
    const width = Number(el.getAttribute("data-width"));
    const height = Number(el.getAttribute("data-height"));
    if (!state.window || state.window.id !== id) state.window = { id: id, width: width, height: height };
    if (!state.size) state.size = { width: width, height: height };
    $("window-name").textContent = id;
    $("window-width").value = state.size.width;
    $("window-height").value = state.size.height;
  }

  function showFindings() {
    const list = $("findings");
    list.textContent = "";
    const svg = currentSVG();
    if (!$("show-audit").checked) {
      $("audit-summary").textContent = "Tick “Audit” to outline the findings.";
      return;
    }
    const marks = svg ? svg.querySelectorAll(".tt-finding-mark") : [];
    $("audit-summary").textContent = marks.length
      ? marks.length + " finding" + (marks.length === 1 ? "" : "s") + " (read from the picture, numbered as in the audit's text report):"
      : "No findings: every target passes " + $("audit-profile").value + ".";
    for (const mark of marks) {
      const li = document.createElement("li");
      const title = mark.querySelector("title");
      li.textContent = title ? roundedText(title.textContent.replace(/^\d+\.\s*/, "")) : mark.getAttribute("data-view");
      li.className = "finding-" + mark.getAttribute("data-severity");
      list.appendChild(li);
    }
  }

  // What the playground shows is rounded to 0.01 pt (the JSON answers, and what the copy buttons
  // and the API give, keep every digit): a number, and every decimal number inside a sentence
  // of the engine's (a trace step's detail, a cause) with more than two decimals.
  function pt(n) {
    return typeof n === "number" && isFinite(n) ? String(Math.round(n * 100) / 100) : String(n);
  }
  function roundedText(text) {
    return String(text).replace(/-?\d+\.\d{3,}(?:e-?\d+)?/g, function (m) { return pt(Number(m)); });
  }
  window.touchtraceRoundedText = roundedText;   // for the browser test

  // A mouse position → window coordinates (the picture's user space is the front-most
  // window's), to the nearest half point: a click is not more precise than that.
  function toScene(event) {
    const svg = currentSVG();
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: Math.round(p.x * 2) / 2, y: Math.round(p.y * 2) / 2 };
  }

  function markPath(path, hitView) {
    const svg = currentSVG();
    if (!svg) return;
    for (const el of svg.querySelectorAll(".tt-on-path, .tt-hit-view")) el.classList.remove("tt-on-path", "tt-hit-view");
    for (const id of path) {
      const el = svg.querySelector('.tt-view[data-view="' + CSS.escape(id) + '"]');
      if (el) el.classList.add(id === hitView ? "tt-hit-view" : "tt-on-path");
    }
  }

  // ---- Hit test and touches -----------------------------------------------------------------

  // The views that passed the hit view up (the window first), then the hit view.
  function pathOf(result) {
    const path = [];
    if (!result.hitView) return path;
    for (const step of result.steps) {
      if (step.outcome !== "rejected" && step.result === result.hitView && path.indexOf(step.view) < 0) path.push(step.view);
    }
    if (path[path.length - 1] !== result.hitView) path.push(result.hitView);
    return path;
  }

  function showHitTest(result) {
    const path = pathOf(result);
    $("hit-summary").textContent = "(" + pt(result.point.x) + ", " + pt(result.point.y) + ")" + (result.window ? " in window " + result.window : "");
    $("hit-view").textContent = result.hitView || "none";
    $("hit-path").textContent = path.length ? path.join(" › ") : "–";
    $("responder-chain").textContent = result.responderChain.length ? result.responderChain.join(" → ") : "–";
    const steps = $("hit-steps");
    steps.textContent = "";
    for (const step of result.steps) {
      const li = document.createElement("li");
      li.className = step.outcome;
      li.textContent = step.view + ": " + step.outcome + (step.reason ? " (" + step.reason + ")" : "") + " [" + step.rule + "] " + roundedText(step.detail);
      steps.appendChild(li);
    }
    markPath(path, result.hitView);
  }

  function showTouches(result, what) {
    $("touch-summary").textContent = what + ": " + result.touches.map(function (t) {
      return "touch " + t.touch + " → " + (t.hitView || "no view");
    }).join(", ");
    const events = $("control-events");
    events.textContent = "";
    for (const e of result.controlEvents) {
      const li = document.createElement("li");
      li.textContent = e.control + ": " + e.event;
      events.appendChild(li);
    }
    if (!result.controlEvents.length) events.innerHTML = "<li class=\"hint\">none</li>";
    const actions = $("actions");
    actions.textContent = "";
    for (const a of result.actions) {
      const li = document.createElement("li");
      li.textContent = a.action + " → " + (a.target || "nobody") + " (" + a.resolution + "; " + a.sender + ", " + a.event + ")";
      actions.appendChild(li);
    }
    if (!result.actions.length) actions.innerHTML = "<li class=\"hint\">none</li>";
  }

  async function click(point, under) {
    state.point = point;
    try {
      const hit = await trace("hit-test", { point: point });
      const tap = await trace("touches", { tap: point });
      await draw();
      showHitTest(hit);
      showTouches(tap, "Tap at (" + point.x + ", " + point.y + ")");
      await offerWhyNot(under, hit.hitView);
    } catch (error) {
      status(error.message, true);
    }
  }

  // ---- Why not? -----------------------------------------------------------------------------

  // The views drawn under a pointer event, front-most first (windows last), by id.
  function viewsUnder(event) {
    const ids = [];
    for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
      const view = el.closest && el.closest("#picture .tt-view");
      const id = view && view.getAttribute("data-view");
      if (id && ids.indexOf(id) < 0) ids.push(id);
    }
    const isWindow = (id) => !!currentSVG().querySelector('.tt-window[data-view="' + CSS.escape(id) + '"]');
    return ids.filter((id) => !isWindow(id)).concat(ids.filter(isWindow));
  }

  // Lists the views under the click as buttons and asks about the front-most one that did not
  // get the tap (the hit view when every one did).
  async function offerWhyNot(under, hitView) {
    const box = $("whynot-views");
    box.textContent = "";
    for (const id of under || []) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = id;
      button.setAttribute("data-view", id);
      button.addEventListener("click", function () { whyNot(id); });
      box.appendChild(button);
    }
    const first = (under || []).find((id) => id !== hitView) || hitView;
    if (first) await whyNot(first);
  }

  function markCauses(view, causes) {
    const svg = currentSVG();
    if (!svg) return;
    for (const el of svg.querySelectorAll(".tt-cause, .tt-asked")) el.classList.remove("tt-cause", "tt-asked");
    const mark = (id, cls) => {
      const el = svg.querySelector('.tt-view[data-view="' + CSS.escape(id) + '"]');
      if (el) el.classList.add(cls);
    };
    for (const c of causes) mark(c.view, "tt-cause");
    mark(view, "tt-asked");
  }

  async function whyNot(view) {
    if (!state.point) return;
    for (const b of $("whynot-views").querySelectorAll("button")) b.classList.toggle("chosen", b.getAttribute("data-view") === view);
    try {
      const body = { view: view, point: state.point };
      if (state.window) body.window = state.window.id;
      const answer = await trace("why-not", body);
      $("whynot-summary").textContent = answer.view + " at (" + pt(answer.point.x) + ", " + pt(answer.point.y) + "): " +
        (answer.reachable ? "reachable" : "not reachable") + "; the hit test returns " + (answer.hitView || "nothing") + ".";
      const causes = $("whynot-causes");
      causes.textContent = "";
      for (const c of answer.causes) {
        const li = document.createElement("li");
        li.className = c.blocks ? "blocks" : "delays";
        li.textContent = c.kind + " · " + c.view + " [" + c.rule + "] " + roundedText(c.detail);
        causes.appendChild(li);
      }
      if (!answer.causes.length) causes.innerHTML = "<li class=\"hint\">none: a tap there reaches it</li>";
      const fixes = $("whynot-fixes");
      fixes.textContent = "";
      for (const f of answer.fixes) {
        const li = document.createElement("li");
        li.textContent = roundedText(f.text);
        fixes.appendChild(li);
      }
      if (!answer.fixes.length) fixes.innerHTML = "<li class=\"hint\">none</li>";
      markCauses(answer.view, answer.causes);
    } catch (error) {
      status(error.message, true);
    }
  }

  async function drag(from, to) {
    try {
      const result = await trace("touches", { drag: { from: from, to: to } });
      showTouches(result, "Drag (" + from.x + ", " + from.y + ") → (" + to.x + ", " + to.y + ")");
      const svg = currentSVG();
      if (svg) {
        for (const old of svg.querySelectorAll(".tt-drag")) old.remove();
        const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
        line.setAttribute("class", "tt-drag");
        line.setAttribute("x1", from.x); line.setAttribute("y1", from.y);
        line.setAttribute("x2", to.x); line.setAttribute("y2", to.y);
        svg.appendChild(line);
      }
    } catch (error) {
      status(error.message, true);
    }
  }

  let pressed = null;
  $("picture").addEventListener("pointerdown", function (event) {
    if (!currentSVG() || event.button !== 0) return;
    pressed = { screen: { x: event.clientX, y: event.clientY }, point: toScene(event) };
  });
  $("picture").addEventListener("pointerup", function (event) {
    if (!pressed || !pressed.point) { pressed = null; return; }
    const start = pressed;
    pressed = null;
    const end = toScene(event);
    if (!end) return;
    const moved = Math.hypot(event.clientX - start.screen.x, event.clientY - start.screen.y);
    if (moved > 6) drag(start.point, end); else click(start.point, viewsUnder(event));
  });

  // ---- Choosing a scene ---------------------------------------------------------------------

  function choose(source) {
    state.source = source;
    state.storedDocument = null;
    state.window = null;
    state.size = null;
    state.point = null;
    for (const id of ["hit-steps", "control-events", "actions", "findings", "whynot-views", "whynot-causes", "whynot-fixes"]) $(id).textContent = "";
    for (const id of ["hit-view", "hit-path", "responder-chain"]) $(id).textContent = "–";
    draw();
  }

  async function loadScenes() {
    try {
      const page = await apiJSON("GET", "/v1/scenes?limit=1000");
      const select = $("stored-scenes");
      const chosen = select.value;
      select.textContent = "";
      const none = document.createElement("option");
      none.value = "";
      none.textContent = page.scenes.length ? "(choose one)" : "(no stored scenes)";
      select.appendChild(none);
      for (const s of page.scenes) {
        const option = document.createElement("option");
        option.value = s.id;
        option.textContent = s.id + (s.name ? " — " + s.name : "") + " (" + s.views + " views)";
        select.appendChild(option);
      }
      select.value = chosen;
    } catch (error) {
      status(error.message, true);
    }
  }

  $("stored-scenes").addEventListener("change", function () {
    const id = $("stored-scenes").value;
    if (id) choose({ kind: "stored", id: id });
  });
  $("refresh-scenes").addEventListener("click", loadScenes);
  $("use-json").addEventListener("click", function () {
    let scene;
    try {
      scene = JSON.parse($("scene-json").value);
    } catch (error) {
      status("The pasted text is not JSON: " + error.message, true);
      return;
    }
    $("stored-scenes").value = "";
    choose({ kind: "inline", scene: scene });
  });
  // A pasted dump or design file: the server detects the format (JSON goes as JSON, anything
  // else as bytes), and the scene it answers is drawn inline.
  $("import-button").addEventListener("click", async function () {
    const text = $("import-text").value;
    if (!text.trim()) return;
    let type = "application/octet-stream";
    try { JSON.parse(text); type = "application/json"; } catch (_) { /* a dump or XML */ }
    const list = $("import-warnings");
    list.textContent = "";
    try {
      const result = JSON.parse(await api("POST", "/v1/import", undefined, undefined, { text: text, type: type }));
      for (const w of result.warnings || []) {
        const li = document.createElement("li");
        li.textContent = (w.line ? "line " + w.line + ": " : w.pointer ? w.pointer + ": " : "") + w.message;
        list.appendChild(li);
      }
      const summary = document.createElement("li");
      summary.className = "hint";
      summary.textContent = "Imported as " + result.format + ", " + (result.warnings || []).length + " warning(s)" + (list.children.length ? ":" : ".");
      list.insertBefore(summary, list.firstChild);
      $("stored-scenes").value = "";
      choose({ kind: "inline", scene: result.scene });
    } catch (error) {
      status(error.message, true);
    }
  });
  for (const id of ["show-regions", "show-audit", "audit-profile"]) $(id).addEventListener("change", draw);

  function resize(width, height) {
    if (!state.window || !(width > 0) || !(height > 0)) return;
    state.size = { width: width, height: height };
    draw();
  }
  $("resize").addEventListener("click", function () {
    resize(Number($("window-width").value), Number($("window-height").value));
  });
  $("rotate").addEventListener("click", function () {
    if (state.size) resize(state.size.height, state.size.width);
  });
  $("reset").addEventListener("click", function () {
    if (state.window) resize(state.window.width, state.window.height);
  });

  // ?scene=ID opens a stored scene at once.
  loadScenes().then(function () {
    const id = new URLSearchParams(location.search).get("scene");
    if (id) {
      $("stored-scenes").value = id;
      choose({ kind: "stored", id: id });
    }
  });
})();
