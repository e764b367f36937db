"""bench/editor.sh's measurements (see there); prints one line per figure."""
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

lumen, photo, work, opens, runs, editor = sys.argv[1:7]
opens, runs = int(opens), int(runs)
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)

size = sum(os.path.getsize(os.path.join(folder, name))
           for folder, _, names in os.walk(editor) for name in names
           if name.endswith((".js", ".css")))
print(f"editor JavaScript + CSS: {size / 1024:.1f} KB (limit 300 KB)")

server = subprocess.Popen([lumen, "serve", "--listen", "127.0.0.1:0", "--data", f"{work}/data"],
                          stdout=subprocess.PIPE)
base = "http://127.0.0.1:" + re.search(r":(\d+) ", server.stdout.readline().decode()).group(1)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900", "--force-device-scale-factor=1"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
READY = ("return window.lumenEditor && window.lumenEditor.ready() && "
         "document.getElementById('canvas-image').dataset.state === 'ready'")


def wait_ready(seconds=60):
    deadline = time.time() + seconds
    while not driver.execute_script(READY):
        if time.time() > deadline:
            raise TimeoutError("the editor never became ready")
        time.sleep(0.005)


try:
    first = []
    for _ in range(opens):
        driver.get(base + "/")
        driver.execute_script("return document.readyState")
        field = driver.find_element(By.ID, "open-file")
        # The page's clock from the file's change event to the first preview's load event.
        driver.execute_script("""
            window.__opened = null; window.__shown = null;
            document.getElementById('open-file').addEventListener('change',
                () => { window.__opened = performance.now(); }, {capture: true, once: true});
            document.getElementById('canvas-image').addEventListener('load',
                () => { if (window.__shown === null) window.__shown = performance.now(); });
        """)
        field.send_keys(photo)
        wait_ready()
        first.append(driver.execute_script("return window.__shown - window.__opened"))
    print(f"24 MP photo chosen -> first canvas: median {statistics.median(first):.0f} ms "
          f"(of {opens}: {', '.join(f'{t:.0f}' for t in first)}; limit 1500 ms)")

    driver.find_element(By.CSS_SELECTOR, '[data-tool="adjust"]').click()
    slider = driver.find_element(By.CSS_SELECTOR,
                                 'input[data-path="operations.adjustments.contrast"]')
    driver.execute_script("""
        window.__input = null; window.__latencies = [];
        arguments[0].addEventListener('input', () => { window.__input = performance.now(); });
        document.getElementById('canvas-image').addEventListener('load', () => {
            if (window.__input !== null) {
                window.__latencies.push(performance.now() - window.__input);
                window.__input = null;
            }
        });
    """, slider)
    for i in range(runs):
        slider.send_keys(Keys.ARROW_RIGHT if i % 10 < 5 else Keys.ARROW_LEFT)
        wait_ready()
    latencies = driver.execute_script("return window.__latencies")
    print(f"slider input -> preview shown: median {statistics.median(latencies):.0f} ms, "
          f"p90 {sorted(latencies)[int(len(latencies) * 0.9) - 1]:.0f} ms "
          f"(of {len(latencies)}; limit 100 ms)")
finally:
    driver.quit()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=60)
