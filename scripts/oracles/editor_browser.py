"""The browser editor driven in Debian's headless Chromium (selenium with the system
chromedriver) and Firefox ESR (Marionette) against a real `lumen serve` on a free port,
checked by tools we did not write: axe-core for accessible names, Pillow for the canvas
against the server's own preview, ffprobe for an exported movie.

usage: editor_browser.py LUMEN SAMPLES_DIR WORK_DIR   (LUMEN_EDITOR_DIR: the editor's files)

Prints one JSON object (the checks, the failures, the measured numbers); exits 1 when any
check fails.
"""
import io
import json
import math
import os
import subprocess
import sys
import time
import traceback

import requests
from PIL import Image, ImageChops, ImageStat
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import lumen_server

lumen, samples, work = (os.path.abspath(argument) for argument in sys.argv[1:4])
results = {"checks": [], "failures": [], "numbers": {}}


def check(name, ok, detail=""):
    results["checks"].append(name)
    if not ok:
        results["failures"].append(f"{name}: {detail}")
    return ok


def start(data, *options):
    # LUMEN_EDITOR_DIR: serve the editor's files from that folder (lumen serve --editor), to
    # test changes to them without rebuilding.
    folder = os.environ.get("LUMEN_EDITOR_DIR")
    return lumen_server.start(lumen, data, *options, *(["--editor", folder] if folder else []))


