#!/usr/bin/env python3
"""Drives the Figma and Penpot plugins (integrations/) in headless Chromium with Selenium,
against a running `touchtrace serve --cors-origin 'null,*'` (Figma and
Penpot themselves cannot run here, so the editors' side is played by this script):

    plugins.py --url http://127.0.0.1:PORT --screenshots DIR

1. The manifests validate against integrations/schemas/ (Figma's documented manifest fields;
   Penpot's own manifest schema), and figma/ui.html carries shared/panel.js byte for byte.
2. Figma's code.js runs against a stand-in `figma` global whose selection exports the recorded
   export Tests/Browser/recorded/figma-checkout.export.json (exportAsync JSON_REST_V1): the
   message it posts to the UI is that export.
3. Figma's ui.html, opened from a file:// URL (its origin is `null`, as in Figma's iframe),
   receives that message, imports it (POST /v1/import?store=…), shows the picture with the
   regions and the audit, lists the findings (the 20 pt close button) and the warnings; a
   click on the pay button's centre names it as the hit view and its navigate: action; the
   starter-expectations button is disabled with its note when the server has no
   /v1/check/init, and otherwise writes the starter file (checked for a tap on the wired control). Screenshot: figma-plugin.png.
4. Penpot's code.js runs against a stand-in `penpot` global (a board with a flex row of two
   buttons and a text, as Penpot's plugin API describes shapes); its export is sent to
   Penpot's ui.html served over HTTP from integrations/ (origin http://127.0.0.1:<a free port>), which
   imports it as Penpot, draws it, and hit-tests a click on the second button. Screenshot:
   penpot-plugin.png.

Prints one line per check ("ok - …"), and "call: METHOD PATH" for every API call a page made;
exits 1 on the first failure. Uses Debian's chromium and chromedriver; no network.
"""
import argparse
import functools
import http.server
import json
import os
import pathlib
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
INTEGRATIONS = ROOT / "integrations"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok -", what)


def wait(driver, predicate, what, timeout=30):
    WebDriverWait(driver, timeout).until(lambda d: predicate(d), message=what)


# Records every fetch a page makes, so the test can check each is a documented route.
RECORD_CALLS = """
window.__calls = [];
const original = window.fetch;
window.fetch = function (url, init) {
  const u = new URL(url, location.href);
  window.__calls.push(((init && init.method) || "GET") + " " + u.pathname);
  return original.apply(this, arguments);
};
"""


def manifests():
    import jsonschema
    for name in ["figma", "penpot"]:
        manifest = json.loads((INTEGRATIONS / name / "manifest.json").read_text())
        schema = json.loads((INTEGRATIONS / "schemas" / f"{name}-manifest.schema.json").read_text())
        jsonschema.validate(manifest, schema)
        check(True, f"{name}/manifest.json validates against schemas/{name}-manifest.schema.json")
        for key in ["main", "ui", "code", "icon"]:
            if key in manifest:
                check((INTEGRATIONS / name / manifest[key]).exists(), f"{name}/manifest.json's {key} {manifest[key]} exists")
    figma = json.loads((INTEGRATIONS / "figma" / "manifest.json").read_text())
    check("http://127.0.0.1:8080" in figma["networkAccess"]["devAllowedDomains"], "Figma's manifest lets the plugin reach a local TouchTrace in development")
    panel = (INTEGRATIONS / "shared" / "panel.js").read_text()
    check(panel in (INTEGRATIONS / "figma" / "ui.html").read_text(), "figma/ui.html carries shared/panel.js byte for byte")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def start_static(port):
    handler = functools.partial(QuietHandler, directory=str(INTEGRATIONS))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def click_scene_point(driver, x, y):
    """A real click at the picture's point (x, y) in window coordinates."""
    client = driver.execute_script(
        "const s = document.querySelector('[data-tt=picture] svg'); const m = s.getScreenCTM();"
        "const p = new DOMPoint(arguments[0], arguments[1]).matrixTransform(m); return [p.x, p.y];", x, y)
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).move_to_element_with_offset(body, 0, 0).perform()
    # move_to_element_with_offset is relative to the element's centre in Selenium 4.
    rect = body.rect
    ActionChains(driver).move_to_element_with_offset(body, client[0] - rect["width"] / 2 - rect["x"], client[1] - rect["height"] / 2 - rect["y"]).click().perform()


def picture_ready(driver):
    return driver.execute_script("const s = document.querySelector('[data-tt=picture] svg'); return !!(s && s.querySelector('.tt-view'));")


