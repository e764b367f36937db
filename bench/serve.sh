#!/usr/bin/env bash
# The HTTP service over loopback: start-up and idle RSS, a 24 MP upload, and the warm preview
# after a slider change (a PUT of the document, then its 1280 px WebP preview), timed from
# Python requests on one kept-alive connection; then wrk against the preview while an export
# job after another runs (full-size exports, back to back), with the server's peak RSS
# against its --memory budget. Not part of the tests.
#
#   bench/serve.sh            RUNS=25 previews, DURATION=60 s of wrk, MEMORY=1024 MB
RUNS=${RUNS:-25}
source "$(dirname "$0")/common.sh"

scripts/setup.sh --oracles
[ -s "$MEDIA/photo24.jpg" ] || VIDEOS=none MEDIA=$MEDIA "$SHARED/make-media.sh" >/dev/null
build_release lumen lumen-server
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
"$ROOT/.venv-oracle/bin/python" - "$ROOT/.build/release/lumen" "$MEDIA/photo24.jpg" "$OUT/serve-data" "$RUNS" "${DURATION:-60}" "${MEMORY:-1024}" <<'PY'
import re, shutil, statistics, subprocess, sys, threading, time
import requests

lumen, photo, data, runs, duration, memory = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
shutil.rmtree(data, ignore_errors=True)
start = time.perf_counter()
server = subprocess.Popen([lumen, "serve", "--listen", "127.0.0.1:0", "--data", data,
                           "--memory", str(memory)], stdout=subprocess.PIPE)
port = re.search(r":(\d+) ", server.stdout.readline().decode()).group(1)
base = f"http://127.0.0.1:{port}"
http = requests.Session()
http.get(f"{base}/healthz")
print(f"start-up to the first answer: {(time.perf_counter() - start) * 1000:.0f} ms")

def rss():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith(("VmRSS", "VmHWM")):
            yield line.split()[0][:-1], int(line.split()[1]) / 1024

print("idle: " + ", ".join(f"{k} {v:.1f} MB" for k, v in rss()))
t = time.perf_counter()
upload = http.post(f"{base}/v1/uploads", data=open(photo, "rb").read()).json()
print(f"upload of {upload['width']}x{upload['height']} ({upload['bytes'] / 1e6:.1f} MB): "
      f"{(time.perf_counter() - t) * 1000:.0f} ms")
doc = {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
       "operations": {"adjustments": {"contrast": 0.1, "saturation": 0.2},
                      "look": {"id": "chrome", "intensity": 0.8}}}
created = http.post(f"{base}/v1/documents", json={"upload": upload["id"], "document": doc})
doc_id, etag = created.json()["id"], created.headers["ETag"]
t = time.perf_counter()
http.get(f"{base}/v1/documents/{doc_id}/preview", params={"size": 1280, "format": "webp"})
print(f"first preview (decode at reduced scale, look): {(time.perf_counter() - t) * 1000:.0f} ms")
previews, saves, timings = [], [], []
for run in range(runs):
    doc["operations"]["adjustments"]["contrast"] = 0.1 + 0.02 * (run % 20)
    t = time.perf_counter()
    saved = http.put(f"{base}/v1/documents/{doc_id}", json={"upload": upload["id"], "document": doc},
                     headers={"If-Match": etag})
    etag = saved.headers["ETag"]
    saves.append(time.perf_counter() - t)
    t = time.perf_counter()
    reply = http.get(f"{base}/v1/documents/{doc_id}/preview", params={"size": 1280, "format": "webp"})
    previews.append(time.perf_counter() - t)
    assert reply.status_code == 200
    timings.append(dict((part.split(";dur=")[0].strip(), float(part.split(";dur=")[1]))
                        for part in reply.headers["Server-Timing"].split(",")))
print(f"slider change: save median {statistics.median(saves) * 1000:.1f} ms, warm preview median "
      f"{statistics.median(previews) * 1000:.1f} ms (min {min(previews) * 1000:.1f}, "
      f"max {max(previews) * 1000:.1f}, {runs} runs); in the server (Server-Timing medians): "
      + ", ".join(f"{k} {statistics.median(t[k] for t in timings):.1f} ms" for k in timings[0]))
jpeg = []
for run in range(runs):
    doc["operations"]["adjustments"]["contrast"] = 0.1 + 0.02 * (run % 20)
    etag = http.put(f"{base}/v1/documents/{doc_id}", json={"upload": upload["id"], "document": doc},
                    headers={"If-Match": etag}).headers["ETag"]
    t = time.perf_counter()
    assert http.get(f"{base}/v1/documents/{doc_id}/preview",
                    params={"size": 1280, "format": "jpeg"}).status_code == 200
    jpeg.append(time.perf_counter() - t)
print(f"the same as JPEG (quality 85): warm preview median {statistics.median(jpeg) * 1000:.1f} ms")
print("after: " + ", ".join(f"{k} {v:.1f} MB" for k, v in rss()))
# Load: wrk on the preview (32 connections) while full-size exports run one after another.
loading = True
exports = []

def export_continuously():
    jobs = requests.Session()
    while loading:
        job = jobs.post(f"{base}/v1/jobs", json={"document": doc_id, "format": "jpeg"}).json()
        while jobs.get(f"{base}/v1/jobs/{job['id']}").json()["state"] in ("queued", "running"):
            time.sleep(0.05)
        exports.append(jobs.get(f"{base}/v1/jobs/{job['id']}").json()["state"])

exporter = threading.Thread(target=export_continuously)
exporter.start()
wrk = subprocess.run(["wrk", "-t2", "-c32", f"-d{duration}s", "--latency",
                      f"{base}/v1/documents/{doc_id}/preview?size=1280&format=jpeg"],
                     capture_output=True, text=True).stdout
loading = False
exporter.join()
print(f"wrk, 32 connections, {duration} s, preview (JPEG) while {len(exports)} full-size exports "
      f"ran back to back ({exports.count('done')} done):")
for line in wrk.splitlines():
    if any(key in line for key in ("Requests/sec", "50%", "99%", "Socket errors", "Non-2xx", "requests in")):
        print("  " + line.strip())
if "Socket errors" not in wrk and "Non-2xx" not in wrk:
    print("  errors: none (no socket errors, no non-2xx answers)")
peak = dict(rss())["VmHWM"]
print("after load: " + ", ".join(f"{k} {v:.1f} MB" for k, v in rss())
      + f"; peak {peak:.0f} MB of the {memory} MB budget ({'within' if peak <= memory else 'OVER'})")
server.terminate()
server.wait()
PY
