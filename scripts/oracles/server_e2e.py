"""The HTTP service driven from outside: schemathesis against its /openapi.json, then Python
requests through the README's flow, each against a real `lumen serve` on a free port.

usage: server_e2e.py LUMEN SAMPLES_DIR WORK_DIR

Prints one JSON object: the schemathesis summary (generated cases, failures) and the
end-to-end checks; exits 1 when any fails.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

import requests

import lumen_server

lumen, samples, work = sys.argv[1], sys.argv[2], sys.argv[3]
results = {"checks": [], "failures": []}


def check(name, ok, detail=""):
    results["checks"].append(name)
    if not ok:
        results["failures"].append(f"{name}: {detail}")


def start(data, *options):
    return lumen_server.start(lumen, data, *options)


# schemathesis: no 5xx, every answer as the document says (status, type, headers, schema).
server, base = start(os.path.join(work, "schemathesis"))
run = subprocess.run(
    [os.path.join(os.path.dirname(sys.executable), "st"), "run", f"{base}/openapi.json",
     "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
     "response_schema_conformance,response_headers_conformance",
     "--max-examples", "60", "--seed", "1", "--no-color"],
    capture_output=True, text=True)
generated = re.search(r"(\d+) generated", run.stdout)
results["schemathesis"] = {
    "generated": int(generated.group(1)) if generated else 0,
    "exit": run.returncode,
    "summary": run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-400:],
}
check("schemathesis passes", run.returncode == 0, run.stdout[-2000:])
check("schemathesis generates at least 1000 requests",
      results["schemathesis"]["generated"] >= 1000, str(results["schemathesis"]["generated"]))
check("the server survives schemathesis", lumen_server.stop(server) == 128 + signal.SIGTERM)

# The README's flow with requests.
server, base = start(os.path.join(work, "e2e"))
photo_path = os.path.join(samples, "coffee.jpg")
photo = open(photo_path, "rb").read()
upload = requests.post(f"{base}/v1/uploads", data=photo)
check("upload", upload.status_code == 201, upload.text)
upload_id = upload.json()["id"]
check("upload content round-trips",
      requests.get(f"{base}/v1/uploads/{upload_id}/content").content == photo)
document = {"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
            "operations": {"adjustments": {"contrast": 0.25, "saturation": -0.3},
                           "look": {"id": "chrome", "intensity": 0.7}}}
created = requests.post(f"{base}/v1/documents", json={"upload": upload_id, "document": document})
check("document created", created.status_code == 201 and created.headers.get("ETag") == '"1"',
      created.text)
doc_id = created.json()["id"]
preview = requests.get(f"{base}/v1/documents/{doc_id}/preview", params={"size": 320, "format": "png"})
check("preview", preview.status_code == 200 and preview.headers["Content-Type"] == "image/png",
      preview.text[:300])
check("the preview says where its time went",
      re.fullmatch(r"render;dur=[\d.]+, encode;dur=[\d.]+", preview.headers.get("Server-Timing", "")),
      preview.headers.get("Server-Timing"))


def lumen_edit(folder, output, options):
    """`lumen edit` of the sample photo through `document` into `folder`/`output`."""
    doc_file = os.path.join(folder, "doc.json")
    json.dump(document, open(doc_file, "w"))
    path = os.path.join(folder, output)
    subprocess.run([lumen, "edit", photo_path, "--doc", doc_file, *options, "-o", path], check=True)
    return path


# The same preview from the command line: the same document, the same pixels.
with tempfile.TemporaryDirectory(dir=work) as folder:
    cli_out = lumen_edit(folder, "cli.png", ["--preview", "320"])
    served = os.path.join(folder, "served.png")
    open(served, "wb").write(preview.content)
    from PIL import Image
    a, b = Image.open(cli_out).convert("RGB"), Image.open(served).convert("RGB")
    check("the served preview equals lumen edit --preview", a.size == b.size and a.tobytes() == b.tobytes(),
          f"{a.size} {b.size}")
stale = requests.put(f"{base}/v1/documents/{doc_id}", json={"upload": upload_id, "document": document},
                     headers={"If-Match": '"7"'})
check("a stale If-Match is refused", stale.status_code == 412, stale.text)
check("problems are problem+json", stale.headers["Content-Type"] == "application/problem+json")
fresh = requests.put(f"{base}/v1/documents/{doc_id}", json={"upload": upload_id, "document": document},
                     headers={"If-Match": created.headers["ETag"]})
check("a current If-Match saves revision 2", fresh.status_code == 200 and fresh.json()["revision"] == 2,
      fresh.text)


def follow(job_id):
    """The job's server-sent events, read as they come: [(event, data)]."""
    events, name = [], None
    with requests.get(f"{base}/v1/jobs/{job_id}/events", stream=True, timeout=120) as stream:
        check("events are an event stream",
              stream.headers["Content-Type"].startswith("text/event-stream"))
        for line in stream.iter_lines(decode_unicode=True):
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: "):
                events.append((name, json.loads(line[len("data: "):])))
    return events