def browser(downloads, width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", f"--window-size={width},{height}",
                     "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "download.default_directory": downloads, "download.prompt_for_download": False,
        "intl.accept_languages": "en-US"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(180)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": downloads})
    return driver


def wait(driver, condition, what, seconds=30):
    """Polls `condition` (JavaScript returning a truthy value) until it holds."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = driver.execute_script(f"return {condition}")
        if value:
            return value
        time.sleep(0.02)
    raise TimeoutError(f"waited {seconds} s for {what} ({condition})")


def ready(driver, what, seconds=30):
    """The editor shows the preview of its latest document, nothing pending."""
    return wait(driver, "window.lumenEditor && window.lumenEditor.ready() && "
                "document.getElementById('canvas-image').dataset.state === 'ready'",
                what, seconds)


def editor_document(driver):
    return driver.execute_script("return JSON.parse(JSON.stringify(window.lumenEditor.document))")


def click(driver, selector):
    element = next(e for e in driver.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed())
    element.click()
    return element


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def psnr(a, b):
    difference = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mse = sum(v * v for v in ImageStat.Stat(difference).rms) / 3
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def open_photo(driver, path):
    driver.find_element(By.ID, "open-file").send_keys(path)
    return ready(driver, "the photo's first preview", 60)


def menu_items(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-menu-item]')].map(e => e.dataset.menuItem)")


def expected_menu(configuration):
    def name(item):
        if item == "separator":
            return "separator"
        return f"tool:{item['tool']}" if "tool" in item else f"action:{item['action']}"
    return [name(item) for item in configuration["menu"]]


def walk_the_full_editor(base, downloads):
    """Upload, slider, look, text layer dragged, undo/redo, export: as the issue lists."""
    driver = browser(downloads)
    try:
        driver.get(base + "/")
        wait(driver, "document.getElementById('canvas-image')", "the editor's page")
        configuration = requests.get(base + "/v1/editor/config").json()
        check("the menu shows exactly the configured items",
              menu_items(driver) == expected_menu(configuration), menu_items(driver))

        # coffee.jpg at twice its size, so that the canvas shows a preview scaled down, as
        # with any real photo (a browser and Pillow enlarge a small picture differently).
        large = os.path.join(work, "coffee-1200.jpg")
        with Image.open(os.path.join(samples, "coffee.jpg")) as photo:
            photo.resize((1200, 800), Image.LANCZOS).save(large, quality=95)
        open_photo(driver, large)
        state = driver.execute_script("return window.lumenEditor.documentId")
        check("opening a photo makes a document", bool(state))

        # A slider moved from the keyboard, as a keyboard user would.
        click(driver, '[data-tool="adjust"]')
        slider = driver.find_element(By.CSS_SELECTOR,
                                     'input[data-path="operations.adjustments.brightness"]')
        slider.send_keys(*([Keys.ARROW_RIGHT] * 5))
        ready(driver, "the brightness preview")
        brightness = editor_document(driver).get("operations", {}).get("adjustments", {}).get(
            "brightness", 0)
        check("a slider moved changes the document", brightness > 0, brightness)

        click(driver, '[data-tool="filter"]')
        wait(driver, "document.querySelector('[data-look=\"chrome\"]')", "the look chrome")
        driver.execute_script("document.querySelector('[data-look=\"chrome\"]').scrollIntoView()")
        click(driver, '[data-look="chrome"]')
        ready(driver, "the look's preview")
        look = editor_document(driver).get("operations", {}).get("look", {})
        check("a look applied is in the document", look.get("id") == "chrome", look)

        click(driver, '[data-tool="text"]')
        field = driver.find_element(By.ID, "text-content")
        field.clear()
        field.send_keys("Hello Lumen")
        click(driver, "#text-add")
        ready(driver, "the text layer's preview")
        layers = editor_document(driver).get("layers", [])
        text = next((layer for layer in layers if layer.get("kind") == "text"), None)
        check("a text layer is added", text is not None and text.get("text") == "Hello Lumen",
              layers)
        before_drag = (text or {}).get("transform", {}).get("x", 0.5)
        box = driver.find_element(By.CSS_SELECTOR, f'[data-layer-id="{(text or {}).get("id")}"]')
        ActionChains(driver).move_to_element(box).click_and_hold().move_by_offset(40, 10) \
            .move_by_offset(40, 10).release().perform()
        ready(driver, "the dragged layer's preview")
        dragged = next(layer for layer in editor_document(driver)["layers"]
                       if layer.get("id") == text.get("id"))
        after_drag = dragged.get("transform", {}).get("x", 0.5)
        check("dragging a layer moves it", after_drag > before_drag + 0.05,
              f"{before_drag} -> {after_drag}")

        click(driver, '[data-action="undo"]')
        ready(driver, "the undone preview")
        undone = next((layer for layer in editor_document(driver).get("layers", [])
                       if layer.get("id") == text.get("id")), {})
        check("undo puts the layer back", abs(undone.get("transform", {}).get("x", 0.5)
                                              - before_drag) < 1e-9, undone)
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z") \
            .key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        ready(driver, "the redone preview")
        redone = next((layer for layer in editor_document(driver).get("layers", [])
                       if layer.get("id") == text.get("id")), {})
        check("Ctrl+Shift+Z redoes", abs(redone.get("transform", {}).get("x", 0.5)
                                         - after_drag) < 1e-9, redone)

        # A colour chosen and undone: the layer and its swatch go back to white.
        click(driver, '#tool-panel .color-field[data-path$=".color"] .swatch[title="#e53935"]')
        ready(driver, "the red text's preview")
        red = next(layer for layer in editor_document(driver)["layers"]
                   if layer.get("id") == text.get("id")).get("color")
        check("a swatch colours the text", red is not None and red[0] > 0.85 and red[1] < 0.3, red)
        click(driver, '[data-action="undo"]')
        ready(driver, "the white text's preview")
        pressed = driver.execute_script(
            "const s = document.querySelector('#tool-panel .color-field[data-path$=\".color\"]"
            " .swatch[aria-pressed=\"true\"]'); return s && s.title")
        check("undo shows the colour it restores", pressed == "#ffffff", pressed)

        # A text design's handles fit it as the server draws it (its measure of the box; the
        # editor cannot know a design's height from its text).
        click(driver, '[data-tool="textDesign"]')
        click(driver, "#design-add")
        ready(driver, "the text design's preview")
        design = next(layer for layer in editor_document(driver)["layers"]
                      if layer.get("kind") == "textDesign")
        document_id = driver.execute_script("return window.lumenEditor.documentId")
        drawn = next(box for box in requests.get(
            f"{base}/v1/documents/{document_id}/layers").json()["layers"]
            if box["id"] == design["id"])
        fits = (f"(() => {{ const b = document.querySelector('[data-layer-id=\"{design['id']}\"]');"
                "const s = document.getElementById('canvas-image').getBoundingClientRect();"
                "const side = Math.min(s.width, s.height);"
                f"return Math.abs(b.offsetWidth - {drawn['width']} * side) <= 1.5 && "
                f"Math.abs(b.offsetHeight - {drawn['height']} * side) <= 1.5; }})()")
        try:
            wait(driver, fits, "the design's handles to fit it", 10)
            fitted = True
        except TimeoutError:
            fitted = driver.execute_script(
                f"const b = document.querySelector('[data-layer-id=\"{design['id']}\"]');"
                "return [b.offsetWidth, b.offsetHeight]")
        check("a text design's handles fit it as drawn", fitted is True, (fitted, drawn))

        # The canvas against the server's preview of the same document: Escape leaves the
        # layer, so that no handle covers the picture.
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        wait(driver, "!document.querySelector('.handle-scale, .handle-rotate')",
             "the layer's handles to go")
        image = driver.find_element(By.ID, "canvas-image")
        shown = Image.open(io.BytesIO(image.screenshot_as_png)).convert("RGB")
        document_id = driver.execute_script("return window.lumenEditor.documentId")
        natural = driver.execute_script(
            "const i = document.getElementById('canvas-image');"
            "return Math.max(i.naturalWidth, i.naturalHeight)")
        served = Image.open(io.BytesIO(requests.get(
            f"{base}/v1/documents/{document_id}/preview",
            params={"size": natural, "format": "webp"}).content)).convert("RGB")
        served.save(os.path.join(work, "canvas-natural.png"))
        served = served.resize(shown.size, Image.LANCZOS)
        shown.save(os.path.join(work, "canvas-shown.png"))
        served.save(os.path.join(work, "canvas-served.png"))
        agreement = psnr(shown, served)
        results["numbers"]["canvas_psnr_db"] = round(agreement, 2)
        check("the canvas shows the server's preview (PSNR >= 35 dB)", agreement >= 35,
              f"{agreement:.2f} dB")

        # Export: the download equals the server's export of the saved document.
        for name in os.listdir(downloads):
            os.remove(os.path.join(downloads, name))
        click(driver, '[data-command="export"]')
        driver.execute_script(
            "const s = document.getElementById('export-format'); s.value = 'jpeg';"
            "s.dispatchEvent(new Event('change', {bubbles: true}));")
        quality = int(driver.find_element(By.ID, "export-quality").get_attribute("value"))
        size_field = driver.find_element(By.ID, "export-size").get_attribute("value")
        click(driver, "#export-start")
        deadline = time.time() + 120
        downloaded = []
        while time.time() < deadline:
            downloaded = [n for n in os.listdir(downloads)
                          if n.endswith(".jpg") or n.endswith(".jpeg")]
            if downloaded and not any(n.endswith(".crdownload") for n in os.listdir(downloads)):
                break
            time.sleep(0.1)
        if check("the export downloads a JPEG", bool(downloaded), os.listdir(downloads)):
            body = {"document": document_id, "format": "jpeg", "encoding": {"quality": quality}}
            if size_field:
                body["previewLongSide"] = int(size_field)
            job = requests.post(base + "/v1/jobs", json=body).json()
            for _ in range(600):
                state = requests.get(f"{base}/v1/jobs/{job['id']}").json()
                if state["state"] in ("done", "failed", "cancelled"):
                    break
                time.sleep(0.1)
            served = requests.get(f"{base}/v1/jobs/{job['id']}/output").content
            with open(os.path.join(downloads, downloaded[0]), "rb") as file:
                mine = file.read()
            check("the download is the server's export of the saved document", mine == served,
                  f"{len(mine)} vs {len(served)} bytes")

        # Every control has an accessible name: axe-core's rules for names, those its version
        # knows (the run is refused, not skipped, if a rule named is unknown).
        axe = Axe(driver)
        axe.inject()
        known = set(driver.execute_script("return axe.getRules().map(r => r.ruleId)"))
        rules = sorted(known & {
            "button-name", "input-button-name", "label", "select-name", "link-name",
            "aria-input-field-name", "aria-toggle-field-name", "image-alt", "svg-img-alt",
            "aria-command-name"})
        report = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'rule', values: arguments[0]}})"
            ".then(r => done({violations: r.violations, passes: r.passes.length}),"
            "      e => done({error: String(e)}));", rules)
        check("axe-core runs", "error" not in report, report.get("error"))
        unnamed = [f"{v['id']}: {n['target']}" for v in report.get("violations", [])
                   for n in v["nodes"]]
        check("every control has an accessible name (axe-core)", not unnamed, unnamed[:10])
        results["numbers"]["axe"] = {"version": driver.execute_script("return axe.version"),
                                     "rules": rules, "passed": report.get("passes")}

        errors = console_errors(driver)
        check("no console errors", not errors, errors[:5])
    finally:
        driver.quit()


def each_example_configuration(downloads):
    for name in ["full", "profile-picture", "story"]:
        path = os.path.join(samples, "editor", f"{name}.json")
        server, base = start(os.path.join(work, f"config-{name}"), "--config", path)
        driver = browser(downloads)
        try:
            driver.get(base + "/")
            wait(driver, "document.querySelector('#canvas-image')", "the editor's page")
            configuration = requests.get(base + "/v1/editor/config").json()
            wait(driver, "document.querySelectorAll('[data-menu-item]').length > 0", "the menu")
            check(f"{name}: the menu shows exactly its items",
                  menu_items(driver) == expected_menu(configuration), menu_items(driver))
            if name == "profile-picture":
                open_photo(driver, os.path.join(samples, "coffee.jpg"))
                click(driver, '[data-tool="transform"]')
                aspects = driver.execute_script(
                    "return [...document.querySelectorAll('[data-aspect]')].map(e => e.dataset.aspect)")
                check("the forced crop offers no other ratio", set(aspects) <= {"1:1"}, aspects)
                for selector in ['[data-aspect="free"]', '[data-aspect="16:9"]']:
                    driver.execute_script(
                        f"const e = document.querySelector('{selector}'); if (e) e.click()")
                ready(driver, "the cropped preview")
                crop = editor_document(driver).get("operations", {}).get("crop", {})
                check("the forced crop stays 1:1",
                      crop.get("aspect") == "1:1" and crop.get("forcesAspect") is True, crop)
                document_id = driver.execute_script("return window.lumenEditor.documentId")
                preview = Image.open(io.BytesIO(requests.get(
                    f"{base}/v1/documents/{document_id}/preview", params={"size": 512}).content))
                check("the forced crop renders a square",
                      abs(preview.width - preview.height) <= 1, preview.size)
                # A document made elsewhere without a crop takes the forced one when opened,
                # and undo does not go back past it.
                upload = requests.post(base + "/v1/uploads", data=open(
                    os.path.join(samples, "chelsea.jpg"), "rb").read()).json()["id"]
                made = requests.post(base + "/v1/documents", json={"upload": upload, "document": {
                    "formatIdentifier": "org.lumen.edit", "formatVersion": 4}}).json()["id"]
                driver.get(f"{base}/#doc={made}")
                wait(driver, f"window.lumenEditor && window.lumenEditor.documentId === '{made}'",
                     "the document made elsewhere")
                ready(driver, "its forced crop")
                for _ in range(3):
                    click(driver, '[data-action="undo"]')
                ready(driver, "after undo")
                crop = editor_document(driver).get("operations", {}).get("crop", {})
                check("a document opened later is held to the forced crop, past undo",
                      crop.get("aspect") == "1:1" and crop.get("forcesAspect") is True, crop)
            errors = console_errors(driver)
            check(f"{name}: no console errors", not errors, errors[:5])
        finally:
            driver.quit()
            lumen_server.stop(server)


def wait_for_download(downloads, suffixes, seconds=180):
    deadline = time.time() + seconds
    while time.time() < deadline:
        names = os.listdir(downloads)
        done = [n for n in names if n.endswith(suffixes)]
        if done and not any(n.endswith(".crdownload") for n in names):
            return os.path.join(downloads, done[0])
        time.sleep(0.1)
    return None


def edit_a_video(base, downloads):
    """A clip: its timeline's thumbnails, a scrubbed frame, an exported movie (ffprobe)."""
    for name in os.listdir(downloads):
        os.remove(os.path.join(downloads, name))
    driver = browser(downloads)
    try:
        driver.get(base + "/")
        open_photo(driver, os.path.join(samples, "demo", "coffee-clip.mp4"))
        thumbnails = wait(driver, "document.querySelectorAll('.thumbs img').length",
                          "the timeline's thumbnails")
        check("a video shows a timeline of thumbnails", thumbnails >= 2, thumbnails)
        driver.execute_script(
            "const p = document.querySelector('.playhead'); p.value = 1;"
            "p.dispatchEvent(new Event('input', {bubbles: true}));"
            "p.dispatchEvent(new Event('change', {bubbles: true}));")
        ready(driver, "the frame at 1 s")
        # Play from the start: the play head follows the clock and stops at the clip's end.
        driver.execute_script(
            "const p = document.querySelector('.playhead'); p.value = 0;"
            "p.dispatchEvent(new Event('input', {bubbles: true}));")
        ready(driver, "the first frame")
        play = driver.find_element(By.CSS_SELECTOR, '.timeline-controls button[aria-label="Play"]')
        play.click()
        time.sleep(1.0)
        moved = float(driver.find_element(By.CSS_SELECTOR, ".playhead").get_attribute("value"))
        check("playing moves the play head with the clock", 0.4 <= moved <= 1.6, moved)
        wait(driver, "document.querySelector('.timeline-controls button[aria-label=\"Play\"]')",
             "the end of playing", 10)
        ended = float(driver.find_element(By.CSS_SELECTOR, ".playhead").get_attribute("value"))
        check("playing stops at the clip's end", ended >= 1.9, ended)
        click(driver, '[data-command="export"]')
        formats = driver.execute_script(
            "return [...document.querySelectorAll('#export-format option')].map(o => o.value)")
        check("a video exports movies", "mp4" in formats, formats)
        driver.execute_script(
            "const s = document.getElementById('export-format'); s.value = 'mp4';"
            "s.dispatchEvent(new Event('change', {bubbles: true}));")
        click(driver, "#export-start")
        movie = wait_for_download(downloads, (".mp4",))
        if check("the exported movie downloads", movie is not None, os.listdir(downloads)):
            probe = json.loads(subprocess.run(
                ["ffprobe", "-v", "error", "-show_entries", "format=duration:stream=codec_type",
                 "-of", "json", movie], capture_output=True, text=True).stdout or "{}")
            duration = float(probe.get("format", {}).get("duration", 0))
            check("ffprobe reads the whole clip from the download", abs(duration - 2.0) < 0.1,
                  probe)
        errors = console_errors(driver)
        check("video: no console errors", not errors, errors[:5])
    finally:
        driver.quit()


def in_firefox(base):
    """The same editor in Debian's Firefox ESR, driven through Marionette (Mozilla's own
    client; Debian has no geckodriver): open, a slider from the keyboard, a text layer added,
    dragged and the drag undone, the canvas against the server's preview, no page errors."""
    from marionette_driver.by import By as FirefoxBy
    from marionette_driver.marionette import Marionette

    log = os.path.join(work, "firefox.log")
    firefox = Marionette(bin="/usr/bin/firefox-esr", headless=True, gecko_log=log,
                         prefs={"devtools.console.stdout.content": True})
    editor = "window.wrappedJSObject.lumenEditor"

    def until(condition, what, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if firefox.execute_script(f"return !!({condition})"):
                return
            time.sleep(0.05)
        raise TimeoutError(f"Firefox: waited {seconds} s for {what}")

    def settled(what):
        until(f"{editor} && {editor}.ready() && document.getElementById('canvas-image')"
              ".dataset.state === 'ready'", what)

    def document_now():
        return json.loads(firefox.execute_script(f"return JSON.stringify({editor}.document)"))

    firefox.start_session()
    try:
        firefox.set_window_rect(width=1280, height=900)
        firefox.navigate(base + "/")
        until("document.querySelectorAll('[data-menu-item]').length > 0", "the menu")
        # The page's console errors and uncaught errors from here on (those of loading it are
        # in the log, with the script's address).
        firefox.execute_script("""
            const root = document.documentElement;
            const record = (text) => {
              const list = JSON.parse(root.dataset.testErrors || '[]');
              list.push(String(text));
              root.dataset.testErrors = JSON.stringify(list);
            };
            const log = console.error.bind(console);
            console.error = (...a) => { record(a.join(' ')); log(...a); };
            addEventListener('error', (e) => record(e.message));
            addEventListener('unhandledrejection', (e) => record(e.reason));
        """, sandbox=None)
        if firefox.execute_script("console.error('probe'); return 1", sandbox=None) != 1 or \
                "probe" not in firefox.execute_script(
                    "return document.documentElement.dataset.testErrors || ''"):
            check("Firefox: the page's console errors are watched", False, "the probe was not seen")
        firefox.execute_script("delete document.documentElement.dataset.testErrors",
                               sandbox=None)
        configuration = requests.get(base + "/v1/editor/config").json()
        shown = firefox.execute_script(
            "return [...document.querySelectorAll('[data-menu-item]')].map(e => e.dataset.menuItem)")
        check("Firefox: the menu shows exactly the configured items",
              shown == expected_menu(configuration), shown)
        firefox.find_element(FirefoxBy.ID, "open-file").send_keys(
            os.path.join(samples, "chelsea.jpg"))
        settled("the photo's first preview")
        firefox.find_element(FirefoxBy.CSS_SELECTOR, '#menu [data-tool="adjust"]').click()
        slider = firefox.find_element(FirefoxBy.CSS_SELECTOR,
                                      'input[data-path="operations.adjustments.contrast"]')
        slider.send_keys("\ue014" * 4)  # WebDriver's ArrowRight
        settled("the contrast preview")
        contrast = document_now().get("operations", {}).get("adjustments", {}).get("contrast", 0)
        check("Firefox: a slider moved from the keyboard changes the document", contrast > 0,
              contrast)
        firefox.find_element(FirefoxBy.CSS_SELECTOR, '#menu [data-tool="text"]').click()
        firefox.find_element(FirefoxBy.ID, "text-add").click()
        settled("the text layer")
        layer = next(l for l in document_now()["layers"] if l["kind"] == "text")
        before = layer.get("transform", {}).get("x", 0.5)
        box = firefox.find_element(FirefoxBy.CSS_SELECTOR, f'[data-layer-id="{layer["id"]}"]')
        drag = firefox.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
        drag.pointer_move(0, 0, origin=box).pointer_down() \
            .pointer_move(80, 20, duration=150, origin="pointer").pointer_up().perform()
        settled("the dragged layer")
        after = next(l for l in document_now()["layers"] if l["id"] == layer["id"]) \
            .get("transform", {}).get("x", 0.5)
        check("Firefox: dragging a layer moves it", after > before + 0.05, f"{before} -> {after}")
        firefox.find_element(FirefoxBy.CSS_SELECTOR, '[data-action="undo"]').click()
        settled("the undone drag")
        undone = next(l for l in document_now()["layers"] if l["id"] == layer["id"]) \
            .get("transform", {}).get("x", 0.5)
        check("Firefox: undo puts the layer back", abs(undone - before) < 1e-9, undone)
        firefox.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', "
                               "{key: 'Escape', bubbles: true}))")
        until("!document.querySelector('.handle-scale, .handle-rotate')", "the handles to go")
        image = firefox.find_element(FirefoxBy.ID, "canvas-image")
        canvas = Image.open(io.BytesIO(firefox.screenshot(element=image, format="binary")))
        natural = firefox.execute_script(
            "const i = document.getElementById('canvas-image');"
            "return Math.max(i.naturalWidth, i.naturalHeight)")
        document_id = firefox.execute_script(f"return {editor}.documentId")
        served = Image.open(io.BytesIO(requests.get(
            f"{base}/v1/documents/{document_id}/preview",
            params={"size": natural, "format": "webp"}).content)).convert("RGB")
        agreement = psnr(canvas.convert("RGB"), served.resize(canvas.size, Image.BILINEAR))
        results["numbers"]["firefox_canvas_psnr_db"] = round(agreement, 2)
        check("Firefox: the canvas shows the server's preview (PSNR >= 35 dB)", agreement >= 35,
              f"{agreement:.2f} dB")
        errors = json.loads(firefox.execute_script(
            "return document.documentElement.dataset.testErrors || '[]'"))
    finally:
        firefox.delete_session()
        firefox.cleanup()
    with open(log, errors="replace") as file:
        errors += [line.strip() for line in file if "JavaScript error" in line and base in line]
    check("Firefox: no page errors", not errors, errors[:5])


def at_phone_width(base, downloads):
    driver = browser(downloads, 360, 740)
    try:
        # Headless windows are at least 500 px wide: a phone's screen is emulated instead.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
        driver.get(base + "/")
        width = driver.execute_script("return document.documentElement.clientWidth")
        check("the page is laid out 360 px wide", width == 360, width)
        open_photo(driver, os.path.join(samples, "chelsea.jpg"))
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check("at 360 px nothing spills sideways", overflow <= 0, f"{overflow} px")
        image = driver.find_element(By.ID, "canvas-image")
        check("at 360 px the canvas shows", image.size["width"] > 200, image.size)
        menu = driver.find_element(By.ID, "menu")
        check("at 360 px the menu shows", menu.is_displayed())
        errors = console_errors(driver)
        check("at 360 px no console errors", not errors, errors[:5])
    finally:
        driver.quit()


def run(phase, *arguments):
    """One phase; an exception (a control missing, a wait timed out) is its failure."""
    try:
        phase(*arguments)
    except Exception as error:  # noqa: BLE001 - any failure of a phase is reported, not raised
        traceback.print_exc()
        check(f"{phase.__name__} runs to its end", False, f"{type(error).__name__}: "
              f"{str(error).splitlines()[0] if str(error) else ''}")


downloads = os.path.join(work, "downloads")
os.makedirs(downloads, exist_ok=True)
server, base = start(os.path.join(work, "data"))
try:
    run(walk_the_full_editor, base, downloads)
    run(at_phone_width, base, downloads)
    run(edit_a_video, base, downloads)
    run(in_firefox, base)
finally:
    lumen_server.stop(server)
run(each_example_configuration, downloads)
print(json.dumps(results, indent=1))
sys.exit(1 if results["failures"] else 0)
