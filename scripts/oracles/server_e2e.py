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

lumen, samples, work = sys.argv[1], sys.argv[2], sys.argv[3]
results = {"checks": [], "failures": []}


def check(name, ok, detail=""):
    results["checks"].append(name)
    if not ok:
        results["failures"].append(f"{name}: {detail}")


def start(data):
    server = subprocess.Popen(
        [lumen, "serve", "--listen", "127.0.0.1:0", "--data", data],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = server.stdout.readline().decode()
    match = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not match:
        server.kill()
        raise SystemExit(f"lumen serve did not start: {line} {server.stderr.read().decode()}")
    return server, f"http://127.0.0.1:{match.group(1)}"


def stop(server):
    server.send_signal(signal.SIGTERM)
    return server.wait(timeout=60)


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
check("the server survives schemathesis", stop(server) == 128 + signal.SIGTERM)

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
# The same preview from the command line: the same document, the same pixels.
with tempfile.TemporaryDirectory(dir=work) as folder:
    doc_file = os.path.join(folder, "doc.json")
    json.dump(document, open(doc_file, "w"))
    cli_out = os.path.join(folder, "cli.png")
    subprocess.run([lumen, "edit", photo_path, "--doc", doc_file, "--preview", "320", "-o", cli_out],
                   check=True)
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
metrics = requests.get(f"{base}/metrics").text
check("metrics count requests", 'lumen_requests_total{status="201"}' in metrics, metrics[:300])
check("the server stops on SIGTERM", stop(server) == 128 + signal.SIGTERM)

print(json.dumps(results))
sys.exit(1 if results["failures"] else 0)