# A photo export: progress events, then done; the bytes `lumen edit` writes.
job = requests.post(f"{base}/v1/jobs", json={"document": doc_id, "format": "jpeg",
                                             "encoding": {"quality": 90}})
check("photo job accepted", job.status_code == 202, job.text)
events = follow(job.json()["id"])
check("photo job ends done", events and events[-1][0] == "done", str(events[-3:]))
check("photo job reports progress", all(e == "progress" for e, _ in events[:-1])
      and all(0 <= d["progress"] <= 1 for _, d in events), str(events[:3]))
output = requests.get(f"{base}/v1/jobs/{job.json()['id']}/output")
with tempfile.TemporaryDirectory(dir=work) as folder:
    cli_out = lumen_edit(folder, "cli.jpg", ["--quality", "90"])
    check("the photo export equals lumen edit's", output.content == open(cli_out, "rb").read(),
          f"{len(output.content)} bytes")

# A short video: uploaded, previewed at a moment, exported with progress, and cancelled.
clip_path = os.path.join(samples, "demo", "coffee-clip.mp4")
clip_doc = json.load(open(os.path.join(samples, "demo", "clip-edit.json")))
clip = requests.post(f"{base}/v1/uploads", data=open(clip_path, "rb").read())
check("video upload", clip.status_code == 201 and clip.json()["kind"] == "video"
      and abs(clip.json()["duration"] - 2) < 0.1, clip.text)
video_doc = requests.post(f"{base}/v1/documents",
                          json={"upload": clip.json()["id"], "document": clip_doc}).json()["id"]
frame = requests.get(f"{base}/v1/documents/{video_doc}/preview", params={"time": 1, "format": "jpeg"})
check("video frame preview", frame.status_code == 200
      and frame.headers["Content-Type"] == "image/jpeg", frame.text[:300])
movie = requests.post(f"{base}/v1/jobs", json={"document": video_doc, "format": "mp4",
                                               "longSide": 320})
check("video job accepted", movie.status_code == 202, movie.text)
events = follow(movie.json()["id"])
check("video job ends done", events and events[-1][0] == "done", str(events[-3:]))
check("video job reports progress with an ETA",
      sum(1 for e, d in events if e == "progress" and d.get("eta") is not None) >= 2, str(events[:5]))
with tempfile.TemporaryDirectory(dir=work) as folder:
    served = os.path.join(folder, "served.mp4")
    open(served, "wb").write(requests.get(f"{base}/v1/jobs/{movie.json()['id']}/output").content)
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", served],
        capture_output=True, text=True, check=True).stdout)
    video = [s for s in probe["streams"] if s["codec_type"] == "video"][0]
    check("ffprobe reads the exported movie", video["codec_name"] == "h264"
          and video["width"] == 320 and abs(video["height"] - 320 * 320 / 480) <= 2
          and video["height"] % 2 == 0
          and abs(float(probe["format"]["duration"]) - 2) < 0.1, str(video)[:300])
slow = requests.post(f"{base}/v1/jobs", json={"document": video_doc,
                                              "encoding": {"codec": "hevc", "preset": "veryslow"}})
cancel = requests.delete(f"{base}/v1/jobs/{slow.json()['id']}")
check("a job is cancelled", cancel.status_code == 202, cancel.text)
events = follow(slow.json()["id"])
check("a cancelled job's stream ends cancelled", events and events[-1][0] == "cancelled", str(events[-2:]))
check("a cancelled job has no output",
      requests.get(f"{base}/v1/jobs/{slow.json()['id']}/output").status_code == 409)

# /metrics as Prometheus reads it: per-route latency histograms, job and session gauges.
from prometheus_client.parser import text_string_to_metric_families
families = {f.name: f for f in text_string_to_metric_families(requests.get(f"{base}/metrics").text)}
latency = families.get("lumen_request_duration_seconds")
check("metrics: a latency histogram", latency is not None and latency.type == "histogram",
      str(families.keys()))
previews = [s for s in (latency.samples if latency else [])
            if s.name.endswith("_count") and s.labels.get("route") == "/v1/documents/{id}/preview"]
check("metrics: previews counted under their route, not their ids",
      previews and previews[0].value >= 2, str(previews))
check("metrics: requests by status", any(s.labels.get("status") == "201"
                                         for s in families["lumen_requests"].samples))
for gauge in ["lumen_jobs_queued", "lumen_jobs_running", "lumen_preview_sessions",
              "process_resident_memory_bytes"]:
    check(f"metrics: {gauge}", gauge in families and families[gauge].type == "gauge")
check("the server stops on SIGTERM", lumen_server.stop(server) == 128 + signal.SIGTERM)

print(json.dumps(results))
sys.exit(1 if results["failures"] else 0)