def figma(driver, args):
    export = json.loads((ROOT / "Tests/Browser/recorded/figma-checkout.export.json").read_text())
    # code.js against a stand-in figma global: the message it posts is the export.
    driver.get("data:text/html,<meta charset=utf-8><title>code.js</title>")
    code = (INTEGRATIONS / "figma" / "code.js").read_text()
    posted = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const exported = arguments[0];
        const messages = [];
        const node = { id: "1:2", name: "Checkout", type: "FRAME", parent: { type: "PAGE" },
          exportAsync: async (options) => options.format === "JSON_REST_V1" ? exported : null };
        window.__html__ = "";
        window.figma = {
          showUI: () => {}, notify: () => {}, closePlugin: () => {}, on: () => {},
          currentPage: { selection: [node] },
          clientStorage: { getAsync: async () => ({}), setAsync: async () => {} },
          ui: { postMessage: (m) => messages.push(m), onmessage: null },
        };
        (new Function(arguments[1]))();
        figma.ui.onmessage({ type: "export" }).then(() => done(messages.filter((m) => m.type === "export")));
    """, export, code)
    check(len(posted) == 1 and posted[0]["document"] == export and posted[0]["id"] == "1:2", "Figma's code.js exports the selected frame with exportAsync JSON_REST_V1")

    driver.get((INTEGRATIONS / "figma" / "ui.html").as_uri())
    driver.execute_script(RECORD_CALLS)
    driver.execute_script("touchTracePanel.el.server.value = arguments[0]; touchTracePanel.checkServer();", args.url)
    wait(driver, lambda d: "Connected" in d.find_element(By.CSS_SELECTOR, "[data-tt=status]").text, "the Figma UI reaches the server (origin null)")
    check(True, "the Figma UI (origin null) reaches TouchTrace through CORS")
    driver.execute_script("window.postMessage({ pluginMessage: arguments[0] }, '*');", posted[0])
    wait(driver, picture_ready, "the picture of the imported frame")
    check(True, "the frame is imported and drawn (render.svg with regions and the audit)")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-tt=findings] li.tt-finding")) > 0, "findings listed")
    findings = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "[data-tt=findings] li")]
    check(any("Close-Button" in f for f in findings), "the 20 pt close button is listed as a finding: " + "; ".join(findings)[:200])
    click_scene_point(driver, 195, 785)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-tt=hitView]").text not in ("", "click the picture"), "a hit view after the click")
    hit = driver.find_element(By.CSS_SELECTOR, "[data-tt=hitView]").text
    actions = driver.find_element(By.CSS_SELECTOR, "[data-tt=actions]").text
    check(hit == "Button-Primary", "hit view: " + hit)
    check("navigate:2:1" in actions, "a tap sends: " + actions)
    init = driver.find_element(By.CSS_SELECTOR, "[data-tt=init]")
    note = driver.find_element(By.CSS_SELECTOR, "[data-tt=initNote]").text
    has_init = "/v1/check/init:" in open(ROOT / "openapi.yaml").read()
    check(init.is_enabled() == has_init, "the starter-expectations button is " + ("enabled" if has_init else "disabled: " + note))
    if has_init:
        write_starter(driver, "navigate:2:1", "the Figma plugin's")
    wait(driver, picture_ready, "the picture again")
    driver.save_screenshot(os.path.join(args.screenshots, "figma-plugin.png"))
    check(True, "screenshot figma-plugin.png")
    for call in driver.execute_script("return window.__calls"):
        print("call:", call)


def write_starter(driver, expect_action, label):
    """Clicks "Write starter expectations" and checks the file the panel hands to the host's
    download: an expectation file from the stored scene, with a tap for the wired control."""
    driver.execute_script("window.__download = null; touchTracePanel.host.download = function (name, text) { window.__download = {name: name, text: text}; };")
    driver.find_element(By.CSS_SELECTOR, "[data-tt=init]").click()
    wait(driver, lambda d: d.execute_script("return window.__download"), "the starter file from POST /v1/check/init")
    download = driver.execute_script("return window.__download")
    text = download["text"]
    check(download["name"].endswith(".touchtrace.yaml") and "steps:" in text and "- tapOn:" in text and expect_action in text,
          label + " starter file " + download["name"] + " taps the wired control expecting " + expect_action)
    check("- assertTouchTargets: {}" in text and "- assertLayout: {}" in text, label + " starter file ends with the audits")


PENPOT_BOARD = """
function shape(type, id, name, x, y, w, h, extra) {
  return Object.assign({ type, id, name, x, y, width: w, height: h, rotation: 0, hidden: false, blocked: false, opacity: 1,
    constraintsHorizontal: "left", constraintsVertical: "top", interactions: [], children: [] }, extra || {});
}
const other = shape("board", "b0000000-0000-4000-8000-000000000002", "Cart", 500, 0, 375, 667, { clipContent: true });
const board = shape("board", "b0000000-0000-4000-8000-000000000001", "Shop", 0, 0, 375, 667, { clipContent: true });
const row = shape("board", "b0000000-0000-4000-8000-000000000003", "Actions", 20, 580, 335, 60, {
  clipContent: true, horizontalSizing: "fix", verticalSizing: "fix",
  flex: { dir: "row", wrap: "nowrap", alignItems: "center", justifyContent: "space-between", rowGap: 0, columnGap: 12,
    topPadding: 8, rightPadding: 8, bottomPadding: 8, leftPadding: 8 } });
