#!/usr/bin/env python3
"""Drives the playground (GET /) in headless Chromium with Selenium, as a person would.

Run by PlaygroundBrowserTests (Tests/TouchTraceServerTests) against a fresh `touchtrace serve`
that has Examples/map-overlay.json stored as "map":

    playground.py --url http://127.0.0.1:PORT --screenshot out.png --audit-scene FILE \
        --import-file FILE --import-view ID --import-point X,Y --import-cause KIND:VIEW

1. loads /?scene=map and waits for the picture (GET /v1/scenes/map/render.svg);
2. clicks the picture at window point (100, 300): the page must report the hit view
   "overlay", list the hit-test steps, mark win › root › overlay on the picture, and show
   the server's picture of the point (its probe says data-hit-view="overlay");
3. clicks the locate button at (330, 770): the tap's action "locate: → mapVC" is listed;
4. drags from the button to (330, 600): touchDragExit and touchUpOutside are listed;
5. rotates the window: the picture is drawn again at 844×390 (POST /v1/render with changes);
6. pastes the scene of --audit-scene, ticks Audit: the findings are listed, numbered;
7. goes back to the map, clicks (100, 300) again: why-not is asked for the map, the front-most
   view under the pointer that did not get the tap; its cause (covered by the overlay, H3) is
   listed and outlined; asking about root instead says it is reachable;
8. pastes --import-file (a dump or a design file) into the import box: POST /v1/import, the
   scene is drawn; a click on --import-view at --import-point lists why-not for it, with the
   cause --import-cause; then saves a screenshot.

Prints one line per check; exits 1 on the first failure (with the page's status line).
Uses only chromium and chromedriver from Debian's packages: no network, no driver download.
"""
import argparse
import sys
import re
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--screenshot", required=True)
    parser.add_argument("--audit-scene", required=True)
    parser.add_argument("--import-file", required=True)
    parser.add_argument("--import-view", required=True)
    parser.add_argument("--import-point", required=True, help="X,Y in window coordinates")
    parser.add_argument("--import-cause", required=True, help="KIND:VIEW, the first cause expected")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1100", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    try:
        run(driver, args)
    except Exception as error:  # report what the page said, then fail
        try:
            print("page status:", driver.find_element(By.ID, "status").text)
            driver.save_screenshot(args.screenshot)
            print("screenshot (failure):", args.screenshot)
        except Exception:
            pass
        print("FAILED:", error)
        sys.exit(1)
    finally:
        driver.quit()


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok -", what)


def wait(driver, predicate, what, timeout=20):
    WebDriverWait(driver, timeout).until(lambda d: predicate(d), message=what)


def picture_ready(driver):
    return driver.execute_script("const s = document.querySelector('#picture svg'); return !!(s && s.querySelector('.tt-view'));")


def click_at(driver, x, y, drag_to=None):
    """A real pointer press at window point (x, y) of the picture (and a drag to drag_to)."""
    def client(px, py):
        return driver.execute_script(
            "const svg = document.querySelector('#picture svg');"
            "const p = new DOMPoint(arguments[0], arguments[1]).matrixTransform(svg.getScreenCTM());"
            "return [p.x, p.y];", px, py)
    # Scroll the point into view first (the picture's box, then the page), so that its
    # viewport coordinates are on screen.
    driver.execute_script(
        "const svg = document.querySelector('#picture svg');"
        "const stage = document.getElementById('stage');"
        "const at = () => new DOMPoint(arguments[0], arguments[1]).matrixTransform(svg.getScreenCTM());"
        "const r = stage.getBoundingClientRect(); let p = at();"
        "stage.scrollBy(p.x - (r.left + r.width / 2), p.y - (r.top + r.height / 2));"
        "p = at(); window.scrollBy(p.x - window.innerWidth / 2, p.y - window.innerHeight / 2);", x, y)
    cx, cy = client(x, y)
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(round(cx)), int(round(cy)))
    actions.pointer_action.pointer_down()
    if drag_to is not None:
        dx, dy = client(*drag_to)
        actions.pointer_action.move_to_location(int(round(dx)), int(round(dy)))
    actions.pointer_action.pointer_up()
    actions.perform()


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def run(driver, args):
    driver.get(args.url + "/?scene=map")
    wait(driver, picture_ready, "the picture of the stored scene appears")
    check(driver.execute_script("return document.querySelectorAll('#picture .tt-view').length") == 5,
          "the picture shows the scene's 5 views")
    check(driver.execute_script(
        "return [...document.querySelectorAll('#stored-scenes option')].some(o => o.value === 'map')"),
        "the stored scene is in the picker")

    # 2. Click: hit test, steps, highlighted path.
    click_at(driver, 100, 300)
    wait(driver, lambda d: text(d, "hit-view") == "overlay", "the hit view is reported")
    check(text(driver, "hit-view") == "overlay", "hit view: overlay")
    check(text(driver, "hit-path") == "win › root › overlay", "path: win › root › overlay")
    steps = driver.find_elements(By.CSS_SELECTOR, "#hit-steps li")
    check(len(steps) >= 3 and steps[0].text.startswith("win: descend"), "the hit-test steps are listed beside the picture")
    marked = driver.execute_script(
        "return [...document.querySelectorAll('#picture .tt-on-path, #picture .tt-hit-view')].map(e => e.getAttribute('data-view'))")
    check(marked == ["win", "root", "overlay"], "the path is highlighted on the picture: %s" % marked)
    check(driver.execute_script(
        "return document.querySelector('#picture .tt-hit-view').getAttribute('data-view')") == "overlay",
        "the hit view is marked")
    check(driver.execute_script(
        "return !!document.querySelector('#picture .tt-probe[data-hit-view=\"overlay\"] .tt-path.tt-hit')"),
        "the server's picture marks the point and its hit view")
    check("a tap sends no action" in driver.execute_script("return document.querySelector('#picture .tt-legend').textContent"),
          "the picture's legend says the tap sends nothing")

    # 3. A tap on the locate button: the action and its target.
    click_at(driver, 330, 770)
    wait(driver, lambda d: text(d, "hit-view") == "locateButton", "the button is hit")
    wait(driver, lambda d: "locate: → mapVC" in text(d, "actions"), "the tap's action is listed")
    check("touchUpInside" in text(driver, "control-events"), "control events: touchDown … touchUpInside")

    # 4. A drag off the button.
    click_at(driver, 335, 780, drag_to=(335, 600))
    wait(driver, lambda d: "touchUpOutside" in text(d, "control-events"), "the drag's control events are listed")
    check("touchDragExit" in text(driver, "control-events"), "touchDragExit, then touchUpOutside")
    check("none" in text(driver, "actions"), "a drag off the button sends no action")

    # 5. Rotate the window.
    driver.find_element(By.ID, "rotate").click()
    wait(driver, lambda d: d.execute_script(
        "const w = document.querySelector('#picture .tt-window'); return w && w.getAttribute('data-width') === '844'"),
        "the window is drawn at 844×390 after a rotation")
    check(driver.find_element(By.ID, "window-width").get_attribute("value") == "844", "width 844 after the rotation")
    click_at(driver, 790, 330)
    wait(driver, lambda d: text(d, "hit-view") == "locateButton", "the button moved with its flexible margins")
    driver.find_element(By.ID, "reset").click()
    wait(driver, lambda d: d.execute_script(
        "const w = document.querySelector('#picture .tt-window'); return w && w.getAttribute('data-width') === '390'"),
        "back to 390×844")

    # 6. Paste a scene, audit it.
    with open(args.audit_scene, encoding="utf-8") as f:
        scene = f.read()
    driver.find_element(By.CSS_SELECTOR, "#paste summary").click()
    area = driver.find_element(By.ID, "scene-json")
    driver.execute_script("arguments[0].value = arguments[1];", area, scene)
    driver.find_element(By.ID, "show-audit").click()
    driver.find_element(By.ID, "use-json").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#findings li")) > 0, "the audit's findings are listed")
    findings = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#findings li")]
    check(any(f.startswith("error [targetSize]") for f in findings), "a targetSize finding: %s" % findings[:1])
    badges = driver.execute_script("return document.querySelectorAll('#picture .tt-finding-mark').length")
    check(badges == len(findings), "every finding is outlined and numbered on the picture (%d)" % badges)
    driver.find_element(By.ID, "show-audit").click()

    # Back to the map: the hit path again.
    driver.execute_script("const s = document.getElementById('stored-scenes'); s.value = 'map'; s.dispatchEvent(new Event('change'));")
    wait(driver, picture_ready, "the map again")
    wait(driver, lambda d: d.execute_script("return document.querySelectorAll('#picture .tt-view').length") == 5, "the map's views")
    click_at(driver, 100, 300)
    wait(driver, lambda d: text(d, "hit-view") == "overlay", "the overlay again")
    wait(driver, lambda d: d.execute_script("return !!document.querySelector('#picture .tt-hit-view')"), "the path again")

    # 7. Why not the map? The views under the pointer, the map asked about, its cause.
    wait(driver, lambda d: "map at (100, 300)" in text(d, "whynot-summary"), "why-not is asked for the map under the overlay")
    under = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#whynot-views button")]
    check(under[:2] == ["overlay", "map"] and "win" in under, "the views drawn under the pointer are listed, front-most first: %s" % under)
    check("not reachable" in text(driver, "whynot-summary"), "the map is not reachable there")
    causes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#whynot-causes li")]
    check(len(causes) == 1 and causes[0].startswith("coveredBy · overlay [H3]"), "its cause: covered by the overlay (H3): %s" % causes)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#whynot-fixes li")) == 1, "one fix is listed")
    marked = driver.execute_script(
        "return [...document.querySelectorAll('#picture .tt-cause, #picture .tt-asked')].map(e => e.getAttribute('data-view') + ':' + e.getAttribute('class'))")
    check(any(m.startswith("overlay:") and "tt-cause" in m for m in marked) and any(m.startswith("map:") and "tt-asked" in m for m in marked),
          "the overlay is outlined as the cause, the map as the view asked about: %s" % marked)
    driver.find_element(By.CSS_SELECTOR, "#whynot-views button[data-view='root']").click()
    wait(driver, lambda d: "root at (100, 300): reachable" in text(d, "whynot-summary"), "root is reachable (the overlay passes the touch up)")

    # 8. Import a dump or a design file and ask why-not in it.
    with open(args.import_file, encoding="utf-8") as f:
        dump = f.read()
    driver.find_element(By.CSS_SELECTOR, "#import summary").click()
    driver.execute_script("arguments[0].value = arguments[1];", driver.find_element(By.ID, "import-text"), dump)
    driver.find_element(By.ID, "import-button").click()
    wait(driver, lambda d: d.execute_script(
        "return !!document.querySelector('#picture .tt-view[data-view=\"' + arguments[0] + '\"]')", args.import_view),
        "the imported scene is drawn with %s" % args.import_view)
    check(text(driver, "import-warnings").startswith("Imported as"), "the import is reported: %s" % text(driver, "import-warnings").split("\n")[0])
    x, y = (float(v) for v in args.import_point.split(","))
    click_at(driver, x, y)
    kind, view = args.import_cause.split(":")
    wait(driver, lambda d: text(d, "whynot-summary").startswith(args.import_view + " at"), "why-not is asked for %s" % args.import_view)
    causes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#whynot-causes li")]
    check(any(c.startswith(kind + " · " + view + " [") for c in causes), "the imported scene's cause: %s %s in %s" % (kind, view, causes))

    # Numbers shown are rounded to 0.01 pt (README, "Pictures, and a playground"): the rule
    # itself, then every list the clicks above filled.
    rounded = driver.execute_script(
        "return window.touchtraceRoundedText('point (16.53333333333336, 2.5) in (0, 0, 100.125, -0.3333333)')")
    check(rounded == "point (16.53, 2.5) in (0, 0, 100.13, -0.33)", "long decimals are shown to 0.01 pt: %s" % rounded)
    shown = driver.execute_script(
        "return ['hit-summary', 'hit-steps', 'whynot-summary', 'whynot-causes', 'whynot-fixes', 'findings']"
        ".map(id => document.getElementById(id).textContent).join(' ')")
    check(re.search(r"\d\.\d{3,}", shown) is None, "no number on the page has more than two decimals")

    driver.execute_script("window.scrollTo(0, 0); document.getElementById('stage').scrollTo(0, 0);")
    time.sleep(0.3)
    driver.save_screenshot(args.screenshot)
    print("screenshot:", args.screenshot)
    for call in driver.execute_script("return window.playgroundCalls"):
        print("call:", call)


if __name__ == "__main__":
    main()