const buy = shape("rectangle", "b0000000-0000-4000-8000-000000000004", "Buy button", 28 + 150 + 19, 588, 150, 44, {
  layoutChild: { absolute: false, horizontalSizing: "fix", verticalSizing: "fix" },
  interactions: [{ trigger: "click", action: { type: "navigate-to", destination: other } }] });
const save = shape("rectangle", "b0000000-0000-4000-8000-000000000005", "Save button", 28, 588, 150, 44, {
  layoutChild: { absolute: false, horizontalSizing: "fix", verticalSizing: "fix" } });
const title = shape("text", "b0000000-0000-4000-8000-000000000006", "Title", 20, 40, 200, 30, { characters: "Shop", fontSize: 24 });
// Penpot's layer order, back to front; a flex row lays its children out from the last one.
row.children = [buy, save];
board.children = [title, row];
for (const c of board.children) c.parent = board;
for (const c of row.children) c.parent = row;
board.parent = { type: "board", id: "00000000-0000-0000-0000-000000000000" };
"""


def penpot(driver, args):
    base = f"http://127.0.0.1:{args.static_port}"  # set by main once the static server listens
    driver.get(base + "/penpot/ui.html")
    driver.execute_script(RECORD_CALLS)
    code = (INTEGRATIONS / "penpot" / "code.js").read_text()
    posted = driver.execute_script(PENPOT_BOARD + """
        const sent = [];
        window.penpot = {
          ui: { open: () => {}, sendMessage: (m) => sent.push(m), onMessage: (f) => { window.__pluginHandler = f; } },
          selection: [buy], currentPage: { id: "a0000000-0000-4000-8000-0000000000aa", name: "Page 1" },
          currentFile: { id: "f0000000-0000-4000-8000-0000000000ff" },
        };
        (new Function(arguments[0]))();
        window.__pluginHandler({ type: "export" });
        return sent;
    """, code)
    check(len(posted) == 1 and posted[0]["type"] == "export" and posted[0]["name"] == "Shop", "Penpot's code.js exports the board around the selection")
    driver.execute_script("touchTracePanel.el.server.value = arguments[0]; touchTracePanel.checkServer();", args.url)
    wait(driver, lambda d: "Connected" in d.find_element(By.CSS_SELECTOR, "[data-tt=status]").text, "the Penpot UI reaches the server")
    check(True, "the Penpot UI (origin " + base + ") reaches TouchTrace through CORS")
    driver.execute_script("window.postMessage(arguments[0], '*');", posted[0])
    wait(driver, picture_ready, "the picture of the imported board")
    check(True, "the board is imported as Penpot and drawn")
    warnings = driver.find_element(By.CSS_SELECTOR, "[data-tt=warnings]").text
    print("penpot warnings:", warnings.replace("\n", " | ")[:300])
    click_scene_point(driver, 20 + 335 - 8 - 75, 580 + 30)
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-tt=hitView]").text not in ("", "click the picture"), "a hit view after the click")
    hit = driver.find_element(By.CSS_SELECTOR, "[data-tt=hitView]").text
    actions = driver.find_element(By.CSS_SELECTOR, "[data-tt=actions]").text
    check(hit == "Buy-button", "hit view: " + hit)
    check("navigate:b0000000-0000-4000-8000-000000000002" in actions, "a tap sends: " + actions)
    if "/v1/check/init:" in open(ROOT / "openapi.yaml").read():
        write_starter(driver, "navigate:b0000000-0000-4000-8000-000000000002", "the Penpot plugin's")
    wait(driver, picture_ready, "the picture again")
    driver.save_screenshot(os.path.join(args.screenshots, "penpot-plugin.png"))
    check(True, "screenshot penpot-plugin.png")
    for call in driver.execute_script("return window.__calls"):
        print("call:", call)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--static-port", type=int, default=0, help="where integrations/ is served (0: any free port)")
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()
    manifests()
    static = start_static(args.static_port)
    args.static_port = static.server_address[1]
    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=480,1000",
                 "--hide-scrollbars", "--force-device-scale-factor=1", "--allow-file-access-from-files"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    try:
        figma(driver, args)
        penpot(driver, args)
    except Exception as error:
        try:
            print("page status:", driver.find_element(By.CSS_SELECTOR, "[data-tt=status]").text)
            driver.save_screenshot(os.path.join(args.screenshots, "plugin-failure.png"))
        except Exception:
            pass
        print("FAILED:", error)
        sys.exit(1)
    finally:
        driver.quit()
        static.shutdown()


if __name__ == "__main__":
    main()
